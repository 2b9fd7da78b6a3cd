package io.kbench.coordinator;

import io.kbench.time.BenchmarkClock;

/** Waits on the injected clock in short slices, so a stop request ends any wait within 100 ms. */
final class Waiter {

    private static final long SLICE_NANOS = 100_000_000;

    private final BenchmarkClock clock;
    private final StopSignal stop;

    Waiter(BenchmarkClock clock, StopSignal stop) {
        this.clock = clock;
        this.stop = stop;
    }

    void until(long deadlineNanos) {
        try {
            while (true) {
                stop.check();
                long now = clock.nanoTime();
                if (now >= deadlineNanos) {
                    return;
                }
                clock.parkUntil(Math.min(deadlineNanos, now + SLICE_NANOS));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStoppedException("interrupted");
        }
    }

    BenchmarkClock clock() {
        return clock;
    }

    StopSignal stop() {
        return stop;
    }
}
