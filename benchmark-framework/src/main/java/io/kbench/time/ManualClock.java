package io.kbench.time;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that only moves when told to, for tests of timing logic. {@link #parkUntil} advances
 * the clock to the deadline instead of waiting, so a loop that paces itself runs instantly and
 * deterministically.
 */
public final class ManualClock implements BenchmarkClock {

    private final AtomicLong nanos;
    private final long epochMicrosAtZero;

    public ManualClock(long startNanos, long epochMicrosAtZero) {
        this.nanos = new AtomicLong(startNanos);
        this.epochMicrosAtZero = epochMicrosAtZero;
    }

    public ManualClock() {
        this(1_000_000_000L, 1_700_000_000_000_000L);
    }

    @Override
    public long nanoTime() {
        return nanos.get();
    }

    @Override
    public long epochMicrosAt(long nanoTime) {
        return epochMicrosAtZero + nanoTime / 1_000;
    }

    /** Shares this clock's time; only the wall-clock readings are shifted. */
    @Override
    public BenchmarkClock withOffsetMicros(long offsetMicros) {
        return new OffsetClock(this, offsetMicros);
    }

    @Override
    public void parkUntil(long deadlineNanos) {
        nanos.accumulateAndGet(deadlineNanos, Math::max);
    }

    public void advanceNanos(long delta) {
        nanos.addAndGet(delta);
    }

    public void advanceMillis(long millis) {
        advanceNanos(millis * 1_000_000);
    }

    public void setNanos(long value) {
        nanos.set(value);
    }
}
