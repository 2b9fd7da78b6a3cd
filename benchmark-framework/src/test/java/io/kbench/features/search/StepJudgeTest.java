package io.kbench.features.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepJudgeTest {

    private static final Slo P99_50MS = Slo.parse("publish.p99<=50ms");

    /** A 10 s window that acknowledged {@code rate} msg/s with the given publish p99. */
    private static Measurement measured(double rate, long publishP99Micros) {
        long acked = Math.round(rate * 10);
        LatencySummary p = new LatencySummary(acked, publishP99Micros / 2.0, publishP99Micros / 2, publishP99Micros / 2,
                publishP99Micros, publishP99Micros, publishP99Micros, publishP99Micros, publishP99Micros, publishP99Micros);
        return new Measurement(0, 10_000_000, new Counts(acked, acked, acked, 0, acked, acked, 0), rate, rate / 1000, 0, rate,
                rate, false, 0, rate, 1, p, p, LatencySummary.EMPTY, p, LatencyHistograms.empty(), List.of(), List.of());
    }

    private static StepJudge.StepFigures figures(Measurement m, double requested) {
        return new StepJudge.StepFigures(m, requested, 0, 0, 0, 0);
    }

    @Test
    void aStepThatKeepsItsRateAndItsObjectivePasses() {
        StepJudge.Verdict v = StepJudge.judge(figures(measured(9_950, 20_000), 10_000), P99_50MS, Diagnosis.NONE);
        assertTrue(v.passed(), v.reasons().toString());
        assertEquals(List.of(), v.reasons());
    }

    @Test
    void achievingLessThan99PercentFailsWithTheFigures() {
        StepJudge.Verdict v = StepJudge.judge(figures(measured(9_800, 20_000), 10_000), Slo.THROUGHPUT_ONLY, Diagnosis.NONE);
        assertFalse(v.passed());
        assertEquals(List.of("achieved 9,800 of 10,000 msg/s (98.00%)"), v.reasons());
    }

    @Test
    void aShortfallTheWindowsEdgeExplainsPassesUpToOnePercentMore() {
        // 10 s window, p99 200 ms: the edge can take 2% of the rate, the cap allows 1% of it, so 98% is the floor.
        assertTrue(StepJudge.judge(figures(measured(9_801, 200_000), 10_000), Slo.THROUGHPUT_ONLY, Diagnosis.NONE).passed());
        assertFalse(StepJudge.judge(figures(measured(9_799, 200_000), 10_000), Slo.THROUGHPUT_ONLY, Diagnosis.NONE).passed());
        // p99 50 ms over 10 s: 0.5% more, so 98.5% is the floor.
        assertTrue(StepJudge.judge(figures(measured(9_851, 50_000), 10_000), Slo.THROUGHPUT_ONLY, Diagnosis.NONE).passed());
        assertFalse(StepJudge.judge(figures(measured(9_849, 50_000), 10_000), Slo.THROUGHPUT_ONLY, Diagnosis.NONE).passed());
    }

    @Test
    void aGrowingBacklogFailsButAConsumerSlightlyBehindDoesNot() {
        Measurement m = measured(10_000, 1_000); // 100,000 acked: 1% is 1,000 messages
        assertTrue(StepJudge.judge(new StepJudge.StepFigures(m, 10_000, 1_000, 0, 0, 0), Slo.THROUGHPUT_ONLY, Diagnosis.NONE).passed());
        StepJudge.Verdict grew = StepJudge.judge(new StepJudge.StepFigures(m, 10_000, 1_001, 0, 0, 0), Slo.THROUGHPUT_ONLY,
                Diagnosis.NONE);
        assertEquals(List.of("the consumers fell behind: the backlog grew by 1,001 messages"), grew.reasons());
    }

    @Test
    void failuresUndeliveredAndUnreadMessagesEachFailTheStep() {
        StepJudge.Verdict v = StepJudge.judge(new StepJudge.StepFigures(measured(10_000, 1_000), 10_000, 0, 7, 3, 2),
                Slo.THROUGHPUT_ONLY, Diagnosis.NONE);
        assertFalse(v.passed());
        assertEquals(List.of("the consumers had 7 messages still unread when the drain after the step gave up", "3 sends failed",
                "2 messages were still unacknowledged when the drain after the step gave up"), v.reasons());
    }

    @Test
    void theObjectiveIsJudgedOnTheStepsLatencies() {
        StepJudge.Verdict v = StepJudge.judge(figures(measured(10_000, 80_000), 10_000), P99_50MS, Diagnosis.NONE);
        assertFalse(v.passed());
        assertEquals(List.of("publish p99 is 80 ms, over publish p99 <= 50 ms"), v.reasons());
        assertFalse(v.clientBound());
    }

    @Test
    void aClientBoundDiagnosisExplainsAShortfall() {
        Diagnosis clients = Diagnosis.of(Diagnosis.Verdict.CLIENT_BOUND, List.of("worker w1 CPU at 98%"));
        StepJudge.Verdict v = StepJudge.judge(figures(measured(9_000, 1_000), 10_000), Slo.THROUGHPUT_ONLY, clients);
        assertFalse(v.passed());
        assertTrue(v.clientBound());
        assertEquals(List.of("achieved 9,000 of 10,000 msg/s (90.00%)", "client-bound: worker w1 CPU at 98%"), v.reasons());
    }

    @Test
    void aStepThatMetEverythingPassesWhateverTheDiagnosisSays() {
        Diagnosis clients = Diagnosis.of(Diagnosis.Verdict.CLIENT_BOUND, List.of("the schedule delay kept growing"));
        StepJudge.Verdict v = StepJudge.judge(figures(measured(10_000, 1_000), 10_000), Slo.THROUGHPUT_ONLY, clients);
        assertTrue(v.passed(), v.reasons().toString());
        assertFalse(v.clientBound(), "the clients kept up, so they did not bind");
        assertEquals(List.of(), v.reasons());
    }
}
