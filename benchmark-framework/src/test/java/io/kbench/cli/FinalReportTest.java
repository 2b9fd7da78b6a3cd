package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kbench.model.WorkerSummary;
import java.util.List;
import org.junit.jupiter.api.Test;

class FinalReportTest {

    private static WorkerSummary worker(String id, double cpuShare, Double cpuMicrosPerMessage) {
        return new WorkerSummary(id, 1000, 100, 0.01, 0, 1000, 100, null, null, cpuShare, 2, 0, List.of(), cpuMicrosPerMessage);
    }

    @Test
    void aBusyWorkerSaysWhatOneMachineHandlesAtFullCpu() {
        assertEquals("Client CPU: 2.00 µs per message sent or consumed (the costliest of 2 workers: b; median 1.75 µs), "
                + "so a 2-core client machine like it handles about 1,000,000 msg/s at full CPU",
                FinalReport.clientCpuLine(List.of(worker("a", 0.4, 1.5), worker("b", 0.6, 2.0))));
    }

    @Test
    void aMostlyIdleWorkerDoesNotExtrapolateItsFixedCostsToAFullMachine() {
        // 100 msg/s at 9% of 2 cores: 1,800 µs per message, nearly all of it what the JVM costs per second.
        assertEquals("Client CPU: 1800.00 µs per message sent or consumed (w); its JVM used 9% of its 2 cores, so fixed costs weigh "
                + "on that figure: size client machines from a run at the rate you will use (docs/performance.md)",
                FinalReport.clientCpuLine(List.of(worker("w", 0.09, 1800.0))));
    }

    @Test
    void noLineWithoutAKnownFigure() {
        assertNull(FinalReport.clientCpuLine(List.of(worker("w", 0.5, null))));
    }
}
