package io.kbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.time.ManualClock;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.kbench.model.LoadState;
@Timeout(10)
class PeriodCollectorTest {

    private static final long T0 = 1_000_000_000L;
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(T0, 1_700_000_000_000_000L);
    private final StopSignal stop = new StopSignal();
    private final List<PeriodSummary> summaries = new ArrayList<>();
    private final ScriptedWorker fast = new ScriptedWorker("fast", clock, 1_000, 500);
    private final ScriptedWorker slow = new ScriptedWorker("slow", clock, 500, 1_500);
    private final WorkerEnsemble workers = WorkerEnsemble.of(List.<Worker>of(fast, slow));

    @AfterEach
    void close() {
        workers.close();
    }

    private final List<PeriodSummary> samples = new ArrayList<>();

    /** Samples as long as the progress periods unless a test says otherwise. */
    private PeriodCollector collector(Duration interval, long loadStartNanos) {
        return collector(interval, interval, loadStartNanos);
    }

    private PeriodCollector collector(Duration interval, Duration sampleInterval, long loadStartNanos) {
        return new PeriodCollector(workers, new Waiter(clock, stop), interval, loadStartNanos, 1, summaries::add, sampleInterval,
                (period, workers) -> samples.add(period), null);
    }

    @Test
    void theResultsSamplesHaveTheirOwnLengthBesideTheProgressPeriods() {
        collector(Duration.ofSeconds(1), Duration.ofSeconds(4), T0).runFor(Phase.MEASURE, Duration.ofSeconds(10));

        assertEquals(10, summaries.size(), "a progress line a second");
        assertEquals(List.of(4_000L, 8_000L, 10_000L), samples.stream().map(p -> p.elapsedMicros() / 1_000).toList());
        assertEquals(List.of(4_000L, 4_000L, 2_000L), samples.stream().map(p -> p.durationMicros() / 1_000).toList(),
                "and a shorter last sample when the phase ends");
        assertEquals(1_500 * 4, samples.get(0).publishLatency().count(), "every message of the 4 s in the sample");
        assertEquals(1_500.0, samples.get(1).publishRate(), 1e-9);
    }

    private List<Long> elapsedMillis() {
        return summaries.stream().map(p -> p.elapsedMicros() / 1_000).toList();
    }

    private List<Long> durationMillis() {
        return summaries.stream().map(p -> p.durationMicros() / 1_000).toList();
    }

    @Test
    void runForEmitsOneSummaryPerIntervalAndAShorterLastOne() {
        collector(Duration.ofSeconds(3), T0 - 2 * S).runFor(Phase.MEASURE, Duration.ofSeconds(10));

        assertEquals(List.of(5_000L, 8_000L, 11_000L, 12_000L), elapsedMillis(), "elapsed since the load started");
        assertEquals(List.of(3_000L, 3_000L, 3_000L, 1_000L), durationMillis());
        assertEquals(T0 + 10 * S, clock.nanoTime());
        assertEquals(List.of(T0 + 3 * S, T0 + 6 * S, T0 + 9 * S, T0 + 10 * S), fast.callTimes, "one poll per period");
        for (PeriodSummary p : summaries) {
            assertEquals(Phase.MEASURE, p.phase());
            assertEquals(1_500.0, p.publishRate(), 1e-9, "1000 + 500 msg/s");
            assertEquals(1_500 * 100 / (1024.0 * 1024.0), p.publishMBps(), 1e-12);
            assertEquals(1_500 * p.durationMicros() / 1_000_000, p.publishLatency().count());
            assertEquals(500, p.publishLatency().p50Micros(), "two thirds of the samples are the fast worker's");
            assertEquals(1_500, p.publishLatency().maxMicros());
            assertEquals(0.5, p.maxWorkerCpu());
        }
    }

    @Test
    void runUntilPollsOftenAndEndsWhenTheConditionHolds() {
        fast.doneAt = now -> now >= T0 + 2_300 * MS;
        slow.doneAt = now -> true;
        boolean met = collector(Duration.ofSeconds(1), T0).runUntil(Phase.MEASURE, LoadState::producersDone, null);

        assertTrue(met);
        // Polled every 250 ms; reported at 1 s and 2 s, and when the condition held at 2.5 s.
        assertEquals(10, fast.callTimes.size());
        assertEquals(List.of(1_000L, 2_000L, 2_500L), elapsedMillis());
        assertEquals(List.of(1_000L, 1_000L, 500L), durationMillis());
        assertEquals(List.of(false, false, true), summaries.stream().map(PeriodSummary::producersDone).toList());
        // The four 250 ms slices of a period are merged into one.
        assertEquals(1_500.0, summaries.get(0).publishRate(), 1e-9);
        assertEquals(1_500, summaries.get(0).publishLatency().count());
        assertEquals(750, summaries.get(2).publishLatency().count());
    }

    @Test
    void runUntilReturnsFalseOnTimeout() {
        boolean met = collector(Duration.ofSeconds(1), T0).runUntil(Phase.DRAIN, s -> false, Duration.ofMillis(1_600));

        assertFalse(met);
        assertEquals(T0 + 1_600 * MS, clock.nanoTime());
        assertEquals(List.of(1_000L, 1_600L), elapsedMillis());
        assertEquals(List.of(1_000L, 600L), durationMillis());
        assertEquals(Phase.DRAIN, summaries.get(1).phase());
    }

    @Test
    void runUntilPollsAtTheIntervalWhenItIsShorterThanThePollPeriod() {
        fast.doneAt = now -> now >= T0 + 300 * MS;
        boolean met = collector(Duration.ofMillis(100), T0).runUntil(Phase.MEASURE, s -> s.runTotals().messagesAcked() >= 450,
                Duration.ofSeconds(5));
        // 1500 msg/s in all: 450 acknowledged at 300 ms.
        assertTrue(met);
        assertEquals(List.of(100L, 200L, 300L), elapsedMillis());
    }

    @Test
    void aStopRequestEndsThePhase() {
        fast.onCall = n -> {
            if (n == 3) {
                stop.request("Ctrl-C");
                stop.request("second reason is ignored");
            }
        };
        RunStoppedException e = assertThrows(RunStoppedException.class,
                () -> collector(Duration.ofSeconds(1), T0).runFor(Phase.MEASURE, Duration.ofSeconds(10)));
        assertEquals("Ctrl-C", e.getMessage());
        assertEquals(3, summaries.size(), "the period completed before the stop is still reported");
        assertEquals(T0 + 3 * S, clock.nanoTime(), "no further waiting");
    }

    @Test
    void aStopRequestedBeforeThePhaseEndsItAtOnce() {
        stop.request("shutting down");
        assertTrue(stop.requested());
        RunStoppedException e = assertThrows(RunStoppedException.class,
                () -> collector(Duration.ofSeconds(1), T0).runUntil(Phase.DRAIN, s -> false, null));
        assertEquals("shutting down", e.getMessage());
        assertEquals(List.of(), fast.callTimes);
        assertEquals(T0, clock.nanoTime());
    }

    @Test
    void aMeasurementTooLongForItsProgressPeriodsGetsLongerOnesWithExactFigures() {
        // 95 s at 1 s would be 95 progress periods, 10 at most: 10 s ones.
        collector(Duration.ofSeconds(1), Duration.ofSeconds(30), T0).withMaxProgressPeriods(10).runFor(Phase.MEASURE, Duration.ofSeconds(95));

        assertEquals(List.of(10_000L, 10_000L, 10_000L, 10_000L, 10_000L, 10_000L, 10_000L, 10_000L, 10_000L, 5_000L), durationMillis());
        assertEquals(1_500 * 10, summaries.get(0).publishLatency().count(), "every message of the 10 s in the period");
        assertEquals(1_500.0, summaries.get(7).publishRate(), 1e-9);
        assertEquals(4, samples.size(), "the result's periods as asked");
    }

    @Test
    void aPhaseOfUnknownLengthDoublesItsPeriodsEachTimeItHasMadeTheMost() {
        long end = T0 + (10 + 2 * 10 + 4 * 3) * S;
        collector(Duration.ofSeconds(1), Duration.ofHours(10), T0).withMaxProgressPeriods(10)
                .runUntil(Phase.DRAIN, s -> clock.nanoTime() >= end, null);

        assertEquals(List.of(1_000L, 1_000L, 1_000L, 1_000L, 1_000L, 1_000L, 1_000L, 1_000L, 1_000L, 1_000L,
                2_000L, 2_000L, 2_000L, 2_000L, 2_000L, 2_000L, 2_000L, 2_000L, 2_000L, 2_000L, 4_000L, 4_000L, 4_000L), durationMillis());
        assertEquals(3_000, summaries.get(10).publishLatency().count(), "every message of the 2 s");
    }
}
