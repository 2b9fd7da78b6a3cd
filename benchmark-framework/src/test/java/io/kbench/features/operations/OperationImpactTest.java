package io.kbench.features.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.Diagnosis;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The diagnosis names an operation that raised latency well above what it was just before it. */
class OperationImpactTest {

    private static WindowFigures p99(long micros) {
        return new WindowFigures(10_000, 10, micros / 2, micros, micros, null, null, null, 1000.0, 1000, 0, null);
    }

    private static Operations ops(long beforeMicros, long duringMicros, int maxOffline) {
        OperationEntry e = new OperationEntry("rolling-restart", "3 broker(s)", 10_000, 10_000L, 20_000_000L, "t", 90_000_000L, 70_000L,
                OperationStatus.DONE, "3 of 3 broker(s) restarted", List.of(), null, null, null, null, null, "nothing to put back", p99(beforeMicros),
                p99(duringMicros));
        return new Operations(List.of(e), List.of(), 0, 6, maxOffline, List.of());
    }

    @Test
    void anOperationThatMoreThanDoubledP99ByTwentyMillisecondsIsNamed() {
        Diagnosis d = OperationImpact.judge(ops(131_000, 1_802_000, 0)).orElseThrow();
        assertEquals(Diagnosis.Verdict.CLUSTER_BOUND, d.verdict());
        assertEquals("operation rolling-restart (done) raised publish p99 from 131 to 1802 ms while it ran (70.0 s)", d.reasons().get(0));
    }

    @Test
    void aSmallRiseIsNoLimit() {
        assertEquals(Optional.empty(), OperationImpact.judge(ops(5_000, 12_000, 0)), "doubled but by less than 20 ms");
        assertEquals(Optional.empty(), OperationImpact.judge(ops(100_000, 150_000, 0)), "by 50 ms but not doubled");
    }

    @Test
    void offlinePartitionsAreNamed() {
        assertTrue(OperationImpact.judge(ops(5_000, 5_000, 2)).orElseThrow().reasons().get(0).startsWith("2 partition(s) were offline"));
    }
}
