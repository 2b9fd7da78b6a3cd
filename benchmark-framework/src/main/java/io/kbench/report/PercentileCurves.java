package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.stats.HistogramCodec;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A run's latency percentile curves on the {@link NinesAxis}, in milliseconds, one value per axis
 * position (null where the run has no such latency).
 *
 * <p>Computed here, in Java, from the result's serialized HdrHistograms with HdrHistogram itself: the
 * curves are then the same numbers as the tool's own summaries, the page needs no decoder of
 * HdrHistogram's compressed format (nor a second library), and 101 points per curve weigh far less
 * than the histograms. OMB's result files have no histograms: their curves come from the
 * {@code aggregated*Quantiles} maps, and {@link #fromHistograms} is false.
 *
 * @param publish ack − intended send (null for OMB results: OMB does not measure it)
 * @param send ack − actual send (for OMB results: OMB's "publish" latency, which is this)
 * @param endToEnd consume − intended send (OMB: consume − send)
 * @param fromHistograms true when drawn from HdrHistograms, false from a rounded quantile map
 */
public record PercentileCurves(Double[] publish, Double[] send, Double[] endToEnd, boolean fromHistograms) {

    /** From a kbench result's {@code measurement.histograms}; all null when it has none (e.g. failed before measuring). */
    static PercentileCurves fromKbench(JsonNode root) {
        JsonNode h = root.path("measurement").path("histograms");
        return new PercentileCurves(curve(h.path("publishLatencyMicros")), curve(h.path("sendLatencyMicros")),
                curve(h.path("endToEndLatencyMicros")), true);
    }

    /** From an OMB result's quantile maps (percentile → ms). */
    static PercentileCurves fromOmb(JsonNode root) {
        return new PercentileCurves(null, quantileCurve(root.path("aggregatedPublishLatencyQuantiles")),
                quantileCurve(root.path("aggregatedEndToEndLatencyQuantiles")), false);
    }

    /** The curve of one base64 HdrHistogram in µs, as ms; null when absent or empty. */
    static Double[] curve(JsonNode encoded) {
        if (!encoded.isTextual()) {
            return null;
        }
        Histogram h = HistogramCodec.decode(encoded.asText());
        if (h.getTotalCount() == 0) {
            return null;
        }
        double[] x = NinesAxis.positions();
        Double[] y = new Double[x.length];
        for (int i = 0; i < x.length; i++) {
            long micros = x[i] == 0 ? h.getMinValue() : h.getValueAtPercentile(NinesAxis.percentile(x[i]));
            y[i] = micros / 1_000.0;
        }
        return y;
    }

    /**
     * The curve of a quantile map: at each position, the value of the first listed percentile at or
     * above it (as HdrHistogram reads a percentile), else the highest listed.
     */
    static Double[] quantileCurve(JsonNode quantiles) {
        if (!quantiles.isObject() || quantiles.isEmpty()) {
            return null;
        }
        TreeMap<Double, Double> map = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = quantiles.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            try {
                map.put(Double.parseDouble(e.getKey()), e.getValue().asDouble());
            } catch (NumberFormatException ignored) {
                // not a percentile key: skip it
            }
        }
        if (map.isEmpty()) {
            return null;
        }
        double[] x = NinesAxis.positions();
        Double[] y = new Double[x.length];
        for (int i = 0; i < x.length; i++) {
            Map.Entry<Double, Double> at = map.ceilingEntry(NinesAxis.percentile(x[i]) - 1e-9);
            y[i] = (at != null ? at : map.lastEntry()).getValue();
        }
        return y;
    }
}
