package io.kbench.sweep;

import io.kbench.model.Measurement;
import io.kbench.stats.LatencySummary;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** The figures of the sweep table, as read from each run's measurement. */
public enum Metric {
    PUBLISH_RATE("msg/s", "publish_msg_per_s", Measurement::publishRate, 0, true),
    PUBLISH_MBPS("MB/s", "publish_MB_per_s", Measurement::publishMBps, 2, false),
    PUBLISH_AVG("pub avg (ms)", "publish_latency_avg_ms", publish(LatencySummary::avgMicros), 2, false),
    PUBLISH_P50("pub p50 (ms)", "publish_latency_p50_ms", publish(LatencySummary::p50Micros), 2, false),
    PUBLISH_P95("pub p95 (ms)", "publish_latency_p95_ms", publish(LatencySummary::p95Micros), 2, false),
    PUBLISH_P99("pub p99 (ms)", "publish_latency_p99_ms", publish(LatencySummary::p99Micros), 2, false),
    PUBLISH_P999("pub p99.9 (ms)", "publish_latency_p99.9_ms", publish(LatencySummary::p999Micros), 2, false),
    PUBLISH_MAX("pub max (ms)", "publish_latency_max_ms", publish(LatencySummary::maxMicros), 2, false),
    END_TO_END_P99("e2e p99 (ms)", "end_to_end_latency_p99_ms", millis(Measurement::endToEndLatency, LatencySummary::p99Micros), 2, false),
    // Consumers that cannot keep up (a scale-out's small groups) show here, not in the publish rate.
    CONSUME_RATE("cons msg/s", "consume_msg_per_s", m -> m.counts() == null || m.counts().messagesReceived() == 0 ? null : m.consumeRate(), 0,
            true);

    /** Markdown column header, with its unit. */
    public final String header;
    /** CSV column name stem, with its unit. */
    public final String csvName;
    private final Function<Measurement, Double> figure;
    final int decimals;
    final boolean grouped;

    Metric(String header, String csvName, Function<Measurement, Double> figure, int decimals, boolean grouped) {
        this.header = header;
        this.csvName = csvName;
        this.figure = figure;
        this.decimals = decimals;
        this.grouped = grouped;
    }

    /**
     * The figure of one result, in the column's unit, or null when the result has none (e.g.
     * end-to-end latency of a run without consumers).
     *
     * @param measurement the result's measurement, or null
     */
    public Double read(Measurement measurement) {
        return measurement == null ? null : figure.apply(measurement);
    }

    private static Function<Measurement, Double> publish(ToDoubleFunction<LatencySummary> micros) {
        return millis(Measurement::publishLatency, micros);
    }

    /** A latency figure in ms; none (rather than a false 0 ms) for a summary without samples. */
    private static Function<Measurement, Double> millis(Function<Measurement, LatencySummary> latency, ToDoubleFunction<LatencySummary> micros) {
        return m -> {
            LatencySummary s = latency.apply(m);
            return s == null || s.count() == 0 ? null : micros.applyAsDouble(s) * 1e-3;
        };
    }
}
