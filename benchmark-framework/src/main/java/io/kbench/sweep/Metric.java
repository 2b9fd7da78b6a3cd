package io.kbench.sweep;

import com.fasterxml.jackson.databind.JsonNode;

/** The figures of the sweep table, as read from each run's result JSON. */
public enum Metric {
    PUBLISH_RATE("msg/s", "publish_msg_per_s", new String[] {"publishRate"}, 1, 0, true),
    PUBLISH_MBPS("MB/s", "publish_MB_per_s", new String[] {"publishMBps"}, 1, 2, false),
    PUBLISH_AVG("pub avg (ms)", "publish_latency_avg_ms", new String[] {"publishLatency", "avgMicros"}, 1e-3, 2, false),
    PUBLISH_P50("pub p50 (ms)", "publish_latency_p50_ms", new String[] {"publishLatency", "p50Micros"}, 1e-3, 2, false),
    PUBLISH_P95("pub p95 (ms)", "publish_latency_p95_ms", new String[] {"publishLatency", "p95Micros"}, 1e-3, 2, false),
    PUBLISH_P99("pub p99 (ms)", "publish_latency_p99_ms", new String[] {"publishLatency", "p99Micros"}, 1e-3, 2, false),
    PUBLISH_P999("pub p99.9 (ms)", "publish_latency_p99.9_ms", new String[] {"publishLatency", "p999Micros"}, 1e-3, 2, false),
    PUBLISH_MAX("pub max (ms)", "publish_latency_max_ms", new String[] {"publishLatency", "maxMicros"}, 1e-3, 2, false),
    END_TO_END_P99("e2e p99 (ms)", "end_to_end_latency_p99_ms", new String[] {"endToEndLatency", "p99Micros"}, 1e-3, 2, false);

    /** Markdown column header, with its unit. */
    public final String header;
    /** CSV column name stem, with its unit. */
    public final String csvName;
    private final String[] path;
    private final double scale;
    final int decimals;
    final boolean grouped;

    Metric(String header, String csvName, String[] path, double scale, int decimals, boolean grouped) {
        this.header = header;
        this.csvName = csvName;
        this.path = path;
        this.scale = scale;
        this.decimals = decimals;
        this.grouped = grouped;
    }

    /**
     * The figure of one result, in the column's unit, or null when the result has none (e.g.
     * end-to-end latency of a run without consumers).
     *
     * @param measurement the result's {@code measurement} object
     */
    public Double read(JsonNode measurement) {
        if (measurement == null || measurement.isNull()) {
            return null;
        }
        JsonNode node = measurement;
        for (String p : path) {
            node = node.path(p);
        }
        if (!node.isNumber()) {
            return null;
        }
        if (path.length == 2) {
            // A latency summary without samples has all figures 0: no figure, rather than a false 0 ms.
            JsonNode count = measurement.path(path[0]).path("count");
            if (count.isNumber() && count.asLong() == 0) {
                return null;
            }
        }
        return node.asDouble() * scale;
    }
}
