package io.kbench.features;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.Counts;
import java.util.List;

/** What a run found, for a feature's section ({@link RunPart#section}), once the workers reported. */
public interface RunFindings {

    /** This feature's findings from every worker that reported ({@link WorkerPart#findings}), read as {@code type}. */
    <T> List<T> fromWorkers(Class<T> type);

    /** The progress periods of one phase, oldest first. */
    List<PeriodSummary> progressOf(Phase phase);

    /** The run's counts over all workers since it started. */
    Counts runTotals();

    /** Whether a worker stopped answering before it reported: its figures are missing. */
    boolean workersLost();
}
