package io.kbench.time;

/**
 * A clock's time with its wall-clock readings shifted by {@code offsetMicros}: how a test clock puts a
 * remote worker's timestamps on the coordinator's time base (the system clock re-anchors itself instead).
 */
record OffsetClock(BenchmarkClock base, long offsetMicros) implements BenchmarkClock {

    @Override
    public long nanoTime() {
        return base.nanoTime();
    }

    @Override
    public long epochMicrosAt(long nanoTime) {
        return base.epochMicrosAt(nanoTime) + offsetMicros;
    }

    @Override
    public BenchmarkClock withOffsetMicros(long more) {
        return new OffsetClock(base, offsetMicros + more);
    }

    @Override
    public void parkUntil(long deadlineNanos) throws InterruptedException {
        base.parkUntil(deadlineNanos);
    }
}
