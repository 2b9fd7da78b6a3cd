package io.kbench.report;

import io.kbench.result.OmbPercentiles;
import io.kbench.stats.LatencySummary;

/**
 * A latency summary in milliseconds, from either result format; a figure is null when the run has none.
 */
public record LatencyMillis(Double avg, Double p50, Double p95, Double p99, Double p999, Double max, long count) {

    static final LatencyMillis NONE = new LatencyMillis(null, null, null, null, null, null, 0);

    /** From one of kbench's summaries in µs ({@code measurement.publishLatency} etc.); NONE without samples. */
    static LatencyMillis fromMicros(LatencySummary s) {
        if (s == null || s.count() == 0) {
            return NONE;
        }
        return new LatencyMillis(s.avgMicros() / 1_000.0, s.p50Micros() / 1_000.0, s.p95Micros() / 1_000.0,
                s.p99Micros() / 1_000.0, s.p999Micros() / 1_000.0, s.maxMicros() / 1_000.0, s.count());
    }

    /** From OMB's {@code aggregated<latency>*} figures in ms; NONE when absent. */
    static LatencyMillis fromOmb(OmbPercentiles<Double> p) {
        if (p == null || p.p50() == null) {
            return NONE;
        }
        return new LatencyMillis(p.avg(), p.p50(), p.p95(), p.p99(), p.p999(), p.max(), -1);
    }

    boolean present() {
        return p50 != null;
    }
}
