package io.kbench.features.backlog;

import io.kbench.model.Units;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import io.kbench.stats.PeriodStats;

import io.kbench.model.PhaseTotals;
import io.kbench.model.LoadState;
/**
 * The catch-up figures of a backlog run from its build and drain phases' totals: counts summed over
 * workers, histograms added (percentiles over every sample), rates over one window, the longest of
 * the workers' own (each covers exactly its counts).
 */
final class CatchUpCalculator {

    private CatchUpCalculator() {}

    /**
     * @param build the build phase; its end is where the backlog stood when the consumers were resumed
     * @param drain the drain phase, which ended at the drain level
     */
    static CatchUp calculate(BacklogPlan plan, PhaseTotals build, PhaseTotals drain) {
        Counts counts = Counts.ZERO;
        LatencyHistograms latencies = LatencyHistograms.empty();
        for (PeriodStats w : drain.workers()) {
            counts = counts.plus(w.counts());
            latencies.add(w.latencies());
        }
        long micros = drain.durationMicros();
        LoadState resumed = build.end();
        return new CatchUp(
                plan.targetMessages(),
                plan.targetBytes(),
                plan.drainLevelMessages(),
                build.durationMicros() / 1_000,
                resumed == null ? 0 : resumed.backlogMessages(),
                resumed == null ? 0 : resumed.backlogBytes(),
                micros / 1_000,
                counts.messagesReceived(),
                counts.bytesReceived(),
                Units.perSecond(counts.messagesReceived(), micros),
                Units.mbPerSecond(counts.bytesReceived(), micros),
                counts.messagesAcked(),
                Units.perSecond(counts.messagesAcked(), micros),
                Units.mbPerSecond(counts.bytesAcked(), micros),
                LatencySummary.of(latencies.publish()),
                LatencySummary.of(latencies.endToEnd()));
    }
}
