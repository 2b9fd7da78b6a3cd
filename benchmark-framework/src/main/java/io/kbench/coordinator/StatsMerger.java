package io.kbench.coordinator;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.Units;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import io.kbench.stats.PeriodStats;
import java.util.List;

import io.kbench.model.LoadState;
/**
 * Merges the workers' period stats into one {@link PeriodSummary}. Rates are summed per worker
 * (each over its own period length), histograms are added, so percentiles are exact over all
 * samples rather than averages of per-worker percentiles.
 */
public final class StatsMerger {

    private StatsMerger() {}

    public static PeriodSummary summarize(Phase phase, long elapsedMicros, List<PeriodStats> workers, int subscriptionsPerTopic) {
        LatencyHistograms latencies = LatencyHistograms.empty();
        Counts runTotals = Counts.ZERO;
        double publishRate = 0;
        double publishMBps = 0;
        double errorRate = 0;
        double consumeRate = 0;
        double consumeMBps = 0;
        long duration = 0;
        double maxCpu = 0;
        boolean producersDone = true;
        double requested = -1;
        long lag = 0;
        for (PeriodStats w : workers) {
            if (w.load() != null) {
                requested = Math.max(requested, w.load().requestedRatePerSecond()); // every worker knows the run's rate
            }
            lag += w.scheduleLagMessages();
            latencies.add(w.latencies());
            runTotals = runTotals.plus(w.runTotals());
            Counts c = w.counts();
            long micros = w.durationMicros();
            publishRate += Units.perSecond(c.messagesAcked(), micros);
            publishMBps += Units.mbPerSecond(c.bytesAcked(), micros);
            errorRate += Units.perSecond(c.sendErrors(), micros);
            consumeRate += Units.perSecond(c.messagesReceived(), micros);
            consumeMBps += Units.mbPerSecond(c.bytesReceived(), micros);
            duration = Math.max(duration, micros);
            maxCpu = Math.max(maxCpu, w.processCpuLoad());
            producersDone &= w.producersDone();
        }
        long backlog = LoadState.backlog(runTotals.messagesToConsume() * subscriptionsPerTopic, runTotals.messagesReceived());
        long inFlight = runTotals.messagesSent() - runTotals.messagesAcked() - runTotals.sendErrors();
        return new PeriodSummary(phase, elapsedMicros, duration, publishRate, publishMBps, errorRate, consumeRate,
                consumeMBps, backlog, inFlight,
                LatencySummary.of(latencies.publish()),
                LatencySummary.of(latencies.send()),
                LatencySummary.of(latencies.scheduleDelay()),
                LatencySummary.of(latencies.endToEnd()),
                maxCpu, producersDone, requested, lag);
    }
}
