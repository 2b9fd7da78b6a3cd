package io.kbench.time;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A clock for whole-run tests in one process: time moves only when {@link #advanceNanos} says so, and
 * {@link #parkUntil} waits for that (where {@link ManualClock} jumps ahead instead). Every thread of a run
 * (the coordinator's waits and lease, the agents' leases, the producers' pacing) then shares one time
 * line that a test drives: a minute of a run passes in as many steps as the test takes, and a lease
 * expires when the test lets that much time pass, not when the machine is slow.
 */
public final class SteppedClock implements BenchmarkClock {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition moved = lock.newCondition();
    private final long epochMicrosAtZero;
    private volatile long nanos;

    public SteppedClock(long startNanos, long epochMicrosAtZero) {
        this.nanos = startNanos;
        this.epochMicrosAtZero = epochMicrosAtZero;
    }

    /** Starts at the system's wall-clock time, so that results and logs show today's date. */
    public SteppedClock() {
        this(1_000_000_000L, System.currentTimeMillis() * 1_000 - 1_000_000L);
    }

    @Override
    public long nanoTime() {
        return nanos;
    }

    @Override
    public long epochMicrosAt(long nanoTime) {
        return epochMicrosAtZero + nanoTime / 1_000;
    }

    @Override
    public BenchmarkClock withOffsetMicros(long offsetMicros) {
        return new OffsetClock(this, offsetMicros);
    }

    @Override
    public void parkUntil(long deadlineNanos) throws InterruptedException {
        if (nanos >= deadlineNanos) {
            return;
        }
        lock.lockInterruptibly();
        try {
            while (nanos < deadlineNanos) {
                // Bounded, so a thread interrupted without a signal still notices within a moment.
                moved.await(50, TimeUnit.MILLISECONDS);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Moves time forward by {@code delta} nanoseconds and wakes every thread whose deadline it reached. */
    public void advanceNanos(long delta) {
        if (delta < 0) {
            throw new IllegalArgumentException("time does not go back: " + delta + " ns");
        }
        lock.lock();
        try {
            nanos += delta;
            moved.signalAll();
        } finally {
            lock.unlock();
        }
    }

    public void advanceMillis(long millis) {
        advanceNanos(TimeUnit.MILLISECONDS.toNanos(millis));
    }
}
