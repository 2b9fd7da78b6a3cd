package io.kbench.time;

/**
 * The open-loop schedule of one producer: when each message is meant to be sent, independent of
 * when earlier messages were actually sent or acknowledged. Latency measured from these intended
 * times includes any time the generator fell behind, so it is free of coordinated omission.
 *
 * <p>The producers of a run share one {@link RateProfile} for the total rate: message {@code k} of
 * the whole run falls due at {@code profile.timeOf(k)}, and producer {@code i} of {@code n} sends
 * the run's messages {@code i, i + n, i + 2n, ...}, so the combined schedule is evenly spaced
 * whatever the rate does.
 */
public final class SendSchedule {

    private final RateControl control;
    private final int producerIndex;
    private final int producerCount;

    /**
     * @param control the profile of the total rate, shared by this worker's producers
     * @param producerIndex this producer's index among all producers of the run, 0-based
     * @param producerCount producers in the whole run
     */
    public SendSchedule(RateControl control, int producerIndex, int producerCount) {
        if (producerCount < 1 || producerIndex < 0 || producerIndex >= producerCount) {
            throw new IllegalArgumentException("producer index " + producerIndex + " out of range for " + producerCount + " producers");
        }
        this.control = control;
        this.producerIndex = producerIndex;
        this.producerCount = producerCount;
    }

    /**
     * A constant rate from {@code startNanos}.
     *
     * @param totalRatePerSecond messages per second across all {@code producerCount} producers
     */
    public static SendSchedule throttled(long startNanos, double totalRatePerSecond, int producerIndex, int producerCount) {
        if (!(totalRatePerSecond > 0) || Double.isInfinite(totalRatePerSecond)) {
            throw new IllegalArgumentException("rate must be a positive number of messages per second, was " + totalRatePerSecond);
        }
        return new SendSchedule(new RateControl(RateProfile.constant(startNanos, totalRatePerSecond)), producerIndex, producerCount);
    }

    /** Intended send time of this producer's message {@code k} (0-based), in monotonic nanoseconds; Long.MAX_VALUE while paused. */
    public long intendedSendNanos(long k) {
        return control.profile().timeOf(producerIndex + k * producerCount);
    }

    /** How many of this producer's messages were due by {@code nowNanos} (those with intended time at or before it). */
    public long dueBy(long nowNanos) {
        long dueInRun = control.profile().dueBy(nowNanos);
        return dueInRun <= producerIndex ? 0 : (dueInRun - producerIndex + producerCount - 1) / producerCount;
    }

    /** This producer's share of the rate requested at {@code nowNanos}, messages per second. */
    public double ratePerSecond(long nowNanos) {
        return control.profile().rateAt(nowNanos) / producerCount;
    }
}
