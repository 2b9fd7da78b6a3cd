package io.kbench.time;

import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * {@link BenchmarkClock} on {@link System#nanoTime()}, anchored once to the wall clock.
 *
 * <p>{@code offsetMicros} is added to every wall-clock reading; the distributed coordinator uses it
 * to express a worker's clock in the coordinator's time base.
 */
public final class SystemClock implements BenchmarkClock {

    /** Readings of the wall clock taken to anchor it (the most tightly bracketed wins). */
    private static final int ANCHOR_READINGS = 16;

    private final long anchorNanos;
    private final long anchorEpochMicros;

    private SystemClock(long anchorNanos, long anchorEpochMicros) {
        this.anchorNanos = anchorNanos;
        this.anchorEpochMicros = anchorEpochMicros;
    }

    public static SystemClock anchoredNow(long offsetMicros) {
        // A thread preempted between reading the wall clock and nanoTime shifts every later timestamp of this JVM by
        // that pause (two workers on one busy host once differed by 2.2 ms, past their offsets' bounds): of a few
        // readings, the one nanoTime brackets most tightly is anchored at the bracket's middle.
        long bestGapNanos = Long.MAX_VALUE;
        long nanos = 0;
        long epochMicros = 0;
        for (int i = 0; i < ANCHOR_READINGS; i++) {
            long before = System.nanoTime();
            Instant now = Instant.now();
            long after = System.nanoTime();
            if (after - before < bestGapNanos) {
                bestGapNanos = after - before;
                nanos = before + bestGapNanos / 2;
                epochMicros = TimeUnit.SECONDS.toMicros(now.getEpochSecond()) + now.getNano() / 1_000;
            }
        }
        return new SystemClock(nanos, epochMicros + offsetMicros);
    }

    @Override
    public SystemClock withOffsetMicros(long offsetMicros) {
        return new SystemClock(anchorNanos, anchorEpochMicros + offsetMicros);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public long epochMicrosAt(long nanoTime) {
        return anchorEpochMicros + (nanoTime - anchorNanos) / 1_000;
    }

    @Override
    public void parkUntil(long deadlineNanos) throws InterruptedException {
        long remaining;
        while ((remaining = deadlineNanos - System.nanoTime()) > 0) {
            LockSupport.parkNanos(remaining);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }
}
