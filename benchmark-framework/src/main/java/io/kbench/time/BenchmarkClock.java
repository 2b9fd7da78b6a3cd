package io.kbench.time;

/**
 * The only source of time for load generation and measurement, so that timing logic can be
 * tested with a {@link ManualClock} instead of sleeping.
 *
 * <p>{@link #nanoTime()} is monotonic. Wall-clock microseconds are derived from it with a fixed
 * anchor ({@link #epochMicrosAt}), so a send time stamped on one thread and a receive time taken
 * on another are comparable and never jump when NTP steps the system clock mid-run.
 */
public interface BenchmarkClock {

    /** Monotonic time in nanoseconds; only differences are meaningful. */
    long nanoTime();

    /** The wall-clock time, in microseconds since the Unix epoch, of the monotonic instant {@code nanoTime}. */
    long epochMicrosAt(long nanoTime);

    /** The current wall-clock time in microseconds since the Unix epoch. */
    default long epochMicros() {
        return epochMicrosAt(nanoTime());
    }

    /**
     * The same clock with {@code offsetMicros} added to every wall-clock reading; used to put a
     * remote worker's timestamps on the coordinator's time base.
     */
    BenchmarkClock withOffsetMicros(long offsetMicros);

    /** Returns once {@link #nanoTime()} has reached {@code deadlineNanos}; returns at once if it already has. */
    void parkUntil(long deadlineNanos) throws InterruptedException;

    /** The system clock anchored now, with no offset. */
    static BenchmarkClock system() {
        return SystemClock.anchoredNow(0);
    }
}
