package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kbench.model.Measurement;
import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencySummary;
import io.kbench.workload.Workload;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The fields of OpenMessaging Benchmark's result file, so OMB's charting scripts read ours, and so the
 * report reads OMB's own files. In a kbench result they are derived from the measured periods and the
 * measurement when written. As in OMB, {@code publishLatency*} and {@code endToEndLatency*} are in
 * milliseconds and {@code publishDelayLatency*} in microseconds; the per-period lists cover the measured
 * phases only. One difference, by our measurement contract: {@code publishLatency} is ack − intended send
 * time; OMB's (ack − actual send) is our {@code sendLatency}.
 *
 * <p>Also the fields the Redpanda fork's scripts (generate_charts.py, its test harness) read:
 * {@code version}, {@code beginTime}, {@code endTime}, {@code sampleRateMillis}, the per-period
 * {@code sent} and {@code consumed} counts, {@code publishLatencyMin}, {@code endToEndLatencyMin} and
 * {@code scheduleLatency*} (their name for schedule delay, in milliseconds like their other latencies).
 * A file may lack any of them (null here).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OmbResult(
        String workload,
        String driver,
        Integer messageSize,
        Integer topics,
        Integer partitions,
        Integer producersPerTopic,
        Integer consumersPerTopic,
        String version,
        String beginTime,
        String endTime,
        Long sampleRateMillis,
        List<Long> sent,
        List<Long> consumed,
        List<Double> publishRate,
        List<Double> publishErrorRate,
        List<Double> consumeRate,
        List<Long> backlog,
        @JsonUnwrapped(prefix = "publishLatency") OmbPercentiles<List<Double>> publishLatency,
        @JsonUnwrapped(prefix = "publishDelayLatency") OmbPercentiles<List<Long>> publishDelayLatency,
        @JsonUnwrapped(prefix = "endToEndLatency") OmbPercentiles<List<Double>> endToEndLatency,
        List<Double> publishLatencyMin,
        List<Double> endToEndLatencyMin,
        List<Double> scheduleLatencyMin,
        @JsonUnwrapped(prefix = "scheduleLatency") OmbPercentiles<List<Double>> scheduleLatency,
        @JsonUnwrapped(prefix = "aggregatedPublishLatency") OmbPercentiles<Double> aggregatedPublishLatency,
        @JsonUnwrapped(prefix = "aggregatedPublishDelayLatency") OmbPercentiles<Long> aggregatedPublishDelayLatency,
        @JsonUnwrapped(prefix = "aggregatedEndToEndLatency") OmbPercentiles<Double> aggregatedEndToEndLatency,
        Map<String, Double> aggregatedPublishLatencyQuantiles,
        Map<String, Long> aggregatedPublishDelayLatencyQuantiles,
        Map<String, Double> aggregatedEndToEndLatencyQuantiles) {

    /** The key of the user's label (--service-version) in a result's versions. */
    public static final String SERVICE_VERSION = "service";

    /** A Kafka version in a cluster's description, e.g. "local Kafka 4.3.1, 1 broker at ...". */
    private static final Pattern KAFKA_VERSION = Pattern.compile("Kafka \\d+(\\.\\d+)+");

    /** The OMB fields of a kbench result. */
    static OmbResult of(RunResult r) {
        Workload w = r.identity().workload();
        List<PeriodSummary> measured = r.timeline().measuredPeriods();
        Measurement m = r.measurement();
        Instant start = r.timeline().startTime();
        return new OmbResult(w.name(), r.identity().driverInfo().name(), w.messageSize(), w.topics(), w.partitionsPerTopic(),
                w.producersPerTopic(), w.consumerPerSubscription(), serviceVersion(r), start.toString(),
                r.timeline().endTime().toString(), r.timeline().sampleIntervalMillis(),
                // one schedule-delay sample per message sent
                longs(measured, p -> p.scheduleDelay().count()),
                longs(measured, p -> Math.round(p.consumeRate() * p.durationMicros() / 1e6)),
                doubles(measured, PeriodSummary::publishRate), doubles(measured, PeriodSummary::publishErrorRate),
                doubles(measured, PeriodSummary::consumeRate), longs(measured, PeriodSummary::backlogMessages),
                OmbPercentiles.of(pct -> millis(measured, p -> figure(p.publishLatency(), pct))),
                OmbPercentiles.of(pct -> longs(measured, p -> Math.round(figure(p.scheduleDelay(), pct)))),
                OmbPercentiles.of(pct -> millis(measured, p -> figure(p.endToEndLatency(), pct))),
                millis(measured, p -> p.publishLatency().minMicros()), millis(measured, p -> p.endToEndLatency().minMicros()),
                millis(measured, p -> p.scheduleDelay().minMicros()),
                OmbPercentiles.of(pct -> millis(measured, p -> figure(p.scheduleDelay(), pct))),
                OmbPercentiles.of(pct -> figure(m == null ? LatencySummary.EMPTY : m.publishLatency(), pct) / 1_000.0),
                OmbPercentiles.of(pct -> Math.round(figure(m == null ? LatencySummary.EMPTY : m.scheduleDelay(), pct))),
                OmbPercentiles.of(pct -> figure(m == null ? LatencySummary.EMPTY : m.endToEndLatency(), pct) / 1_000.0),
                quantiles(m == null ? null : m.histograms().publish(), v -> v / 1_000.0),
                quantiles(m == null ? null : m.histograms().scheduleDelay(), v -> v),
                quantiles(m == null ? null : m.histograms().endToEnd(), v -> v / 1_000.0));
    }

    /**
     * The Redpanda fork's {@code version}, which its chart scripts use to label a series (version, driver,
     * workload): the user's --service-version, else the cluster's version where the run knows it (else the
     * driver's name) and the run's start, so two runs of one workload never share a label.
     */
    static String serviceVersion(RunResult r) {
        Map<String, String> versions = r.identity().versions();
        String given = versions == null ? null : versions.get(SERVICE_VERSION);
        if (given != null && !given.isBlank()) {
            return given;
        }
        Matcher matcher = KAFKA_VERSION.matcher(r.identity().cluster() == null ? "" : r.identity().cluster());
        String what = matcher.find() ? matcher.group() : r.identity().driverInfo().name();
        return what + " " + r.timeline().startTime().truncatedTo(ChronoUnit.SECONDS);
    }

    private static double figure(LatencySummary s, double percentile) {
        return percentile < 0 ? s.avgMicros() : s.atPercentileMicros(percentile);
    }

    private static List<Double> millis(List<PeriodSummary> periods, ToDoubleFunction<PeriodSummary> micros) {
        return periods.stream().map(p -> micros.applyAsDouble(p) / 1_000.0).toList();
    }

    private static List<Double> doubles(List<PeriodSummary> periods, ToDoubleFunction<PeriodSummary> value) {
        return periods.stream().map(value::applyAsDouble).toList();
    }

    private static List<Long> longs(List<PeriodSummary> periods, Function<PeriodSummary, Long> value) {
        return periods.stream().map(value).toList();
    }

    /** Percentile (e.g. "99.0") → value, at the levels where HdrHistogram's percentile iterator moves on; empty without samples. */
    private static <T> Map<String, T> quantiles(Histogram histogram, Function<Long, T> value) {
        Map<String, T> out = new LinkedHashMap<>();
        if (histogram != null && histogram.getTotalCount() > 0) {
            for (HistogramIterationValue v : histogram.percentiles(5)) {
                out.put(Double.toString(v.getPercentileLevelIteratedTo()), value.apply(v.getValueIteratedTo()));
            }
        }
        return out;
    }
}
