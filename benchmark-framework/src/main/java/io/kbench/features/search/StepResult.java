package io.kbench.features.search;

import io.kbench.stats.LatencySummary;
import java.util.List;
import java.util.Locale;

/**
 * One step of a max-rate search, as the result keeps it.
 *
 * @param number 1, 2, ...
 * @param stage grow, bisect or confirm
 * @param requestedRate messages per second asked for
 * @param achievedRate messages per second acknowledged over the step's measurement
 * @param achievedMBps payload MB per second acknowledged
 * @param publishLatency ack − intended send over the step
 * @param sendLatency ack − send
 * @param endToEndLatency consume − intended send
 * @param backlogGrowthMessages how much the consumers fell further behind during the step
 * @param failedMessages sends that failed during the step
 * @param passed the step met every criterion
 * @param clientBound the clients, not the cluster, limited the step
 * @param reasons why it failed (empty when it passed)
 * @param startEpochMillis when its measurement began
 * @param measuredMillis how long it was measured
 */
public record StepResult(
        int number,
        String stage,
        double requestedRate,
        double achievedRate,
        double achievedMBps,
        LatencySummary publishLatency,
        LatencySummary sendLatency,
        LatencySummary endToEndLatency,
        long backlogGrowthMessages,
        long failedMessages,
        boolean passed,
        boolean clientBound,
        List<String> reasons,
        long startEpochMillis,
        long measuredMillis) {

    /** "step 3 (grow) at 20,000 msg/s: achieved 19,998 msg/s, publish p99 4.1 ms: pass". */
    public String line() {
        return String.format(Locale.ROOT, "step %d (%s) at %,.0f msg/s: achieved %,.0f msg/s (%.2f MB/s), publish p99 %s ms: %s",
                number, stage, requestedRate, achievedRate, achievedMBps, Slo.ms(publishLatency.p99Micros()),
                passed ? "pass" : "FAIL (" + String.join("; ", reasons) + ")");
    }
}
