package io.kbench.stats;

import io.kbench.driver.ServerContact;
import io.kbench.warning.WarningSummary;
import java.util.List;

/**
 * What one worker measured in one reporting period.
 *
 * @param workerId the worker that measured it
 * @param durationMicros length of the period on the worker's clock
 * @param counts counts within the period
 * @param runTotals counts since the run started (not reset by warmup), for the backlog
 * @param latencies samples recorded within the period
 * @param processCpuLoad the worker JVM's CPU use over the period, as a fraction of all cores (0..1)
 * @param producersDone true once every producer on this worker has stopped (quota reached or stopped)
 * @param errors send errors of the whole run so far, by error class
 * @param lastContact the cluster server that most recently answered this worker's clients, or null if unknown
 * @param clientWarnings the warnings this worker's clients logged during the run so far, by kind
 * @param load the producers against their schedule at the end of the period, or null before the load starts
 */
public record PeriodStats(
        String workerId,
        long durationMicros,
        Counts counts,
        Counts runTotals,
        LatencyHistograms latencies,
        double processCpuLoad,
        boolean producersDone,
        List<ErrorCount> errors,
        ServerContact lastContact,
        List<WarningSummary> clientWarnings,
        LoadProgress load) {

    /**
     * The same period with what the worker knows besides its counters: the last server that
     * answered, the clients' warnings, the producers against their schedule.
     */
    public PeriodStats withWorkerView(ServerContact contact, List<WarningSummary> warnings, LoadProgress progress) {
        return new PeriodStats(workerId, durationMicros, counts, runTotals, latencies, processCpuLoad, producersDone, errors,
                contact, warnings, progress);
    }

    /** Messages due but not sent yet, from this worker's producers (0 when unthrottled or before the load). */
    public long scheduleLagMessages() {
        return load == null || load.requestedRatePerSecond() < 0 ? 0 : Math.max(0, load.dueMessages() - runTotals.messagesSent());
    }

    /** This period followed by {@code next} from the same worker, as one longer period. */
    public PeriodStats then(PeriodStats next) {
        LatencyHistograms merged = LatencyHistograms.empty();
        merged.add(latencies);
        merged.add(next.latencies);
        long total = durationMicros + next.durationMicros;
        double cpu = total == 0 ? next.processCpuLoad
                : (processCpuLoad * durationMicros + next.processCpuLoad * next.durationMicros) / total;
        return new PeriodStats(workerId, total, counts.plus(next.counts), next.runTotals, merged, cpu,
                next.producersDone, next.errors, next.lastContact != null ? next.lastContact : lastContact,
                next.clientWarnings, next.load != null ? next.load : load);
    }
}
