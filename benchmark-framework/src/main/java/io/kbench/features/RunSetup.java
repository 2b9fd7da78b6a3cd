package io.kbench.features;

import io.kbench.plan.TopicLayout;
import io.kbench.workload.Workload;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** What a feature learns of a run before it starts, to decide whether and how it takes part ({@link Feature#coordinate}). */
public interface RunSetup {

    /** The workload as the run uses it (existing topics' partition counts filled in). */
    Workload workload();

    /** The run spec: the workload normalised, as the run uses it (existing topics' partition counts filled in). */
    RunSpec spec();

    /** The run's topics, consumers, producers and load. */
    TopicLayout layout();

    /** How many workers the run has. */
    int workerCount();

    /**
     * The zone of each worker as known when the run starts, in the workers' order: null where unknown (a remote agent
     * says its own zone only in its findings). Known once the run's topics are.
     */
    default List<String> workerZones() {
        return List.of();
    }

    /** How long a drain after the producers stop may last. */
    Duration drainTimeout();

    /** Whether messages carry producer ids and sequences for the integrity check (off with --no-integrity-check). */
    boolean checkIntegrity();

    /** The settings of type {@code type} given for this run (a search's, from find-max), if any. */
    <T> Optional<T> settings(Class<T> type);
}
