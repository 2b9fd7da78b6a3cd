package io.kbench.worker;

import io.kbench.stats.CumulativeStats;
import io.kbench.plan.LoadSpec;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The workers of a run, as the coordinator sees them: one {@link Worker} for the calls every run
 * makes, plus what only a group can answer: who its members are, how the load is split among
 * them, and, for cleanup after a failure, calls that reach every member still answering instead of
 * stopping at the first that does not. {@link WorkerEnsemble} is the implementation.
 */
public interface WorkerGroup extends Worker {

    /** The members, in the order results list them. */
    List<Worker> members();

    /** Who runs what, at what rate, once producers and consumers have been created. */
    List<WorkerPlan> plan(LoadSpec load);

    /**
     * Calls every member even if some fail.
     *
     * @return one message per member that failed, naming it
     */
    List<String> tryForAll(String what, Consumer<Worker> call);

    /**
     * Cumulative stats of every member that answers; the others go into {@code failures}, by member id
     * (a member already there keeps its first reason, so one lost worker is one entry however many
     * calls it fails).
     */
    List<CumulativeStats> tryCumulativeStats(Map<String, String> failures);

    /** Findings of every member that answers; the others go into {@code failures} as above. */
    List<WorkerFindings> tryFindings(Map<String, String> failures);
}
