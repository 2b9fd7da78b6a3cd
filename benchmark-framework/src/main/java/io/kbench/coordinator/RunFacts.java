package io.kbench.coordinator;

import io.kbench.features.PhaseOutcome;
import io.kbench.model.PeriodSummary;
import io.kbench.model.ResultSection;
import io.kbench.model.RunStatus;
import io.kbench.model.WarmupReport;
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
 * @param rebalanceTimeMillis how long the consumers took to be assigned every partition
 * @param warmup how the warmup went, or null without one
 * @param workloadAsRun the workload as the cluster completed it (existing topics), or null when as given
 * @param progress the progress periods
 * @param periods the periods the result keeps
 * @param phaseSections the sections the features' phases returned
 * @param chosenWindow the window a feature's phase chose for the run, or null
 */
record RunFacts(long startEpochMillis, RunStatus status, String failureReason, List<String> warnings, String stall,
                List<String> lostWorkers, long rebalanceTimeMillis, WarmupReport warmup, Workload workloadAsRun,
                List<PeriodSummary> progress, List<PeriodSummary> periods, List<ResultSection> phaseSections,
                PhaseOutcome.ChosenWindow chosenWindow) {}
