package io.kbench.coordinator;

import io.kbench.model.PeriodSummary;
import io.kbench.model.RunStatus;
import io.kbench.workload.Workload;
import java.util.List;

/**
 * What a run recorded as it went ({@link RunRecorder}), for the result.
 *
 * @param startEpochMillis when the run started
 * @param status how the run ended before its figures were judged
 * @param failureReason why it did not complete, or null
 * @param warnings the warnings so far
 * @param stall why the cluster was judged stalled, or null
 * @param lostWorkers why each lost worker's figures are missing
 * @param workloadAsRun the workload as the cluster completed it (existing topics), or null when as given
 * @param progress the progress periods
 * @param periods the periods the result keeps
 * @param phases what the phases measured
 */
record RunFacts(long startEpochMillis, RunStatus status, String failureReason, List<String> warnings, String stall,
                List<String> lostWorkers, Workload workloadAsRun, List<PeriodSummary> progress, List<PeriodSummary> periods,
                PhaseResult.All phases) {}
