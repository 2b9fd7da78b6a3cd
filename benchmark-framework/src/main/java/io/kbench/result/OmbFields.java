package io.kbench.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.model.Measurement;
import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencySummary;
import io.kbench.workload.Workload;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Writes the fields of OpenMessaging Benchmark's result file, so OMB's charting scripts read ours.
 * As in OMB, {@code publishLatency*} and {@code endToEndLatency*} are in milliseconds and
 * {@code publishDelayLatency*} in microseconds; the per-period lists cover the measured phase only.
 * One difference, by our measurement contract: {@code publishLatency} is ack − intended send time;
 * OMB's (ack − actual send) is our {@code sendLatency}.
 *
 * <p>Also the fields the Redpanda fork's scripts (generate_charts.py, its test harness) read:
 * {@code version}, {@code beginTime}, {@code endTime}, {@code sampleRateMillis}, the per-period
 * {@code sent} and {@code consumed} counts, {@code publishLatencyMin}, {@code endToEndLatencyMin} and
 * {@code scheduleLatency*} (their name for schedule delay, in milliseconds like their other latencies).
 */
public final class OmbFields {

    /** OMB's percentile suffixes, with the percentile each stands for. */
    private static final List<Object[]> SUFFIXES = List.of(
            new Object[] {"Avg", -1.0},
            new Object[] {"50pct", 50.0},
            new Object[] {"75pct", 75.0},
            new Object[] {"95pct", 95.0},
            new Object[] {"99pct", 99.0},
            new Object[] {"999pct", 99.9},
            new Object[] {"9999pct", 99.99},
            new Object[] {"99999pct", 99.999},
            new Object[] {"Max", 100.0});

    /** A Kafka version in a cluster's description, e.g. "local Kafka 4.3.1, 1 broker at ...". */
    private static final Pattern KAFKA_VERSION = Pattern.compile("Kafka \\d+(\\.\\d+)+");

    private OmbFields() {}

    /**
     * The Redpanda fork's {@code version}, which its chart scripts use to label a series (version, driver,
     * workload): the user's --service-version, else the cluster's version where the run knows it (else the
     * driver's name) and the run's start, so two runs of one workload never share a label.
     */
    static String serviceVersion(RunResult result) {
        String given = result.versions() == null ? null : result.versions().get(SERVICE_VERSION);
        if (given != null && !given.isBlank()) {
            return given;
        }
        Matcher m = KAFKA_VERSION.matcher(result.cluster() == null ? "" : result.cluster());
        String what = m.find() ? m.group() : result.driverName();
        return what + " " + Instant.ofEpochMilli(result.startEpochMillis()).truncatedTo(ChronoUnit.SECONDS);
    }

    /** The key of the user's label (--service-version) in a result's versions. */
    public static final String SERVICE_VERSION = "service";

    static void write(ObjectNode root, RunResult result) {
        Workload w = result.workload();
        root.put("workload", w.name());
        root.put("driver", result.driverName());
        root.put("messageSize", w.messageSize());
        root.put("topics", w.topics());
        root.put("partitions", w.partitionsPerTopic());
        root.put("producersPerTopic", w.producersPerTopic());
        root.put("consumersPerTopic", w.consumerPerSubscription());

        List<PeriodSummary> measured = result.periods().stream().filter(p -> p.phase().measured()).toList();
        // The Redpanda fork labels runs with these; endTime is also written (the same value) by ResultDocument.
        root.put("version", serviceVersion(result));
        root.put("beginTime", Instant.ofEpochMilli(result.startEpochMillis()).toString());
        root.put("endTime", Instant.ofEpochMilli(result.endEpochMillis()).toString());
        root.put("sampleRateMillis", result.sampleIntervalMillis());
        ArrayNode sent = root.putArray("sent");
        measured.forEach(p -> sent.add(p.scheduleDelay().count())); // one schedule-delay sample per message sent
        ArrayNode consumed = root.putArray("consumed");
        measured.forEach(p -> consumed.add(Math.round(p.consumeRate() * p.durationMicros() / 1e6)));
        series(root, "publishRate", measured, PeriodSummary::publishRate);
        series(root, "publishErrorRate", measured, PeriodSummary::publishErrorRate);
        series(root, "consumeRate", measured, PeriodSummary::consumeRate);
        ArrayNode backlog = root.putArray("backlog");
        measured.forEach(p -> backlog.add(p.backlogMessages()));

        latencySeries(root, "publishLatency", measured, PeriodSummary::publishLatency, true);
        latencySeries(root, "publishDelayLatency", measured, PeriodSummary::scheduleDelay, false);
        latencySeries(root, "endToEndLatency", measured, PeriodSummary::endToEndLatency, true);
        minSeries(root, "publishLatencyMin", measured, PeriodSummary::publishLatency);
        minSeries(root, "endToEndLatencyMin", measured, PeriodSummary::endToEndLatency);
        minSeries(root, "scheduleLatencyMin", measured, PeriodSummary::scheduleDelay);
        latencySeries(root, "scheduleLatency", measured, PeriodSummary::scheduleDelay, true);

        Measurement m = result.measurement();
        LatencySummary none = LatencySummary.EMPTY;
        aggregated(root, "aggregatedPublishLatency", m == null ? none : m.publishLatency(), true);
        aggregated(root, "aggregatedPublishDelayLatency", m == null ? none : m.scheduleDelay(), false);
        aggregated(root, "aggregatedEndToEndLatency", m == null ? none : m.endToEndLatency(), true);
        quantiles(root.putObject("aggregatedPublishLatencyQuantiles"), m == null ? null : m.histograms().publish(), true);
        quantiles(root.putObject("aggregatedPublishDelayLatencyQuantiles"), m == null ? null : m.histograms().scheduleDelay(), false);
        quantiles(root.putObject("aggregatedEndToEndLatencyQuantiles"), m == null ? null : m.histograms().endToEnd(), true);
    }


    private static void minSeries(ObjectNode root, String name, List<PeriodSummary> periods,
                                  Function<PeriodSummary, LatencySummary> latency) {
        ArrayNode array = root.putArray(name);
        periods.forEach(p -> addValue(array, latency.apply(p).minMicros(), true));
    }

    private static void series(ObjectNode root, String name, List<PeriodSummary> periods, ToDoubleFunction<PeriodSummary> value) {
        ArrayNode array = root.putArray(name);
        periods.forEach(p -> array.add(value.applyAsDouble(p)));
    }

    private static void latencySeries(ObjectNode root, String prefix, List<PeriodSummary> periods,
                                      Function<PeriodSummary, LatencySummary> latency, boolean millis) {
        for (Object[] suffix : SUFFIXES) {
            ArrayNode array = root.putArray(prefix + suffix[0]);
            for (PeriodSummary p : periods) {
                addValue(array, figure(latency.apply(p), (double) suffix[1]), millis);
            }
        }
    }

    private static void aggregated(ObjectNode root, String prefix, LatencySummary summary, boolean millis) {
        for (Object[] suffix : SUFFIXES) {
            double micros = figure(summary, (double) suffix[1]);
            if (millis) {
                root.put(prefix + suffix[0], micros / 1_000.0);
            } else {
                root.put(prefix + suffix[0], Math.round(micros));
            }
        }
    }

    private static double figure(LatencySummary s, double percentile) {
        return percentile < 0 ? s.avgMicros() : s.atPercentileMicros(percentile);
    }

    private static void addValue(ArrayNode array, double micros, boolean millis) {
        if (millis) {
            array.add(micros / 1_000.0);
        } else {
            array.add(Math.round(micros));
        }
    }

    private static void quantiles(ObjectNode node, Histogram histogram, boolean millis) {
        if (histogram == null || histogram.getTotalCount() == 0) {
            return;
        }
        for (HistogramIterationValue v : histogram.percentiles(5)) {
            long micros = v.getValueIteratedTo();
            String key = Double.toString(v.getPercentileLevelIteratedTo());
            if (millis) {
                node.put(key, micros / 1_000.0);
            } else {
                node.put(key, micros);
            }
        }
    }
}
