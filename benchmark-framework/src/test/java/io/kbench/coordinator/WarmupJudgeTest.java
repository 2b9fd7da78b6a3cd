package io.kbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmupJudgeTest {

    private static final long INTERVAL_MICROS = 5_000_000;

    private static PeriodSummary period(long p99Micros, double requested, long lag) {
        LatencySummary publish = new LatencySummary(100, p99Micros, p99Micros, p99Micros, p99Micros, p99Micros, p99Micros,
                p99Micros, p99Micros, p99Micros);
        LatencySummary e = LatencySummary.EMPTY;
        return new PeriodSummary(Phase.WARMUP, 0, INTERVAL_MICROS, 1000, 1, 0, 1000, 1, 0, 0, publish, e, e, e, 0.3, false,
                requested, lag);
    }

    private static List<PeriodSummary> periods(long lag, long... p99) {
        List<PeriodSummary> list = new ArrayList<>();
        for (long v : p99) {
            list.add(period(v, 25_000, lag));
        }
        return list;
    }

    @Test
    void aGeneratorBehindItsScheduleIsNotSettledWhateverTheLatency() {
        WarmupJudge.Verdict v = WarmupJudge.judge(periods(300_000, 20_000, 20_000, 20_000), INTERVAL_MICROS);
        assertFalse(v.settled());
        assertTrue(v.reason().contains("300,000 messages behind their schedule (12.0 s at 25,000 msg/s)"), v.reason());
        // Behind by less than one interval's messages (125,000 at 25,000 msg/s over 5 s) is caught up.
        assertTrue(WarmupJudge.judge(periods(100_000, 20_000, 21_000, 20_500), INTERVAL_MICROS).settled());
    }

    @Test
    void latencyStillFallingIsNotSettled() {
        WarmupJudge.Verdict v = WarmupJudge.judge(periods(0, 45_000_000, 9_000_000, 2_000_000), INTERVAL_MICROS);
        assertFalse(v.settled());
        assertTrue(v.reason().contains("publish p99 has not settled: 2000.0 to 9000.0 ms"), v.reason());
        assertTrue(WarmupJudge.judge(periods(0, 45_000_000, 30_000, 27_000), INTERVAL_MICROS).settled(),
                "the last two periods within 25%");
    }

    @Test
    void smallLatenciesAreSettledDespiteTheirNoise() {
        assertTrue(WarmupJudge.judge(periods(0, 1_000, 4_500), INTERVAL_MICROS).settled(), "within 5 ms");
    }

    @Test
    void tooFewPeriodsToCompareAreNotSettled() {
        assertFalse(WarmupJudge.judge(periods(0, 1_000), INTERVAL_MICROS).settled());
        assertFalse(WarmupJudge.judge(List.of(), INTERVAL_MICROS).settled());
    }
}
