package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A latency summary in milliseconds, from either result format; a figure is null when the run has none.
 */
public record LatencyMillis(Double avg, Double p50, Double p95, Double p99, Double p999, Double max, long count) {

    static final LatencyMillis NONE = new LatencyMillis(null, null, null, null, null, null, 0);

    /** From one of kbench's summaries in µs ({@code measurement.publishLatency} etc.); NONE without samples. */
    static LatencyMillis fromMicros(JsonNode s) {
        long count = s.path("count").asLong(0);
        if (count == 0) {
            return NONE;
        }
        return new LatencyMillis(ms(s, "avgMicros"), ms(s, "p50Micros"), ms(s, "p95Micros"), ms(s, "p99Micros"),
                ms(s, "p999Micros"), ms(s, "maxMicros"), count);
    }

    /** From OMB's {@code aggregated<prefix>*} fields in ms; NONE when absent. */
    static LatencyMillis fromOmb(JsonNode root, String prefix) {
        Double p50 = num(root.path(prefix + "50pct"));
        if (p50 == null) {
            return NONE;
        }
        return new LatencyMillis(num(root.path(prefix + "Avg")), p50, num(root.path(prefix + "95pct")), num(root.path(prefix + "99pct")),
                num(root.path(prefix + "999pct")), num(root.path(prefix + "Max")), -1);
    }

    boolean present() {
        return p50 != null;
    }

    private static Double ms(JsonNode s, String field) {
        JsonNode v = s.path(field);
        return v.isNumber() ? v.asDouble() / 1_000.0 : null;
    }

    static Double num(JsonNode v) {
        return v != null && v.isNumber() ? v.asDouble() : null;
    }
}
