package io.kbench.stats;

import org.HdrHistogram.Histogram;

/**
 * The usual latency figures of one histogram, all in microseconds. An empty histogram gives a
 * summary with {@code count} 0 and all figures 0. {@code minMicros} is last so that it could be
 * added without changing the order of the others (the Redpanda fork's result files want a minimum).
 */
public record LatencySummary(
        long count,
        double avgMicros,
        long p50Micros,
        long p75Micros,
        long p95Micros,
        long p99Micros,
        long p999Micros,
        long p9999Micros,
        long p99999Micros,
        long maxMicros,
        long minMicros) {

    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** A summary whose minimum is unknown (recorded as 0): for tests and callers that never had one. */
    public LatencySummary(long count, double avgMicros, long p50Micros, long p75Micros, long p95Micros, long p99Micros,
                          long p999Micros, long p9999Micros, long p99999Micros, long maxMicros) {
        this(count, avgMicros, p50Micros, p75Micros, p95Micros, p99Micros, p999Micros, p9999Micros, p99999Micros, maxMicros, 0);
    }

    public static LatencySummary of(Histogram histogram) {
        if (histogram == null || histogram.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(
                histogram.getTotalCount(),
                histogram.getMean(),
                histogram.getValueAtPercentile(50),
                histogram.getValueAtPercentile(75),
                histogram.getValueAtPercentile(95),
                histogram.getValueAtPercentile(99),
                histogram.getValueAtPercentile(99.9),
                histogram.getValueAtPercentile(99.99),
                histogram.getValueAtPercentile(99.999),
                histogram.getMaxValue(),
                histogram.getMinValue());
    }

    /** The value at a percentile, for the percentiles this summary holds. */
    public long atPercentileMicros(double percentile) {
        if (percentile == 50) return p50Micros;
        if (percentile == 75) return p75Micros;
        if (percentile == 95) return p95Micros;
        if (percentile == 99) return p99Micros;
        if (percentile == 99.9) return p999Micros;
        if (percentile == 99.99) return p9999Micros;
        if (percentile == 99.999) return p99999Micros;
        if (percentile == 100) return maxMicros;
        throw new IllegalArgumentException("no figure for percentile " + percentile);
    }
}
