package io.kbench.kafka.local;

/**
 * A network delay fault's delay over its time: from {@code fromNanos} at {@code startNanos}, linearly to
 * {@code toNanos} at {@code untilNanos} (a steady delay has both the same). Times are monotonic nanoseconds
 * ({@link System#nanoTime()} in the proxy), given by the caller, so the ramp is tested without sleeping.
 *
 * @param fromNanos the delay at the start, each way
 * @param toNanos the delay at the end, each way
 * @param startNanos when the fault started (may be before it reached this node: a broker restarted during it)
 * @param untilNanos when it ends, after {@code startNanos}
 */
record DelayRamp(long fromNanos, long toNanos, long startNanos, long untilNanos) {

    DelayRamp {
        if (untilNanos - startNanos <= 0) {
            throw new IllegalArgumentException("a delay's end must come after its start");
        }
    }

    /** The delay a byte read at {@code nowNanos} gets: {@code fromNanos} before the start, {@code toNanos} from the end. */
    long nanosAt(long nowNanos) {
        if (fromNanos == toNanos || nowNanos - startNanos <= 0) {
            return fromNanos;
        }
        if (nowNanos - untilNanos >= 0) {
            return toNanos;
        }
        double share = (double) (nowNanos - startNanos) / (untilNanos - startNanos);
        return fromNanos + Math.round((toNanos - fromNanos) * share);
    }
}
