package io.kbench.coordinator.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.LatencySummary;
import io.kbench.stats.trend.MannKendall;
import io.kbench.stats.trend.TheilSen;
import io.kbench.time.ManualClock;
import java.util.List;
import java.util.Random;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/** The drift so far on synthetic periods, timed by a manual clock: flat, ramps, too few periods, long runs, searches. */
class LiveDriftTest {

    private final ManualClock clock = new ManualClock();
    private final long loadStartNanos = clock.nanoTime();

    /** One period of {@code seconds} ending now on the clock, with these figures (p99s in µs; a negative one: no message). */
    private PeriodSummary period(Phase phase, long seconds, double rate, long publishP99, long endToEndP99, long backlog) {
        clock.advanceMillis(seconds * 1000);
        return new PeriodSummary(phase, (clock.nanoTime() - loadStartNanos) / 1000, seconds * 1_000_000, rate, rate * 0.001, 0,
                rate, rate * 0.001, backlog, 0, latency(publishP99), latency(publishP99), LatencySummary.EMPTY, latency(endToEndP99),
                0.2, false, rate, 0);
    }

    private static LatencySummary latency(long p99) {
        return p99 < 0 ? LatencySummary.EMPTY : new LatencySummary(1000, p99 / 2.0, p99 / 2, p99 / 2, p99, p99, p99, p99, p99, p99);
    }

    private static FigureTrend trend(List<FigureTrend> trends, TrendFigure f) {
        return trends.stream().filter(t -> t.figure() == f).findFirst().orElseThrow();
    }

    /** {@code n} measured periods of 5 s after a warmup of 6, the publish p99 given by period index. */
    private LiveRun run(int n, IntToDoubleFunction rate, IntToDoubleFunction publishP99) {
        LiveRun run = new LiveRun("r1", "w", "d");
        run.phaseStarted(Phase.WARMUP, "");
        for (int i = 0; i < 6; i++) {
            run.progress(period(Phase.WARMUP, 5, 100 * i, 1_000_000 * (i + 1), 1_000_000, 0), "");
        }
        run.phaseStarted(Phase.MEASURE, "");
        for (int i = 0; i < n; i++) {
            run.progress(period(Phase.MEASURE, 5, rate.applyAsDouble(i), Math.round(publishP99.applyAsDouble(i)), 20_000, 50), "");
        }
        return run;
    }

    @Test
    void aFlatRunIsJudgedAndNotDrifting() {
        Random random = new Random(7);
        LiveRun run = run(60, i -> 1000 + random.nextGaussian() * 20, i -> 5_000 + random.nextGaussian() * 300);
        List<FigureTrend> trends = run.drift();
        assertEquals(TrendFigure.values().length, trends.size());
        FigureTrend publish = trend(trends, TrendFigure.PUBLISH_P99);
        assertTrue(publish.judged());
        assertEquals(60, publish.periods(), "the warmup's periods are left out");
        assertTrue(publish.pValue() > 0.05, publish.toString());
        FigureTrend rate = trend(trends, TrendFigure.THROUGHPUT);
        assertTrue(rate.pValue() > 0.05, rate.toString());
        // A constant figure: judged, slope 0 and nothing like a trend (that 0 means flat, because it is judged).
        FigureTrend backlog = trend(trends, TrendFigure.BACKLOG);
        assertTrue(backlog.judged());
        assertEquals(0.0, backlog.slopePerHour());
        assertEquals(1.0, backlog.pValue());
    }

    @Test
    void aRampHasTheSlopeOfItsRiseWithTheRightSign() {
        Random random = new Random(3);
        // p99 up 10 ms per period of 5 s: 7,200 ms (7.2e6 µs) per hour; throughput down 1 msg/s per period: -720 per hour.
        LiveRun run = run(40, i -> 5_000 - i + random.nextGaussian() * 0.2, i -> 100_000 + 10_000.0 * i + random.nextGaussian() * 500);
        List<FigureTrend> trends = run.drift();
        FigureTrend publish = trend(trends, TrendFigure.PUBLISH_P99);
        assertTrue(publish.judged());
        assertEquals(7.2e6, publish.slopePerHour(), 0.02 * 7.2e6, publish.toString());
        assertTrue(publish.pValue() < 0.001, publish.toString());
        FigureTrend rate = trend(trends, TrendFigure.THROUGHPUT);
        assertEquals(-720, rate.slopePerHour(), 0.02 * 720, rate.toString());
        assertTrue(rate.pValue() < 0.001, rate.toString());
    }

    @Test
    void tooFewPeriodsAreNotJudgedAndHaveNoSlope() {
        LiveRun run = run(LiveDrift.MINIMUM_PERIODS - 1, i -> 1000 + i, i -> 5_000 + 1_000 * i);
        for (FigureTrend t : run.drift()) {
            assertFalse(t.judged(), t.toString());
            assertEquals(LiveDrift.MINIMUM_PERIODS - 1, t.periods());
            assertTrue(Double.isNaN(t.slopePerHour()) && Double.isNaN(t.pValue()), t.toString());
        }
        // The next period makes ten: judged.
        run.progress(period(Phase.MEASURE, 5, 1009, 14_000, 20_000, 50), "");
        assertTrue(trend(run.drift(), TrendFigure.PUBLISH_P99).judged());
    }

    @Test
    void periodsWithoutAMessageAreNotPointsOfALatency() {
        LiveRun run = new LiveRun("r1", "w", "d");
        for (int i = 0; i < 30; i++) {
            run.progress(period(Phase.MEASURE, 5, 1000, 5_000 + i, -1, 0), ""); // nothing consumed: no end-to-end latency
        }
        FigureTrend e2e = trend(run.drift(), TrendFigure.END_TO_END_P99);
        assertEquals(0, e2e.periods());
        assertFalse(e2e.judged());
        assertTrue(trend(run.drift(), TrendFigure.PUBLISH_P99).judged());
    }

    @Test
    void aLongRunIsJudgedOverABoundedNumberOfPointsWithTheSameSlope() {
        LiveDrift drift = new LiveDrift();
        int periods = 100_000; // 5.8 days of 5 s periods
        for (int i = 0; i < periods; i++) {
            drift.add(period(Phase.MEASURE, 5, 2000, 1_000 + i, 2_000 + i, 0));
        }
        LiveDrift.Snapshot s = drift.snapshot();
        FigureTrend publish = trend(s.trends(), TrendFigure.PUBLISH_P99);
        assertEquals(periods, publish.periods());
        assertTrue(publish.points() <= LiveDrift.MAX_POINTS && publish.points() > LiveDrift.MAX_POINTS / 2, publish.toString());
        // +1 µs per 5 s period: 720 µs per hour; the blocks' means lie on the line.
        assertEquals(720, publish.slopePerHour(), 1e-6, publish.toString());
        assertTrue(publish.pValue() < 1e-6, publish.toString());
        assertTrue(s.trends() == s.trends(), "computed once per snapshot");
    }

    @Test
    void upToTheLimitThePointsAreThePeriodsAndTheFiguresThoseOfTheDriftTest() {
        LiveDrift drift = new LiveDrift(20);
        Random random = new Random(11);
        double[] hours = new double[20];
        double[] values = new double[20];
        for (int i = 0; i < 20; i++) {
            long p99 = 3_000 + Math.round(random.nextGaussian() * 400) + 20L * i;
            drift.add(period(Phase.MEASURE, 5, 1000, p99, 1, 0));
            hours[i] = i * 5 / 3600.0;
            values[i] = p99;
        }
        FigureTrend at20 = trend(drift.snapshot().trends(), TrendFigure.PUBLISH_P99);
        assertEquals(TheilSen.slope(hours, values), at20.slopePerHour(), 1e-9);
        assertEquals(MannKendall.corrected(values).pValue(), at20.pValue(), 1e-12);
        // One more: the 20 points become 10 of two periods each, and the 21st starts the 11th.
        drift.add(period(Phase.MEASURE, 5, 1000, 9_999, 1, 0));
        FigureTrend at21 = trend(drift.snapshot().trends(), TrendFigure.PUBLISH_P99);
        assertEquals(11, at21.points());
        assertEquals(21, at21.periods());
        assertTrue(at21.judged());
    }

    @Test
    void aSearchIsNotOneMeasurementAndIsNotJudged() {
        LiveRun run = run(20, i -> 1000 * i, i -> 1_000 * i);
        assertTrue(trend(run.drift(), TrendFigure.THROUGHPUT).judged());
        run.phaseStarted(Phase.PROBE, "");
        run.progress(period(Phase.PROBE, 5, 30_000, 5_000, 5_000, 0), "");
        for (FigureTrend t : run.drift()) {
            assertFalse(t.judged(), t.toString());
        }
    }
}
