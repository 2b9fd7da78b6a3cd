package io.kbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.coordinator.PeriodSummary;
import io.kbench.coordinator.Phase;
import io.kbench.stats.Counts;
import io.kbench.stats.Latencies;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientBoundTest {

    private static final LatencySummary E = LatencySummary.EMPTY;

    static WorkerSummary worker(String id, double cpu) {
        return new WorkerSummary(id, 1000, 100, 1, 0, 1000, 100, E, E, cpu, 4, 0, List.of());
    }

    static Measurement measurement(long sent, long lag, WorkerSummary... workers) {
        Counts counts = new Counts(sent, sent, sent * 100, 0, sent, sent * 100, 0);
        return new Measurement(0, 10_000_000, counts, 100, 1, 0, 100, 100, false, lag, 100, 1, E, E, E, E,
                Latencies.empty(), List.of(workers), List.of());
    }

    static PeriodSummary period(Phase phase, long scheduleDelayP99Micros) {
        LatencySummary delay = new LatencySummary(1000, scheduleDelayP99Micros / 2.0, scheduleDelayP99Micros / 2, 0, 0,
                scheduleDelayP99Micros, scheduleDelayP99Micros, scheduleDelayP99Micros, scheduleDelayP99Micros,
                scheduleDelayP99Micros);
        return new PeriodSummary(phase, 0, 1_000_000, 100, 1, 0, 100, 1, 0, 0, E, E, delay, E, 0.5, false);
    }

    static List<PeriodSummary> measured(long... p99Micros) {
        List<PeriodSummary> periods = new ArrayList<>();
        periods.add(period(Phase.WARMUP, 900_000)); // warmup periods are not judged
        for (long p99 : p99Micros) {
            periods.add(period(Phase.MEASURE, p99));
        }
        periods.add(period(Phase.DRAIN, 0));
        return periods;
    }

    @Test
    void aHealthyRunIsNotClientBound() {
        ClientBound b = ClientBound.detect(measurement(10_000, 5, worker("w1", 0.4)), measured(800, 900, 1_000, 850, 700, 900));
        assertFalse(b.bound());
        assertNull(b.reason());
        assertNull(b.warning());
        assertFalse(ClientBound.detect(null, List.of()).bound());
    }

    @Test
    void aSaturatedWorkerCpuMakesItClientBound() {
        ClientBound b = ClientBound.detect(measurement(10_000, 0, worker("w1", 0.5), worker("w2", 0.93)), measured());
        assertTrue(b.bound());
        assertEquals(1, b.reasons().size());
        assertTrue(b.reason().contains("worker w2 used 93% of its 4 cores"), b.reason());
        assertTrue(b.warning().startsWith("client-bound: "), b.warning());
        assertTrue(b.warning().contains("add client machines"), b.warning());
        assertTrue(b.warning().contains("2 client machines per CKU on AWS and Azure, 4 on GCP"), b.warning());
        assertTrue(b.warning().contains("more producers"), b.warning());
    }

    @Test
    void aGrowingScheduleDelayMakesItClientBound() {
        // First third p99s 2, 3 ms; last third 40, 80 ms: the generator falls further and further behind.
        ClientBound b = ClientBound.detect(measurement(10_000, 0, worker("w1", 0.6)),
                measured(2_000, 3_000, 5_000, 10_000, 40_000, 80_000));
        assertTrue(b.bound());
        assertTrue(b.reason().contains("schedule delay kept growing: p99 60.0 ms in the last third"), b.reason());
        assertTrue(b.reason().contains("against 2.5 ms in the first"), b.reason());
    }

    @Test
    void oneSpikeOrASmallDelayIsNotGrowth() {
        Measurement m = measurement(10_000, 0, worker("w1", 0.6));
        // A single 200 ms pause in the last third: the median of the last third stays low.
        assertFalse(ClientBound.detect(m, measured(2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 200_000)).bound());
        // Growing, but only to 8 ms: under the 10 ms floor.
        assertFalse(ClientBound.detect(m, measured(1_000, 2_000, 4_000, 8_000)).bound());
        // Fewer than 3 measured periods: nothing to compare.
        assertFalse(ClientBound.detect(m, measured(1_000, 90_000)).bound());
    }

    @Test
    void aScheduleLagOverOnePercentMakesItClientBound() {
        assertFalse(ClientBound.detect(measurement(10_000, 100, worker("w1", 0.6)), measured()).bound(), "exactly 1%");
        ClientBound b = ClientBound.detect(measurement(10_000, 101, worker("w1", 0.6)), measured());
        assertTrue(b.bound());
        assertTrue(b.reason().contains("101 messages were due but not yet sent"), b.reason());
    }

    @Test
    void everyReasonIsKept() {
        ClientBound b = ClientBound.detect(measurement(1_000, 500, worker("w1", 0.99)), measured(1_000, 1_000, 1_000, 50_000, 50_000, 50_000));
        assertEquals(3, b.reasons().size(), b.reasons().toString());
        assertTrue(b.reason().contains("the worker (w1) used 99%"), b.reason());
    }
}
