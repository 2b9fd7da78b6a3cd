package io.kbench.stats;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records one latency metric, in microseconds, from any number of threads without locking, and
 * hands out the samples both per period (for progress) and since the last reset (for the result).
 *
 * <p>Every sample is kept: a negative value (possible for end-to-end latency across hosts whose
 * clocks disagree) is recorded as 0 and a value above {@link #MAX_MICROS} as {@link #MAX_MICROS};
 * both are counted in {@link #clampedCount()}. Histograms resize automatically and keep 3
 * significant digits (a relative error of at most 0.1%).
 */
public final class LatencyRecorder {

    /** Largest latency recorded as itself: 24 hours in microseconds. */
    public static final long MAX_MICROS = 24L * 3_600 * 1_000_000;

    static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder recorder = new Recorder(SIGNIFICANT_DIGITS);
    private final LongAdder clamped = new LongAdder();
    private final Histogram period = newHistogram();
    private final Histogram sinceReset = newHistogram();
    private Histogram interval;

    public static Histogram newHistogram() {
        Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
        histogram.setAutoResize(true);
        return histogram;
    }

    /** Hot path: records one sample given in microseconds. */
    public void recordMicros(long micros) {
        if (micros < 0) {
            clamped.increment();
            micros = 0;
        } else if (micros > MAX_MICROS) {
            clamped.increment();
            micros = MAX_MICROS;
        }
        recorder.recordValue(micros);
    }

    /** Hot path: records one sample given in nanoseconds. */
    public void recordNanos(long nanos) {
        recordMicros(nanos / 1_000);
    }

    /** Samples recorded since the previous call (or the last reset). */
    public synchronized Histogram takePeriod() {
        drain();
        Histogram copy = period.copy();
        period.reset();
        return copy;
    }

    /** Samples recorded since the last reset. */
    public synchronized Histogram sinceReset() {
        drain();
        return sinceReset.copy();
    }

    /** Starts a new measurement: drops the samples recorded so far. */
    public synchronized void reset() {
        drain();
        period.reset();
        sinceReset.reset();
    }

    /** Samples that were out of range and recorded at the nearest bound, ever (not reset). */
    public long clampedCount() {
        return clamped.sum();
    }

    private void drain() {
        interval = recorder.getIntervalHistogram(interval);
        period.add(interval);
        sinceReset.add(interval);
    }
}
