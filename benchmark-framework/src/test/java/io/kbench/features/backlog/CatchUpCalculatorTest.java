package io.kbench.features.backlog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.PeriodStats;
import java.util.List;
import org.junit.jupiter.api.Test;

import io.kbench.model.PhaseTotals;
import io.kbench.model.LoadState;
class CatchUpCalculatorTest {

    private static final double MB = 1024.0 * 1024.0;
    /** 0.01 GB of 1 KiB messages, one subscription: 10,485 messages, drained to 1,000. */
    private static final BacklogPlan PLAN = BacklogPlan.of(0.01, 1_024, 1.0, 1);

    /** A worker's stats over a phase: {@code acked} published and {@code received} consumed, with one latency for each. */
    private static PeriodStats worker(String id, long micros, long acked, long received, Counts runTotals,
                                      long publishMicros, long endToEndMicros) {
        LatencyHistograms l = LatencyHistograms.empty();
        if (acked > 0) {
            l.publish().recordValueWithCount(publishMicros, acked);
        }
        if (received > 0) {
            l.endToEnd().recordValueWithCount(endToEndMicros, received);
        }
        Counts counts = new Counts(acked, acked, acked * 1_024, 0, received, received * 1_024, 0);
        return new PeriodStats(id, micros, counts, runTotals, l, 0.2, false, List.of(), null, List.of(), null);
    }

    private static Counts totals(long acked, long received) {
        return new Counts(acked, acked, acked * 1_024, 0, received, received * 1_024, 0);
    }

    private static PhaseTotals build() {
        // 10.5 s at 1,000 msg/s with the consumers paused: 10,500 waiting when they resumed (beyond 500 from the warmup).
        LoadState end = new LoadState(totals(11_000, 500), 1, false);
        return new PhaseTotals(true, List.of(worker("a", 10_500_000, 10_500, 0, totals(11_000, 500), 2_000, 0)), end);
    }

    @Test
    void theDrainAloneGivesTheCatchUpRatesOverItsWindow() {
        // Two workers over the drain; b's clock saw the longer window (4.75 s), which is the drain's.
        PhaseTotals drain = new PhaseTotals(true, List.of(
                worker("a", 4_700_000, 2_375, 7_000, totals(13_375, 7_500), 3_000, 6_000_000),
                worker("b", 4_750_000, 2_375, 7_250, totals(2_375, 7_250), 5_000, 8_000_000)),
                new LoadState(totals(15_750, 14_750), 1, false));

        CatchUp c = CatchUpCalculator.calculate(PLAN, build(), drain);

        assertEquals(10_485, c.targetBacklogMessages());
        assertEquals(10_485L * 1_024, c.targetBacklogBytes());
        assertEquals(1_000, c.drainLevelMessages());
        assertEquals(10_500, c.buildMillis());
        assertEquals(10_500, c.backlogAtResumeMessages());
        assertEquals(10_500L * 1_024, c.backlogAtResumeBytes());
        assertEquals(4_750, c.drainMillis());
        assertEquals(14_250, c.consumedMessages());
        assertEquals(14_250L * 1_024, c.consumedBytes());
        assertEquals(3_000.0, c.consumeRatePerSecond(), 1e-9, "14,250 in 4.75 s");
        assertEquals(3_000.0 * 1_024 / MB, c.consumeMBps(), 1e-12);
        assertEquals(4_750, c.publishedMessages());
        assertEquals(1_000.0, c.publishRatePerSecond(), 1e-9);
        assertEquals(1_000.0 * 1_024 / MB, c.publishMBps(), 1e-12);
    }

    @Test
    void theLatenciesWhileDrainingAreEveryWorkersSamplesOfTheDrain() {
        PhaseTotals drain = new PhaseTotals(true, List.of(
                worker("a", 4_000_000, 100, 300, totals(100, 300), 3_000, 6_000_000),
                worker("b", 4_000_000, 300, 100, totals(300, 100), 5_000, 8_000_000)),
                new LoadState(totals(400, 400), 1, false));

        CatchUp c = CatchUpCalculator.calculate(PLAN, build(), drain);

        assertEquals(400, c.publishLatency().count(), "the build's 10,500 samples are not in it");
        assertEquals(5_000, c.publishLatency().p50Micros(), 5, "three quarters of the acks are b's");
        assertEquals(3_000, c.publishLatency().minMicros(), 5);
        assertEquals(400, c.endToEndLatency().count());
        assertEquals(6_000_000, c.endToEndLatency().p50Micros(), 6_000_000 / 1_000, "three quarters of the reads are a's");
        assertEquals(8_000_000, c.endToEndLatency().maxMicros(), 8_000_000 / 1_000);
    }

    @Test
    void aDrainThatTookNoTimeHasNoRatesRatherThanInfiniteOnes() {
        PhaseTotals drain = new PhaseTotals(true, List.of(), new LoadState(totals(11_000, 10_500), 1, false));
        CatchUp c = CatchUpCalculator.calculate(PLAN, build(), drain);
        assertEquals(0, c.drainMillis());
        assertEquals(0.0, c.consumeRatePerSecond());
        assertEquals(0.0, c.consumeMBps());
        assertEquals(0, c.publishLatency().count());
    }
}
