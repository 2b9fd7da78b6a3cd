package io.kbench.coordinator;

import io.kbench.workload.Length;
import java.time.Duration;
import java.util.Locale;

/**
 * Keeps a run's periods few enough that the coordinator's memory, the journal and the result stay bounded on a run
 * of days: a run whose planned length would make more than {@link #MAX_SAMPLED_PERIODS} result periods (or
 * {@link #MAX_PROGRESS_PERIODS} progress periods in its measurement) gets longer periods, a whole multiple of the
 * interval asked for, so their figures stay exact (each merges the workers' histograms of its time). A phase of
 * unknown length (a message count, a drain, a backlog) doubles its periods' length each time it has made that many.
 */
public final class PeriodBudget {

    /** The most periods a run's result keeps (a week in 5-minute periods; two days in the default 10 s ones would be 17,280). */
    public static final int MAX_SAMPLED_PERIODS = 2_000;
    /** The most progress periods (printed, and judged by the diagnosis and the features) of one phase. */
    public static final int MAX_PROGRESS_PERIODS = 4_000;
    /** Doublings stop here: a period is never more than 2^20 intervals. */
    private static final int MAX_DOUBLINGS = 20;

    private PeriodBudget() {}

    /** The shortest whole multiple of {@code interval} in which {@code length} makes at most {@code max} periods. */
    public static Duration fit(Duration interval, Duration length, int max) {
        long step = interval.toNanos();
        long periods = ceilDiv(length.toNanos(), step);
        return periods <= max ? interval : interval.multipliedBy(ceilDiv(periods, max));
    }

    /** The result's sample interval for a run of {@code length}: {@code asked} unless its planned length would make too many. */
    public static Duration sampleInterval(Duration asked, Length length) {
        return fit(asked, length.warmup().plus(length.measure()), MAX_SAMPLED_PERIODS);
    }

    /** A period's length in a phase of unknown length that has made {@code made} periods so far, starting at {@code baseNanos}. */
    static long openEndedNanos(long baseNanos, long made, int max) {
        int doublings = (int) Math.min(made / max, MAX_DOUBLINGS);
        long length = baseNanos << doublings;
        return length < baseNanos ? Long.MAX_VALUE / 4 : length;
    }

    /** The line that tells a user why the periods are longer than asked. */
    static String widenedLine(Duration progress, Duration sample) {
        return String.format(Locale.ROOT, "  a run this long prints progress every %s and keeps a result period every %s (whole "
                + "multiples of the intervals asked: at most %,d progress and %,d result periods, so that memory, journal and result "
                + "stay bounded)", words(progress), words(sample), MAX_PROGRESS_PERIODS, MAX_SAMPLED_PERIODS);
    }

    static String words(Duration d) {
        long s = d.toSeconds();
        if (d.toMillis() % 1_000 != 0) {
            return d.toMillis() + " ms";
        }
        if (s < 120 || s % 60 != 0) {
            return s + " s";
        }
        return s % 3_600 == 0 ? s / 3_600 + " h" : s / 60 + " min";
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
