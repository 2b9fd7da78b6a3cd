package io.kbench.model;

/** Unit conversions used in reports, in one place. */
public final class Units {

    /** Kafka's perf tools count MB as 1024 × 1024 bytes; so do we. */
    public static final double BYTES_PER_MB = 1024.0 * 1024.0;

    private Units() {}

    public static double perSecond(long count, long micros) {
        return micros <= 0 ? 0 : count * 1e6 / micros;
    }

    public static double mbPerSecond(long bytes, long micros) {
        return perSecond(bytes, micros) / BYTES_PER_MB;
    }

    public static double millis(double micros) {
        return micros / 1_000.0;
    }
}
