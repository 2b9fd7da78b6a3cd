package io.kbench.report;

import io.kbench.model.Measurement;
import io.kbench.result.OmbResult;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A run's latency percentile curves on the {@link NinesAxis}, in milliseconds, one value per axis
 * position (null where the run has no such latency).
 *
 * <p>Computed here, in Java, from the result's HdrHistograms with HdrHistogram itself: the curves are then
 * the same numbers as the tool's own summaries, the page needs no decoder of HdrHistogram's compressed
 * format (nor a second library), and 101 points per curve weigh far less than the histograms. OMB's
 * result files have no histograms: their curves come from the {@code aggregated*Quantiles} maps, and
 * {@link #fromHistograms} is false.
 *
 * @param publish ack − intended send (null for OMB results: OMB does not measure it)
 * @param send ack − actual send (for OMB results: OMB's "publish" latency, which is this)
 * @param endToEnd consume − intended send (OMB: consume − send)
 * @param fromHistograms true when drawn from HdrHistograms, false from a rounded quantile map
 */
public record PercentileCurves(Double[] publish, Double[] send, Double[] endToEnd, boolean fromHistograms) {

    /** From a kbench result's measurement; all null when it has none (e.g. failed before measuring). */
    static PercentileCurves fromKbench(Measurement m) {
        if (m == null) {
            return new PercentileCurves(null, null, null, true);
        }
        return new PercentileCurves(curve(m.histograms().publish()), curve(m.histograms().send()),
                curve(m.histograms().endToEnd()), true);
    }

    /** From an OMB result's quantile maps (percentile → ms). */
    static PercentileCurves fromOmb(OmbResult r) {
        return new PercentileCurves(null, quantileCurve(r.aggregatedPublishLatencyQuantiles()),
                quantileCurve(r.aggregatedEndToEndLatencyQuantiles()), false);
    }

    /** The curve of one HdrHistogram in µs, as ms; null when empty. */
    static Double[] curve(Histogram h) {
        if (h == null || h.getTotalCount() == 0) {
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
    static Double[] quantileCurve(Map<String, Double> quantiles) {
        TreeMap<Double, Double> map = new TreeMap<>();
        if (quantiles != null) {
            quantiles.forEach((percentile, value) -> {
                try {
                    map.put(Double.parseDouble(percentile), value);
                } catch (NumberFormatException ignored) {
                    // not a percentile key: skip it
                }
            });
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
