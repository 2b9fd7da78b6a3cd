package io.kbench.sweep;

import io.kbench.model.Measurement;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.result.RunResult;
import io.kbench.stats.LatencySummary;
import io.kbench.plan.TopicSetup;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** The figures of the sweep table, as read from each run's result. */
public enum Metric {
    PUBLISH_RATE("msg/s", "publish_msg_per_s", measured(Measurement::publishRate), 0, true),
    PUBLISH_MBPS("MB/s", "publish_MB_per_s", measured(Measurement::publishMBps), 2, false),
    PUBLISH_AVG("pub avg (ms)", "publish_latency_avg_ms", publish(LatencySummary::avgMicros), 2, false),
    PUBLISH_P50("pub p50 (ms)", "publish_latency_p50_ms", publish(LatencySummary::p50Micros), 2, false),
    PUBLISH_P95("pub p95 (ms)", "publish_latency_p95_ms", publish(LatencySummary::p95Micros), 2, false),
    PUBLISH_P99("pub p99 (ms)", "publish_latency_p99_ms", publish(LatencySummary::p99Micros), 2, false),
    PUBLISH_P999("pub p99.9 (ms)", "publish_latency_p99.9_ms", publish(LatencySummary::p999Micros), 2, false),
    PUBLISH_MAX("pub max (ms)", "publish_latency_max_ms", publish(LatencySummary::maxMicros), 2, false),
    END_TO_END_P99("e2e p99 (ms)", "end_to_end_latency_p99_ms", millis(Measurement::endToEndLatency, LatencySummary::p99Micros), 2, false),
    // Consumers that cannot keep up (a scale-out's small groups) show here, not in the publish rate.
    CONSUME_RATE("cons msg/s", "consume_msg_per_s", measured(m -> m.counts() == null || m.counts().messagesReceived() == 0 ? null
            : m.consumeRate()), 0, true),
    // What the run's setup took and what the tool cost: they grow with partitions (docs/guide/large-clusters.md).
    SETUP("setup (s)", "topic_setup_s", r -> r.section(TopicSetup.class) == null ? null
            : r.section(TopicSetup.class).createMillis() / 1e3, 1, false),
    READY("ready (s)", "consumers_ready_s", r -> r.timeline() == null || r.timeline().rebalanceTimeMillis() <= 0 ? null
            : r.timeline().rebalanceTimeMillis() / 1e3, 1, false),
    // The workermemory feature's section, read as JSON (the engine imports no feature).
    TOOL_RSS("tool RSS (MiB)", "tool_peak_rss_MiB", r -> largestOfWorkers(r, "peakRssBytes"), 0, true),
    // The run's own live data (its clients' buffers, integrity state, histograms), whatever the JVM kept committed before.
    LIVE_HEAP("live heap (MiB)", "worker_live_heap_MiB", r -> largestOfWorkers(r, "liveHeapBytes"), 0, true),
    // The cost feature's section of a run given --prices, read as JSON: none without prices, or when not priced.
    COST("$/MB/s-month", "usd_per_MBps_month", r -> {
        JsonNode cost = r.sectionJson("cost");
        return cost == null || !cost.path("usdPerMBpsMonth").isNumber() ? null : cost.get("usdPerMBpsMonth").asDouble();
    }, 2, true),
    // The zones feature's section, read as JSON: none when the workers' zones or the brokers' racks were unknown.
    FETCH_CROSS_ZONE("fetch across zones (%)", "fetch_cross_zone_percent", r -> {
        JsonNode zones = r.sectionJson("zones");
        JsonNode share = zones == null ? null : zones.path("fetch").path("crossZoneShare");
        return share == null || !share.isNumber() ? null : share.asDouble() * 100;
    }, 1, false);

    /** Markdown column header, with its unit. */
    public final String header;
    /** CSV column name stem, with its unit. */
    public final String csvName;
    private final Function<RunResult, Double> figure;
    final int decimals;
    final boolean grouped;

    Metric(String header, String csvName, Function<RunResult, Double> figure, int decimals, boolean grouped) {
        this.header = header;
        this.csvName = csvName;
        this.figure = figure;
        this.decimals = decimals;
        this.grouped = grouped;
    }

    /**
     * The figure of one result, in the column's unit, or null when the result has none (e.g.
     * end-to-end latency of a run without consumers).
     */
    public Double read(RunResult result) {
        return result == null ? null : figure.apply(result);
    }

    /** The largest of the workers' {@code field} in the workerMemory section, in MiB; null without it or when unknown (-1). */
    private static Double largestOfWorkers(RunResult r, String field) {
        JsonNode memory = r.sectionJson("workerMemory");
        if (memory == null || !memory.path("workers").isArray()) {
            return null;
        }
        long largest = -1;
        for (JsonNode w : memory.path("workers")) {
            largest = Math.max(largest, w.path(field).asLong(-1));
        }
        return largest < 0 ? null : largest / (double) (1 << 20);
    }

    private static Function<RunResult, Double> measured(Function<Measurement, Double> figure) {
        return r -> r.measurement() == null ? null : figure.apply(r.measurement());
    }

    private static Function<RunResult, Double> publish(ToDoubleFunction<LatencySummary> micros) {
        return millis(Measurement::publishLatency, micros);
    }

    /** A latency figure in ms; none (rather than a false 0 ms) for a summary without samples. */
    private static Function<RunResult, Double> millis(Function<Measurement, LatencySummary> latency, ToDoubleFunction<LatencySummary> micros) {
        return measured(m -> {
            LatencySummary s = latency.apply(m);
            return s == null || s.count() == 0 ? null : micros.applyAsDouble(s) * 1e-3;
        });
    }
}
