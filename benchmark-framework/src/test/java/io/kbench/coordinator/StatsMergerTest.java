package io.kbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.Counts;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import io.kbench.stats.PeriodStats;
import java.util.List;
import org.junit.jupiter.api.Test;

import io.kbench.model.LoadState;
class StatsMergerTest {

    private static final double MB = 1024.0 * 1024.0;

    private static LatencyHistograms publishSamples(long micros, long count) {
        LatencyHistograms l = LatencyHistograms.empty();
        l.publish().recordValueWithCount(micros, count);
        l.endToEnd().recordValueWithCount(micros * 2, count);
        return l;
    }

    private final PeriodStats w1 = new PeriodStats("w1", 1_000_000,
            new Counts(1_020, 1_000, (long) MB, 10, 0, 0, 0),
            new Counts(5_100, 5_000, 0, 20, 0, 0, 0),
            publishSamples(500, 100), 0.25, true, List.of(), null, List.of(), null);
    private final PeriodStats w2 = new PeriodStats("w2", 1_500_000,
            new Counts(1_500, 1_500, (long) (3 * MB), 0, 300, (long) (1.5 * MB), 0),
            new Counts(3_050, 3_000, 0, 0, 7_000, 0, 0),
            publishSamples(1_500, 100), 0.75, false, List.of(), null, List.of(), null);

    @Test
    void ratesAreSummedOverEachWorkersOwnPeriod() {
        PeriodSummary s = StatsMerger.summarize(Phase.WARMUP, 42_000_000, List.of(w1, w2), 2);
        assertEquals(Phase.WARMUP, s.phase());
        assertEquals(42_000_000, s.elapsedMicros());
        assertEquals(1_500_000, s.durationMicros(), "the longest worker period");
        assertEquals(1_000 + 1_000, s.publishRate(), 1e-9, "1000 in 1 s plus 1500 in 1.5 s");
        assertEquals(1 + 2, s.publishMBps(), 1e-9);
        assertEquals(10, s.publishErrorRate(), 1e-9);
        assertEquals(200, s.consumeRate(), 1e-9);
        assertEquals(1, s.consumeMBps(), 1e-9);
        assertEquals(0.75, s.maxWorkerCpu());
        assertFalse(s.producersDone(), "only when every worker's producers are done");
    }

    @Test
    void percentilesAreExactOverAllSamples() {
        PeriodSummary s = StatsMerger.summarize(Phase.MEASURE, 0, List.of(w1, w2), 1);
        LatencySummary p = s.publishLatency();
        assertEquals(200, p.count());
        assertEquals(1_000.0, p.avgMicros(), 1e-9);
        assertEquals(500, p.p50Micros(), "not the 1000 an average of per-worker medians would give");
        assertEquals(1_500, p.p75Micros());
        assertEquals(1_500, p.p99Micros());
        assertEquals(1_500, p.maxMicros());
        assertEquals(1_000, s.endToEndLatency().p50Micros());
        assertEquals(0, s.sendLatency().count());
        assertEquals(LatencySummary.EMPTY, s.scheduleDelay());
    }

    @Test
    void backlogAndInFlightComeFromRunTotals() {
        PeriodSummary s = StatsMerger.summarize(Phase.MEASURE, 0, List.of(w1, w2), 2);
        assertEquals(8_000L * 2 - 7_000, s.backlogMessages(), "acked x subscriptions - consumed");
        assertEquals(8_150 - 8_000 - 20, s.inFlightMessages(), "sent - acked - failed");
        assertEquals(8_000 - 7_000, StatsMerger.summarize(Phase.MEASURE, 0, List.of(w1, w2), 1).backlogMessages());
    }

    @Test
    void consumersAheadOfTheCountedAcknowledgementsLeaveNoBacklogRatherThanANegativeOne() {
        // The producers' worker was read before 6 more acknowledgements came in; the consumers' worker, read after,
        // already had those 6 messages. Before: "backlog -6 msg".
        PeriodStats producers = new PeriodStats("producers", 1_000_000, new Counts(1_000, 994, 99_400, 0, 0, 0, 0),
                new Counts(1_000, 994, 99_400, 0, 0, 0, 0), LatencyHistograms.empty(), 0.1, false, List.of(), null, List.of(), null);
        PeriodStats consumers = new PeriodStats("consumers", 1_000_000, new Counts(0, 0, 0, 0, 1_000, 100_000, 0),
                new Counts(0, 0, 0, 0, 1_000, 100_000, 0), LatencyHistograms.empty(), 0.1, true, List.of(), null, List.of(), null);
        assertEquals(0, StatsMerger.summarize(Phase.MEASURE, 0, List.of(producers, consumers), 1).backlogMessages());
        LoadState state = LoadState.of(List.of(producers, consumers), 1);
        assertEquals(0, state.backlogMessages());
        assertEquals(0, state.backlogBytes());
        assertEquals(6, state.inFlightMessages(), "the 6 still count as in flight: their acknowledgements are not in");
    }

    @Test
    void aWorkerWithAnEmptyPeriodAddsNoRate() {
        PeriodStats idle = new PeriodStats("idle", 0, new Counts(5, 5, 5, 5, 5, 5, 0), Counts.ZERO, LatencyHistograms.empty(),
                0, true, List.of(), null, List.of(), null);
        PeriodSummary s = StatsMerger.summarize(Phase.MEASURE, 0, List.of(idle, w1), 1);
        assertEquals(1_000, s.publishRate(), 1e-9);
        assertEquals(10, s.publishErrorRate(), 1e-9);
        assertTrue(s.producersDone());
        PeriodSummary none = StatsMerger.summarize(Phase.MEASURE, 0, List.of(), 1);
        assertEquals(0, none.publishRate());
        assertEquals(LatencySummary.EMPTY, none.publishLatency());
    }

    @Test
    void loadStateSumsRunTotals() {
        LoadState s = LoadState.of(List.of(w1, w2), 3);
        assertEquals(new Counts(8_150, 8_000, 0, 20, 7_000, 0, 0), s.runTotals());
        assertEquals(8_000L * 3 - 7_000, s.backlogMessages());
        assertEquals(130, s.inFlightMessages());
        assertFalse(s.producersDone());
        assertTrue(LoadState.of(List.of(w1), 1).producersDone());
    }

    @Test
    void consecutivePeriodsOfOneWorkerMergeIntoOne() {
        PeriodStats a = new PeriodStats("w", 250_000, new Counts(10, 8, 80, 1, 0, 0, 0), new Counts(10, 8, 80, 1, 0, 0, 0),
                publishSamples(100, 8), 0.2, false, List.of(new ErrorCount("X", 1, "x")), null, List.of(), null);
        PeriodStats b = new PeriodStats("w", 750_000, new Counts(30, 30, 300, 0, 5, 50, 1), new Counts(40, 38, 380, 1, 5, 50, 1),
                publishSamples(300, 30), 0.6, true,
                List.of(new ErrorCount("X", 1, "x"), new ErrorCount("Y", 1, "y")), null, List.of(), null);
        PeriodStats m = a.then(b);
        assertEquals(1_000_000, m.durationMicros());
        assertEquals(new Counts(40, 38, 380, 1, 5, 50, 1), m.counts());
        assertEquals(b.runTotals(), m.runTotals());
        assertEquals(38, m.latencies().publish().getTotalCount());
        assertEquals(0.2 * 0.25 + 0.6 * 0.75, m.processCpuLoad(), 1e-12, "CPU weighted by duration");
        assertTrue(m.producersDone());
        assertEquals(b.errors(), m.errors());
        assertEquals(8, a.latencies().publish().getTotalCount(), "merging leaves the parts alone");
    }
}
