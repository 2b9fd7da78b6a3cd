package io.kbench.agent;

import io.kbench.time.BenchmarkClock;

/**
 * The coordinator's claim on this worker for one run. If the coordinator stops renewing it (it
 * crashed, or the network split), the lease runs out and the worker stops all load by itself, so
 * no producer keeps hammering a customer's cluster unattended.
 */
final class Lease {

    private final BenchmarkClock clock;
    private String runId;
    private long durationNanos;
    private long deadlineNanos;

    Lease(BenchmarkClock clock) {
        this.clock = clock;
    }

    /** Grants the lease for a new run; a duration of 0 means no lease (never expires). */
    synchronized void grant(String run, long durationMillis) {
        runId = run;
        durationNanos = durationMillis * 1_000_000;
        deadlineNanos = clock.nanoTime() + durationNanos;
    }

    /** Extends the lease of {@code run}; false if it is not the leased run. */
    synchronized boolean renew(String run) {
        if (runId == null || !runId.equals(run)) {
            return false;
        }
        deadlineNanos = clock.nanoTime() + durationNanos;
        return true;
    }

    synchronized void release(String run) {
        if (runId != null && runId.equals(run)) {
            runId = null;
        }
    }

    /** The run whose lease has run out (and releases it), or null. */
    synchronized String takeExpired() {
        if (runId == null || durationNanos == 0 || clock.nanoTime() - deadlineNanos < 0) {
            return null;
        }
        String expired = runId;
        runId = null;
        return expired;
    }

    synchronized long durationMillis() {
        return durationNanos / 1_000_000;
    }
}
