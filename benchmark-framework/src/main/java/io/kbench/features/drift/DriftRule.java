package io.kbench.features.drift;

import io.kbench.model.PeriodSummary;
import io.kbench.stats.trend.MannKendall;
import io.kbench.stats.trend.TheilSen;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Judges whether figures drifted over the measured periods: a figure is {@code rising} or {@code falling} when both
 *
 * <ol>
 *   <li>the Mann–Kendall test, corrected for the correlation of neighbouring periods ({@link MannKendall#corrected}), finds a
 *       monotonic trend at the significance level ({@code p < alpha}, default 0.01), and</li>
 *   <li>the change over the run, the Theil–Sen slope times the span measured, is material: at least
 *       {@value #MATERIAL_SHARE} of the figure's median, and at least the figure's floor (1 ms for a latency; for the
 *       consumer lag, the messages of one second at the median throughput).</li>
 * </ol>
 *
 * <p>Why both: the test answers "is there a trend?", and with independent noise it is wrong about {@code alpha} of
 * the time; its correction keeps it near that when neighbouring periods move together. But over a long run it finds
 * trends of a fraction of a percent that nobody would act on. The second rule asks "is the trend big enough to matter?". Neither rule is moved by a single
 * spike: the test counts the signs of differences, not their sizes, and the median slope ignores one point's.
 *
 * <p>A run is too short to judge with fewer than {@value #MINIMUM_PERIODS} measured periods (below that the test's
 * normal approximation is off and few trends could reach {@code p < 0.01} at all) or a shorter span than the
 * workload's minimum window; a figure alone is too short to judge with fewer than {@value #MINIMUM_PERIODS} periods
 * that have a value of it.
 */
final class DriftRule {

    /** The fewest periods judged. */
    static final int MINIMUM_PERIODS = io.kbench.workload.DriftSpec.MINIMUM_PERIODS;
    /** The smallest change over the run, as a share of the median, that is drift. */
    static final double MATERIAL_SHARE = 0.10;
    /** The smallest change of a latency over the run that is drift: below it, the histograms' precision and noise. */
    static final double LATENCY_FLOOR_MS = 1.0;

    private DriftRule() {}

    /** The section for the measured periods, oldest first, judged by {@code settings}. */
    static Drift judge(DriftSettings settings, List<PeriodSummary> measured) {
        int n = measured.size();
        double periodSeconds = n == 0 ? 0 : medianOf(measured.stream().mapToDouble(p -> p.durationMicros() / 1e6).toArray());
        double spanSeconds = n == 0 ? 0 : (measured.get(n - 1).elapsedMicros() - measured.get(0).elapsedMicros()
                + measured.get(0).durationMicros()) / 1e6;
        double windowSeconds = settings.minimumWindow().toMillis() / 1e3;
        String tooShort = null;
        if (n < MINIMUM_PERIODS) {
            tooShort = String.format(Locale.ROOT, "%d periods of %s; needs %d", n, Drift.seconds(periodSeconds), MINIMUM_PERIODS);
        } else if (spanSeconds < windowSeconds) {
            tooShort = String.format(Locale.ROOT, "%s measured; needs %s (drift.minimumWindow)", Drift.seconds(spanSeconds),
                    Drift.seconds(windowSeconds));
        }
        double medianRate = medianOf(measured.stream().mapToDouble(PeriodSummary::publishRate).toArray());
        List<FigureDrift> figures = new ArrayList<>();
        for (Figure f : settings.figures()) {
            Series s = Series.of(f, measured);
            figures.add(tooShort != null ? tooShort(f, s) : judge(f, s, spanSeconds / 3600, settings.alpha(), floor(f, medianRate)));
        }
        return new Drift(n, periodSeconds, spanSeconds, MINIMUM_PERIODS, windowSeconds, settings.alpha(), MATERIAL_SHARE, tooShort,
                figures);
    }

    /**
     * One figure's verdict.
     *
     * @param spanHours the time the measurement covers, hours: the change over the run is the slope times it
     * @param floor the smallest change over the run that is drift whatever the median, in the figure's unit
     */
    static FigureDrift judge(Figure f, Series s, double spanHours, double alpha, double floor) {
        if (s.size() < MINIMUM_PERIODS) {
            return tooShort(f, s);
        }
        double slope = TheilSen.slope(s.hours(), s.values());
        MannKendall.Result mk = MannKendall.corrected(s.values());
        double median = s.median();
        double change = slope * spanHours;
        boolean material = Math.abs(change) >= Math.max(MATERIAL_SHARE * Math.abs(median), floor) && change != 0;
        String verdict = mk.pValue() < alpha && material ? (change > 0 ? FigureDrift.RISING : FigureDrift.FALLING) : FigureDrift.FLAT;
        return new FigureDrift(f.label(), f.unit(), verdict, s.periods(), slope, mk.pValue(), median, change,
                median == 0 ? null : change / Math.abs(median));
    }

    private static FigureDrift tooShort(Figure f, Series s) {
        double median = s.median();
        return new FigureDrift(f.label(), f.unit(), FigureDrift.TOO_SHORT, s.periods(), null, null, Double.isNaN(median) ? null : median,
                null, null);
    }

    /** The change that counts whatever the median: a latency's 1 ms; a lag's one second of traffic. */
    private static double floor(Figure f, double medianRate) {
        return switch (f) {
            case PUBLISH_P99, END_TO_END_P99 -> LATENCY_FLOOR_MS;
            case CONSUMER_LAG -> Double.isNaN(medianRate) ? 1 : Math.max(1, medianRate);
            case THROUGHPUT -> 0;
        };
    }

    private static double medianOf(double[] v) {
        if (v.length == 0) {
            return Double.NaN;
        }
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
