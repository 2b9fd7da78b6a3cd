package io.kbench.time;

/**
 * The open-loop schedule of one producer: when each message is meant to be sent, independent of
 * when earlier messages were actually sent or acknowledged. Latency measured from these intended
 * times includes any time the generator fell behind, so it is free of coordinated omission.
 *
 * <p>With {@code producers} producers sharing a total rate, producer {@code i} is shifted by
 * {@code i / totalRate} seconds so that the combined schedule is evenly spaced.
 */
public final class SendSchedule {

    private final long startNanos;
    private final double intervalNanos;
    private final long offsetNanos;

    private SendSchedule(long startNanos, double intervalNanos, long offsetNanos) {
        this.startNanos = startNanos;
        this.intervalNanos = intervalNanos;
        this.offsetNanos = offsetNanos;
    }

    /**
     * @param startNanos monotonic time of the schedule's origin
     * @param totalRatePerSecond messages per second across all {@code producerCount} producers
     * @param producerIndex this producer's index among all producers of the run, 0-based
     */
    public static SendSchedule throttled(long startNanos, double totalRatePerSecond, int producerIndex, int producerCount) {
        if (!(totalRatePerSecond > 0) || Double.isInfinite(totalRatePerSecond)) {
            throw new IllegalArgumentException("rate must be a positive number of messages per second, was " + totalRatePerSecond);
        }
        if (producerCount < 1 || producerIndex < 0 || producerIndex >= producerCount) {
            throw new IllegalArgumentException("producer index " + producerIndex + " out of range for " + producerCount + " producers");
        }
        double perProducerInterval = 1e9 * producerCount / totalRatePerSecond;
        long offset = (long) (1e9 * producerIndex / totalRatePerSecond);
        return new SendSchedule(startNanos, perProducerInterval, offset);
    }

    /** Intended send time of message {@code k} (0-based), in monotonic nanoseconds. */
    public long intendedSendNanos(long k) {
        // Multiplying instead of accumulating keeps rounding error from growing over a long run.
        return startNanos + offsetNanos + (long) (k * intervalNanos);
    }

    /** How many messages were due by {@code nowNanos} (those with intended time at or before it). */
    public long dueBy(long nowNanos) {
        if (nowNanos < intendedSendNanos(0)) {
            return 0;
        }
        // Estimate the last due message, then settle it against intendedSendNanos itself: the
        // division can be off by one either way (truncated intended times, doubles beyond 2^53).
        long last = (long) Math.floor((nowNanos - startNanos - offsetNanos) / intervalNanos);
        while (last > 0 && intendedSendNanos(last) > nowNanos) {
            last--;
        }
        while (intendedSendNanos(last + 1) <= nowNanos) {
            last++;
        }
        return last + 1;
    }

    public double ratePerSecond() {
        return 1e9 / intervalNanos;
    }
}
