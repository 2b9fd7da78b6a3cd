package io.kbench.features.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spikes: a period's p99.9 well above the run's median, attributed to the pauses and retention around it. */
class SpikeRuleTest {

    private static final long SECOND = 1_000_000;

    private static LatencySummary p999(long micros) {
        return new LatencySummary(1_000, micros / 2.0, micros / 4, micros / 3, micros / 2, micros / 2, micros, micros, micros, micros, 1);
    }

    /** Ten 1 s periods with publish p99.9 of 10 ms and end-to-end of 20 ms, but for the overrides. */
    private static List<PeriodSummary> periods(long publishAt5, long e2eAt8) {
        List<PeriodSummary> out = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            LatencySummary pub = p999(i == 5 ? publishAt5 : 10_000);
            LatencySummary e2e = p999(i == 8 ? e2eAt8 : 20_000);
            out.add(new PeriodSummary(Phase.MEASURE, i * SECOND, SECOND, 100, 0.1, 0, 100, 0.1, 0, 0, pub, pub, LatencySummary.EMPTY, e2e,
                    0.1, false, 100, 0));
        }
        return out;
    }

    @Test
    void theRuleNeedsBothTheFactorAndTheExcess() {
        assertTrue(SpikeRule.isSpike(31_000, 10_000));
        assertFalse(SpikeRule.isSpike(30_000, 10_000), "3x exactly is not above 3x");
        assertFalse(SpikeRule.isSpike(4_000, 1_000), "4x but only 3 ms above: a quiet run's noise");
        assertFalse(SpikeRule.isSpike(60_000, 50_000));
        assertEquals(15, SpikeRule.median(new long[] {10, 20, 5, 30}));
    }

    @Test
    void aSpikeIsAttributedToThePausesAndRetentionWithinOnePeriodOfIt() {
        long loadStart = 1_000 * SECOND;
        // publish spike in the period (4 s, 5 s]; a 180 ms pause starting at 3.5 s (within one period before), a 5 ms pause
        // (below the threshold) and a 300 ms pause at 8 s (too far)
        List<GcPause> pauses = List.of(new GcPause(loadStart + 3_500_000, 180_000, "w", "G1 Young Generation", "G1 Evacuation Pause"),
                new GcPause(loadStart + 4_500_000, 5_000, "w", "G1 Young Generation", "G1 Evacuation Pause"),
                new GcPause(loadStart + 8_000_000, 300_000, "w", "G1 Old Generation", "G1 Evacuation Pause"));
        List<RetentionEvent> retention = List.of(new RetentionEvent(8_500_000, "t", List.of(0, 2), 4_000));
        SpikeRule.Found f = SpikeRule.find(periods(412_000, 390_000), SpikeRule.elapsed(pauses, loadStart), retention);
        assertEquals(2, f.count());
        Spike publish = f.kept().get(0);
        assertEquals("publish p99.9", publish.figure());
        assertEquals(5 * SECOND, publish.elapsedMicros());
        assertEquals(412_000, publish.valueMicros());
        assertEquals(10_000, publish.medianMicros());
        assertEquals(List.of(180_000L), publish.gcPauses().stream().map(GcPause::durationMicros).toList());
        assertTrue(publish.retention().isEmpty());
        Spike e2e = f.kept().get(1);
        assertEquals("end-to-end p99.9", e2e.figure());
        assertEquals(List.of(300_000L), e2e.gcPauses().stream().map(GcPause::durationMicros).toList());
        assertEquals(retention, e2e.retention());
    }

    @Test
    void aSteadyRunHasNoSpikesAndAnUnexplainedOneSaysSo() {
        assertEquals(0, SpikeRule.find(periods(10_000, 20_000), List.of(), List.of()).count());
        SpikeRule.Found f = SpikeRule.find(periods(100_000, 20_000), List.of(), List.of());
        assertEquals(1, f.count());
        assertFalse(f.kept().get(0).explained());
        Timeline t = new Timeline(0, GcPauses.NONE, Retention.notKnown("no admin"), null, SpikeRule.FACTOR, SpikeRule.MIN_EXCESS_MICROS,
                SpikeRule.GC_THRESHOLD_MICROS, f.count(), f.kept());
        assertEquals("Spikes: 1 spike unexplained (publish p99.9 at 0:05 (100 ms, median 10 ms))", TimelineText.spikes(t));
        assertEquals("Retention: not known (no admin)", TimelineText.retention(t));
    }
}
