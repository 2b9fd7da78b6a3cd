package io.kbench.coordinator;

import java.util.function.ToLongFunction;

import io.kbench.model.LoadState;
/**
 * Notices when the cluster has stopped answering: work is pending (messages in flight, or
 * messages waiting to be consumed) and the counter that shows progress (acknowledgements, or
 * messages consumed) has not moved for {@code timeout}. Idle time with nothing pending is not a stall.
 * Pure logic on the times it is given, so it is tested without sleeping.
 */
final class StallDetector {

    private final long timeoutNanos;
    private final ToLongFunction<LoadState> progress;
    private final ToLongFunction<LoadState> pending;
    private long lastProgress = Long.MIN_VALUE;
    private long sinceNanos;

    /**
     * @param timeoutNanos how long pending work may see no progress
     * @param progress a counter that rises while the cluster answers
     * @param pending how much work waits for an answer
     */
    StallDetector(long timeoutNanos, ToLongFunction<LoadState> progress, ToLongFunction<LoadState> pending) {
        this.timeoutNanos = timeoutNanos;
        this.progress = progress;
        this.pending = pending;
    }

    /** Acknowledgements stopped while messages were in flight. */
    static StallDetector acknowledgements(long timeoutNanos) {
        return new StallDetector(timeoutNanos, s -> s.runTotals().messagesAcked(), LoadState::inFlightMessages);
    }

    /** Consumption stopped while acknowledged messages waited to be read. */
    static StallDetector consumption(long timeoutNanos) {
        return new StallDetector(timeoutNanos, s -> s.runTotals().messagesReceived(), LoadState::backlogMessages);
    }

    /**
     * @return for how long (ns) pending work has seen no progress, once that reaches the timeout; else -1
     */
    long stalledNanos(long nowNanos, LoadState state) {
        long now = progress.applyAsLong(state);
        if (now != lastProgress || pending.applyAsLong(state) <= 0) {
            lastProgress = now;
            sinceNanos = nowNanos;
            return -1;
        }
        long stalled = nowNanos - sinceNanos;
        return stalled >= timeoutNanos ? stalled : -1;
    }
}
