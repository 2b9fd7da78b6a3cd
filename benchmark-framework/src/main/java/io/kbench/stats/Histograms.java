package io.kbench.stats;

import org.HdrHistogram.Histogram;

/**
 * How latency histograms are made: microseconds, 3 significant digits (at most 0.1% relative
 * error), resizing automatically. Samples outside [0, {@link #MAX_MICROS}] are clamped to the
 * nearest bound by the caller and counted, never dropped.
 */
public final class Histograms {

    /** Largest latency recorded as itself: 24 hours in microseconds. */
    public static final long MAX_MICROS = 24L * 3_600 * 1_000_000;

    static final int SIGNIFICANT_DIGITS = 3;

    private Histograms() {}

    /** A histogram for one reader (merging, reporting). */
    public static Histogram newHistogram() {
        Histogram h = new Histogram(SIGNIFICANT_DIGITS);
        h.setAutoResize(true);
        return h;
    }

    /** {@code micros} within [0, MAX_MICROS]. */
    static long clamp(long micros) {
        return micros < 0 ? 0 : Math.min(micros, MAX_MICROS);
    }
}
