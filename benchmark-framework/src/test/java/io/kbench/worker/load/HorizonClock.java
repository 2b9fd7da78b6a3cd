package io.kbench.worker.load;

import io.kbench.time.BenchmarkClock;
import io.kbench.time.ManualClock;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ManualClock} that ends a producer loop at a simulated instant: a wait past the horizon
 * moves the clock to the horizon and is interrupted, which makes the loop return. Records every
 * wait, to check how far the loop parks at once.
 */
final class HorizonClock implements BenchmarkClock {

    private final ManualClock clock;
    private final long horizonNanos;
    final List<long[]> parks = new ArrayList<>(); // {now, deadline}

    HorizonClock(ManualClock clock, long horizonNanos) {
        this.clock = clock;
        this.horizonNanos = horizonNanos;
    }

    @Override
    public long nanoTime() {
        return clock.nanoTime();
    }

    @Override
    public long epochMicrosAt(long nanoTime) {
        return clock.epochMicrosAt(nanoTime);
    }

    /** Not needed by the loop; no {@code @Override} so this compiles whether or not the interface declares it. */
    public BenchmarkClock withOffsetMicros(long offsetMicros) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void parkUntil(long deadlineNanos) throws InterruptedException {
        parks.add(new long[] {clock.nanoTime(), deadlineNanos});
        if (deadlineNanos > horizonNanos) {
            clock.parkUntil(horizonNanos);
            throw new InterruptedException("horizon reached");
        }
        clock.parkUntil(deadlineNanos);
    }
}
