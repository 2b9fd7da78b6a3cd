package io.kbench.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BootstrapTest {

    private static GateFigure.Samples periods(long[] values) {
        double[] v = new double[values.length];
        double[] w = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            v[i] = values[i];
            w[i] = 1_000;
        }
        return new GateFigure.Samples(v, w, true);
    }

    private final Bootstrap bootstrap = new Bootstrap(2_000, 7);

    @Test
    void theSameNoiseIsWithinItAndAShiftPastItIsNot() {
        Bootstrap.Change same = bootstrap.change(List.of(periods(GateRuns.around(4_000, 0.3, 10, 0))),
                List.of(periods(GateRuns.around(4_000, 0.3, 10, 3))), 0.95);
        assertNull(same.notJudged());
        assertTrue(same.lowPercent() < 0 && same.highPercent() > 0, same.toString());
        assertEquals("periods", same.noise());

        Bootstrap.Change slower = bootstrap.change(List.of(periods(GateRuns.around(4_000, 0.3, 10, 0))),
                List.of(periods(GateRuns.around(8_000, 0.3, 10, 3))), 0.95);
        assertTrue(slower.lowPercent() > 0, slower.toString());
        assertTrue(slower.effectPercent() > 80 && slower.effectPercent() < 120, slower.toString());
    }

    @Test
    void theSameSeedGivesTheSameIntervalAndAnotherSeedNearlyIt() {
        List<GateFigure.Samples> a = List.of(periods(GateRuns.around(4_000, 0.3, 12, 0)));
        List<GateFigure.Samples> b = List.of(periods(GateRuns.around(4_400, 0.3, 12, 5)));
        assertEquals(bootstrap.change(a, b, 0.95), new Bootstrap(2_000, 7).change(a, b, 0.95));
        Bootstrap.Change other = new Bootstrap(2_000, 8).change(a, b, 0.95);
        assertEquals(bootstrap.change(a, b, 0.95).lowPercent(), other.lowPercent(), 3.0);
    }

    @Test
    void repeatsAddTheSpreadBetweenRuns() {
        // Each run is steady within itself, but the runs differ by ±15 %: only repeats show that.
        List<GateFigure.Samples> a = List.of(periods(GateRuns.around(4_000, 0.02, 8, 0)), periods(GateRuns.around(4_600, 0.02, 8, 1)),
                periods(GateRuns.around(3_400, 0.02, 8, 2)));
        List<GateFigure.Samples> b = List.of(periods(GateRuns.around(4_300, 0.02, 8, 3)), periods(GateRuns.around(3_700, 0.02, 8, 4)),
                periods(GateRuns.around(4_900, 0.02, 8, 5)));
        Bootstrap.Change c = bootstrap.change(a, b, 0.95);
        assertEquals("repeats", c.noise());
        assertTrue(c.lowPercent() < 0 && c.highPercent() > 0, c.toString());
        Bootstrap.Change oneEach = bootstrap.change(List.of(a.get(0)), List.of(b.get(0)), 0.95);
        assertTrue(oneEach.lowPercent() > 0, "one run a side sees only the periods: " + oneEach);
    }

    @Test
    void tooFewPeriodsOrAFigureOncePerRunNeedRepeats() {
        Bootstrap.Change few = bootstrap.change(List.of(periods(new long[] {1, 2, 3, 4})), List.of(periods(new long[] {1, 2, 3, 4, 5})), 0.95);
        assertEquals("one baseline run with 4 measured period(s): its noise needs repeats or at least 5 periods (a longer run, or a "
                + "shorter --sample-interval)", few.notJudged());
        GateFigure.Samples once = new GateFigure.Samples(new double[] {2.0}, new double[] {1}, false);
        assertTrue(bootstrap.change(List.of(once), List.of(once), 0.95).notJudged().contains("its noise needs repeats"));
        Bootstrap.Change repeated = bootstrap.change(List.of(once, once), List.of(once, once), 0.95);
        assertNull(repeated.notJudged());
        assertEquals(0, repeated.effectPercent(), 1e-9);
    }

    @Test
    void blocksCoverEveryPeriodCountWithConsecutiveRuns() {
        assertEquals(2, Bootstrap.blockLength(5));
        assertEquals(2, Bootstrap.blockLength(15));
        assertEquals(3, Bootstrap.blockLength(16));
        int[] drawn = Bootstrap.blocks(10, new java.util.SplittableRandom(1));
        assertEquals(10, drawn.length);
        for (int i : drawn) {
            assertTrue(i >= 0 && i < 10);
        }
    }
}
