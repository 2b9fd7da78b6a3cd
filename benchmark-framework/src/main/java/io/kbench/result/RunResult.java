package io.kbench.result;

import io.kbench.backlog.CatchUp;
import io.kbench.cku.CkuVerdict;
import io.kbench.faults.FaultEvent;
import io.kbench.integrity.Integrity;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import io.kbench.model.PeriodSummary;
import io.kbench.model.RunStatus;
import io.kbench.model.WarmupReport;
import io.kbench.search.SearchReport;
import io.kbench.stats.ClientMetricTotal;
import io.kbench.time.ClockOffset;
import io.kbench.warning.WarningSummary;
import io.kbench.workload.Workload;
import java.util.List;
import java.util.Map;

/**
 * Everything one run produced, before it is written as JSON.
 *
 * @param runId unique id of the run (also in topic names)
 * @param status how it ended
 * @param failureReason why it did not complete, or null
 * @param warnings things the user should know about the figures (fell behind, drain incomplete, ...)
 * @param startEpochMillis when the run started
 * @param endEpochMillis when it ended
 * @param workloadFile the workload file as given
 * @param workload the workload as run (after overrides)
 * @param driverName the driver file's name field
 * @param driverFile the driver file as given
 * @param driverConfig the driver file's fields with secrets redacted
 * @param cluster the cluster description (e.g. the local cluster's), or null
 * @param versions tool, Java, client library and OS versions
 * @param workers the workers that ran the load
 * @param topics names of the topics used
 * @param rebalanceTimeMillis from creating the consumers to every partition being assigned
 * @param sampleIntervalMillis the length of the periods kept (the last of a phase may be shorter)
 * @param periods every sampled period, all phases
 * @param measurement the measured phase, or null if the run failed before it
 * @param consumer consumer figures in kafka-consumer-perf-test's terms, or null without consumers
 * @param workerClocks each remote worker's clock offset and its error bound (empty for a local run)
 * @param diagnosis what limited the run: the clients, the cluster, a quota, or nothing ({@link Diagnosis#NONE})
 * @param delivery what became of every message handed to the driver, or null when nothing was collected
 * @param integrity lost, duplicated and reordered messages, or null when not checked (integrity
 *     checks off, or nobody consumed)
 * @param clientMetrics the clients' own metrics, combined over all clients of all workers
 * @param faults the workload's faults and what became of each (empty without faults)
 * @param clientWarnings what the workers' clients warned about, by kind, combined over workers
 * @param warmup how the warmup went, or null without one
 * @param catchUp how the consumers caught up with a backlog ({@code consumerBacklogSizeGB}), over the drain
 *     alone; null without a backlog or when the drain did not finish
 * @param search the max-rate search and every step of it, or null when the run did not search
 */
public record RunResult(
        String runId,
        RunStatus status,
        String failureReason,
        List<String> warnings,
        long startEpochMillis,
        long endEpochMillis,
        String workloadFile,
        Workload workload,
        String driverName,
        String driverFile,
        Map<String, Object> driverConfig,
        String cluster,
        Map<String, String> versions,
        List<String> workers,
        List<String> topics,
        long rebalanceTimeMillis,
        long sampleIntervalMillis,
        List<PeriodSummary> periods,
        Measurement measurement,
        ConsumerMetrics consumer,
        List<ClockOffset> workerClocks,
        Diagnosis diagnosis,
        Delivery delivery,
        Integrity integrity,
        List<ClientMetricTotal> clientMetrics,
        List<FaultEvent> faults,
        List<WarningSummary> clientWarnings,
        WarmupReport warmup,
        CatchUp catchUp,
        SearchReport search) {

    /** A result without a backlog's catch-up figures or a search. */
    public RunResult(String runId, RunStatus status, String failureReason, List<String> warnings, long startEpochMillis,
                     long endEpochMillis, String workloadFile, Workload workload, String driverName, String driverFile,
                     Map<String, Object> driverConfig, String cluster, Map<String, String> versions, List<String> workers,
                     List<String> topics, long rebalanceTimeMillis, long sampleIntervalMillis, List<PeriodSummary> periods,
                     Measurement measurement, ConsumerMetrics consumer, List<ClockOffset> workerClocks, Diagnosis diagnosis,
                     Delivery delivery, Integrity integrity, List<ClientMetricTotal> clientMetrics, List<FaultEvent> faults,
                     List<WarningSummary> clientWarnings, WarmupReport warmup) {
        this(runId, status, failureReason, warnings, startEpochMillis, endEpochMillis, workloadFile, workload, driverName,
                driverFile, driverConfig, cluster, versions, workers, topics, rebalanceTimeMillis, sampleIntervalMillis, periods,
                measurement, consumer, workerClocks, diagnosis, delivery, integrity, clientMetrics, faults, clientWarnings, warmup,
                null, null);
    }

    /** The CKU check's verdict, or null when the workload names no CKU count. */
    public CkuVerdict ckuVerdict() {
        return workload.cku() == null ? null : CkuVerdict.of(workload, measurement, status, diagnosis);
    }

    /**
     * How far end-to-end latency can be off because of clock offsets: a message produced on one
     * worker and consumed on another carries both workers' estimate errors.
     */
    public long endToEndErrorBoundMicros() {
        long worst = 0;
        long second = 0;
        for (ClockOffset c : workerClocks) {
            if (c.errorBoundMicros() > worst) {
                second = worst;
                worst = c.errorBoundMicros();
            } else if (c.errorBoundMicros() > second) {
                second = c.errorBoundMicros();
            }
        }
        return worst + second;
    }
}
