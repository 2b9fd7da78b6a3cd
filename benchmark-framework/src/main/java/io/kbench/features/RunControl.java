package io.kbench.features;

import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.TopicLayout;
import io.kbench.time.BenchmarkClock;
import io.kbench.workload.spec.RunSpec;
import java.util.List;
import java.util.Map;

/**
 * What a feature acts through beside the phases, once the load has started ({@link RunPart#loadStarted}):
 * a timeline of faults or consumer events.
 */
public interface RunControl {

    /** The run spec: the workload normalised, as the run uses it. */
    RunSpec spec();

    TopicLayout layout();

    BenchmarkClock clock();

    /** When the load started, on {@link #clock()}'s nanosecond time: the origin of the periods' time axis. */
    long loadStartNanos();

    /** A line on the console. */
    void line(String text);

    /** Applies faults to the cluster the run started (refuses when it started none). */
    FaultApplier faults();

    /**
     * The cluster's own metrics, read where it runs, when the run started it (Kafka: the brokers' request
     * times since they started); empty otherwise.
     */
    default Map<String, Double> serverMetrics() {
        return Map.of();
    }

    /**
     * Records in the run's journal, before the feature changes a cluster it may not own, how to put the change back:
     * {@code undo} is written as JSON and read back as the feature's {@link Feature#undoType()} by
     * {@code bin/benchmark recover} when the run's coordinator died before {@link #changeUndone}. Flushed before it
     * returns.
     *
     * @param feature the feature's {@link Feature#name()}
     * @param key names this change among the run's, for {@link #changeUndone}
     * @param description the change in words, e.g. "retention.ms of topic t1: 604800000 -> 60000"
     */
    default void changeMade(String feature, String key, String description, Object undo) {}

    /** Records in the run's journal that the change under {@code key} was put back (or kept, as {@code outcome} says). */
    default void changeUndone(String key, String outcome) {}

    // ---- the consumers, on every worker

    /** The workers' ids, in order (the {@code worker} of an event is an index into this list). */
    List<String> workerIds();

    /** Creates these consumers, spread over the workers as the run's first ones were. */
    void createConsumers(List<ConsumerSpec> consumers);

    /** Closes {@code count} consumers of {@code subscription}, gracefully or as a crash; returns how many were closed. */
    int removeConsumers(String subscription, int count, boolean crash);

    /** Closes every consumer of worker {@code index} and creates each again as it was; returns how many. */
    int restartConsumers(int workerIndex);

    /** The partitions each live consumer holds, per subscription, over all workers. */
    Map<String, List<Integer>> memberAssignments();
}
