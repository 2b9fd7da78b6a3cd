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
 *
 * <p>A producer's messages are numbered by what it sent (its sequence, for the integrity check);
 * its place in the schedule is that number plus the slots a restart of the {@link RateControl}
 * dropped. Only the producer's own thread asks for intended times, and it adopts a restart then,
 * so the skip needs no lock; other threads read the skip count for the lag.
 */
public final class SendSchedule {

    private final RateControl control;
    private final int producerIndex;
    private final int producerCount;
    /** The restart adopted last (owner thread only). */
    private long adoptedRestartNanos = Long.MIN_VALUE;
    /** Schedule slots dropped by restarts: never sent, no longer due. */
    private volatile long skipped;

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

    /**
     * Intended send time of this producer's message {@code k} (0-based: the k-th it sends), in
     * monotonic nanoseconds; Long.MAX_VALUE while paused. Called by the producer's own thread with
     * the number of messages it sent so far, which is when a restart takes effect.
     */
    public long intendedSendNanos(long k) {
        long restart = control.forgivenUntilNanos();
        if (restart != adoptedRestartNanos) {
            adoptedRestartNanos = restart;
            long dueAtRestart = slotsDueBy(restart);
            if (k + skipped < dueAtRestart) {
                skipped = dueAtRestart - k;
            }
        }
        return control.profile().timeOf(producerIndex + (k + skipped) * producerCount);
    }

    /**
     * How many of this producer's messages were due by {@code nowNanos} (those with intended time
     * at or before it), less the slots restarts dropped: compared with the messages sent, the lag.
     */
    public long dueBy(long nowNanos) {
        return Math.max(0, slotsDueBy(nowNanos) - skipped);
    }

    /** Schedule slots dropped by restarts so far. */
    public long skippedMessages() {
        return skipped;
    }

    private long slotsDueBy(long nowNanos) {
        long dueInRun = control.profile().dueBy(nowNanos);
        return dueInRun <= producerIndex ? 0 : (dueInRun - producerIndex + producerCount - 1) / producerCount;
    }

    /** This producer's share of the rate requested at {@code nowNanos}, messages per second. */
    public double ratePerSecond(long nowNanos) {
        return control.profile().rateAt(nowNanos) / producerCount;
    }
}
