package io.kbench.stats;

import io.kbench.driver.ServerContact;
import io.kbench.logging.WarningSummary;
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
 */
public record PeriodStats(
        String workerId,
        long durationMicros,
        Counts counts,
        Counts runTotals,
        Latencies latencies,
        double processCpuLoad,
        boolean producersDone,
        List<ErrorCount> errors,
        ServerContact lastContact,
        List<WarningSummary> clientWarnings) {

    /** The same period with what the worker knows of the cluster: the last server that answered, the clients' warnings. */
    public PeriodStats withClientView(ServerContact contact, List<WarningSummary> warnings) {
        return new PeriodStats(workerId, durationMicros, counts, runTotals, latencies, processCpuLoad, producersDone, errors,
                contact, warnings);
    }

    /** This period followed by {@code next} from the same worker, as one longer period. */
    public PeriodStats then(PeriodStats next) {
        Latencies merged = Latencies.empty();
        merged.add(latencies);
        merged.add(next.latencies);
        long total = durationMicros + next.durationMicros;
        double cpu = total == 0 ? next.processCpuLoad
                : (processCpuLoad * durationMicros + next.processCpuLoad * next.durationMicros) / total;
        return new PeriodStats(workerId, total, counts.plus(next.counts), next.runTotals, merged, cpu,
                next.producersDone, next.errors, next.lastContact != null ? next.lastContact : lastContact,
                next.clientWarnings);
    }
}
