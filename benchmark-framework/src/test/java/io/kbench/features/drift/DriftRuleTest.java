package io.kbench.features.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.PeriodSummary;
import io.kbench.workload.DriftSpec;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The drift rule on synthetic runs whose periods are timed by a {@code ManualClock} ({@link SyntheticRun}). */
class DriftRuleTest {

    private static final DriftSettings ALL = new DriftSettings(List.of(Figure.values()), DriftSpec.DEFAULT_MINIMUM_WINDOW,
            DriftSpec.DEFAULT_ALPHA);

    private static FigureDrift figure(Drift d, Figure f) {
        return d.figures().stream().filter(x -> x.figure().equals(f.label())).findFirst().orElseThrow();
    }

    @Test
    void flatNoiseIsFlat() {
        Random random = new Random(7);
        List<PeriodSummary> periods = SyntheticRun.periods(60, 1_000, i -> 20 + 3 * random.nextGaussian(),
                i -> 1_000 + 20 * random.nextGaussian(), i -> 50 + 10 * random.nextGaussian());
        Drift d = DriftRule.judge(ALL, periods);
        assertNull(d.tooShort());
        assertEquals(60.0, d.spanSeconds(), 1e-9);
        for (FigureDrift f : d.figures()) {
            assertEquals(FigureDrift.FLAT, f.verdict(), f.toString());
            assertEquals(60, f.periods());
        }
        assertTrue(d.line().startsWith("Drift: none: throughput, publish p99, end-to-end p99 and consumer lag flat (60 periods over 60 s)"),
                d.line());
    }

    @Test
    void aRampIsFoundWithItsSlope() {
        Random random = new Random(11);
        // Publish p99 from 5 ms up by 0.5 ms a second (1,800 ms per hour), with noise; the rest flat.
        List<PeriodSummary> periods = SyntheticRun.publishP99(60, i -> 5 + 0.5 * (i + 1) + random.nextGaussian());
        Drift d = DriftRule.judge(ALL, periods);
        FigureDrift publish = figure(d, Figure.PUBLISH_P99);
        assertEquals(FigureDrift.RISING, publish.verdict(), publish.toString());
        assertEquals(1_800, publish.slopePerHour(), 60, publish.toString());
        assertTrue(publish.pValue() < 1e-6, publish.toString());
        assertEquals(30, publish.changeOverSpan(), 1.5, "0.5 ms a second over the 60 s measured: " + publish);
        assertEquals(FigureDrift.RISING, figure(d, Figure.END_TO_END_P99).verdict());
        assertEquals(FigureDrift.FLAT, figure(d, Figure.THROUGHPUT).verdict());
        assertEquals(FigureDrift.FLAT, figure(d, Figure.CONSUMER_LAG).verdict());
        assertTrue(d.line().matches("Drift: publish p99 \\+1,[78]\\d\\d ms per hour \\(\\+[23]\\d\\.\\d ms over the run, p < 0\\.001\\); "
                + "end-to-end p99 \\+1,[78]\\d\\d ms per hour .*; throughput and consumer lag flat \\(60 periods over 60 s\\)"), d.line());

        // Falling throughput: 2,000 msg/s down by 10 a second.
        Drift falling = DriftRule.judge(ALL, SyntheticRun.periods(40, 1_000, i -> 5, i -> 2_000 - 10 * i + 5 * random.nextGaussian(),
                i -> 0));
        FigureDrift throughput = figure(falling, Figure.THROUGHPUT);
        assertEquals(FigureDrift.FALLING, throughput.verdict(), throughput.toString());
        assertEquals(-36_000, throughput.slopePerHour(), 500, throughput.toString());
        assertTrue(throughput.relativeChange() < -0.1, throughput.toString());
    }

    @Test
    void aSingleSpikeIsNotDrift() {
        Random random = new Random(3);
        // One period at 50 times the others', late in the run (where it would tilt a least-squares line most).
        List<PeriodSummary> periods = SyntheticRun.publishP99(30, i -> i == 27 ? 1_000 : 20 + random.nextGaussian());
        FigureDrift publish = figure(DriftRule.judge(ALL, periods), Figure.PUBLISH_P99);
        assertEquals(FigureDrift.FLAT, publish.verdict(), publish.toString());
        assertTrue(Math.abs(publish.changeOverSpan()) < 2, publish.toString());
    }

    @Test
    void aSmallTrendThatIsSignificantIsNotMaterial() {
        // Up 0.2% over the run, nearly without noise: certain, and not worth a word.
        List<PeriodSummary> periods = SyntheticRun.periods(60, 1_000, i -> 20, i -> 1_000 + 0.03 * i, i -> 0);
        FigureDrift throughput = figure(DriftRule.judge(ALL, periods), Figure.THROUGHPUT);
        assertTrue(throughput.pValue() < 1e-6, throughput.toString());
        assertEquals(FigureDrift.FLAT, throughput.verdict(), throughput.toString());
    }

    @Test
    void aLagThatGrowsByLessThanASecondOfTrafficIsNotDrift() {
        // Lag 0 to 30 messages at 1,000 msg/s: a relative change of many times its median, and 30 ms of traffic.
        FigureDrift small = figure(DriftRule.judge(ALL, SyntheticRun.periods(30, 1_000, i -> 5, i -> 1_000, i -> i)), Figure.CONSUMER_LAG);
        assertEquals(FigureDrift.FLAT, small.verdict(), small.toString());
        FigureDrift large = figure(DriftRule.judge(ALL, SyntheticRun.periods(30, 1_000, i -> 5, i -> 1_000, i -> 500 * i)),
                Figure.CONSUMER_LAG);
        assertEquals(FigureDrift.RISING, large.verdict(), large.toString());
        assertEquals("messages", large.unit());
    }

    @Test
    void aRunTooShortToJudgeSaysSoInsteadOfNoDrift() {
        Drift fewPeriods = DriftRule.judge(ALL, SyntheticRun.publishP99(6, i -> 5 + 10 * i));
        assertEquals("Drift: too short to judge (6 periods of 1 s; needs 10)", fewPeriods.line());
        fewPeriods.figures().forEach(f -> assertEquals(FigureDrift.TOO_SHORT, f.verdict()));
        fewPeriods.figures().forEach(f -> assertNull(f.slopePerHour()));

        Drift shortSpan = DriftRule.judge(ALL, SyntheticRun.periods(12, 500, i -> 5, i -> 1_000, i -> 0));
        assertEquals("Drift: too short to judge (6 s measured; needs 20 s (drift.minimumWindow))", shortSpan.line());

        Drift nothing = DriftRule.judge(ALL, List.of());
        assertEquals("Drift: too short to judge (0 periods of 0 s; needs 10)", nothing.line());

        // Judged, but end-to-end latency had a value in only 5 periods (nothing was consumed in the rest).
        List<PeriodSummary> periods = SyntheticRun.publishP99(30, i -> 5);
        List<PeriodSummary> someConsumed = new java.util.ArrayList<>();
        for (int i = 0; i < periods.size(); i++) {
            PeriodSummary p = periods.get(i);
            someConsumed.add(i < 5 ? p : new PeriodSummary(p.phase(), p.elapsedMicros(), p.durationMicros(), p.publishRate(),
                    p.publishMBps(), 0, 0, 0, p.backlogMessages(), 0, p.publishLatency(), p.sendLatency(), p.scheduleDelay(),
                    io.kbench.stats.LatencySummary.EMPTY, 0, false, p.requestedRate(), 0));
        }
        Drift partly = DriftRule.judge(ALL, someConsumed);
        assertEquals(FigureDrift.TOO_SHORT, figure(partly, Figure.END_TO_END_P99).verdict());
        assertTrue(partly.line().endsWith("end-to-end p99 (5 periods with a value) too short to judge (30 periods over 30 s)"),
                partly.line());
    }

    @Test
    void aLongRunIsCutIntoAtMostTwoThousandPoints() {
        Random random = new Random(5);
        // 20,000 periods of 5 s (28 hours), publish p99 up by 1 ms an hour from 10 ms.
        List<PeriodSummary> periods = SyntheticRun.periods(20_000, 5_000, i -> 10 + i * 5 / 3600.0 + random.nextGaussian(),
                i -> 1_000, i -> 0);
        Series s = Series.of(Figure.PUBLISH_P99, periods);
        assertEquals(Series.MAX_POINTS, s.size());
        assertEquals(20_000, s.periods());
        FigureDrift publish = figure(DriftRule.judge(ALL, periods), Figure.PUBLISH_P99);
        assertEquals(FigureDrift.RISING, publish.verdict());
        assertEquals(1.0, publish.slopePerHour(), 0.05, publish.toString());
        String line = DriftRule.judge(ALL, periods).line();
        assertTrue(line.matches("Drift: publish p99 \\+(1\\.0\\d|0\\.9\\d\\d) ms per hour \\(\\+2\\d\\.\\d ms over the run, p < 0\\.001\\); .*"
                + "throughput and consumer lag flat \\(20000 periods over 27\\.8 h\\)"), line);
    }

    @Test
    void theFiguresAreTheNamesAWorkloadMayGive() {
        assertEquals(DriftSpec.METRICS, Figure.labels());
        assertEquals(Duration.ofSeconds(20), DriftSpec.DEFAULT_MINIMUM_WINDOW);
    }
}
