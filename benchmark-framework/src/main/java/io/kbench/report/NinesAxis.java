package io.kbench.report;

import java.util.List;

/**
 * The "nines" axis of latency percentile charts: position x stands for percentile 100·(1 − 10^−x),
 * so x = 0 is p0 (the minimum), 1 is p90, 2 is p99, ... 5 is p99.999. Every curve is sampled at the
 * same positions, so runs share one x axis.
 */
public final class NinesAxis {

    /** The last position: p99.999. */
    public static final double MAX_NINES = 5;
    /** Sampling step along the axis: 101 points from p0 to p99.999. */
    public static final double STEP = 0.05;

    /** Where ticks go and what they say. */
    public static final List<Double> TICKS = List.of(0.0, Math.log10(2), 1.0, 2.0, 3.0, 4.0, 5.0);
    public static final List<String> TICK_LABELS = List.of("p0", "p50", "p90", "p99", "p99.9", "p99.99", "p99.999");

    private NinesAxis() {}

    /** The sampling positions, 0 to {@link #MAX_NINES} inclusive. */
    public static double[] positions() {
        int n = (int) Math.round(MAX_NINES / STEP) + 1;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.round(i * STEP * 1000) / 1000.0;
        }
        return x;
    }

    /** The percentile (0..100) at position {@code x}. */
    public static double percentile(double x) {
        return 100 * (1 - Math.pow(10, -x));
    }
}
