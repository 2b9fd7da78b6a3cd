package io.kbench.worker;

import io.kbench.driver.ClusterDescription;
import io.kbench.driver.TopicOffsets;
import io.kbench.driver.TopicSpec;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.PeriodStats;
import io.kbench.plan.LoadSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.kbench.plan.ProducerSpec;
import io.kbench.plan.ConsumerSpec;
/**
 * What the coordinator asks of the machines that generate load. Implemented by {@link LocalWorker}
 * (in this JVM), by an HTTP client for one remote agent, and by {@link WorkerEnsemble}, which fans
 * out to many. The coordinator sees only this interface, through {@link WorkerGroup} (which adds
 * the members and their share of the load), so local and distributed runs take the same path.
 *
 * <p>Calls are blocking. A failure is a {@link WorkerException} whose message names the worker and
 * the call. Stats come back per worker, so the coordinator can merge them and keep a breakdown.
 */
public interface Worker extends AutoCloseable {

    /** Identifies the worker in messages and results: "local" or its URL. */
    String id();

    /** The zone (availability zone) the worker runs in, when known before the run starts; empty when unknown. */
    default Optional<String> zone() {
        return Optional.empty();
    }

    /** Loads and initializes the driver; the worker is busy with this run until {@link #stopRun()}. */
    void startRun(WorkerSetup setup);

    /**
     * Tells the worker the coordinator is still there. A remote worker whose lease runs out stops
     * all load by itself; in-process workers need no lease.
     */
    default void renewLease() {}

    void createTopics(List<TopicSpec> topics);

    void deleteTopics(List<String> topics);

    /** The partition count of each existing topic among {@code topics}; missing ones are absent. */
    Map<String, Integer> describeTopics(List<String> topics);

    /**
     * The positions of each existing topic's partitions now (its driver's {@code topicOffsets}); missing topics are
     * absent. For runs that read what topics hold: where each partition starts and ends.
     */
    default Map<String, TopicOffsets> topicOffsets(List<String> topics) {
        throw new WorkerException("worker " + id() + " cannot read the offsets of topics");
    }

    /** How long each existing topic keeps records, in ms, -1 for no limit (its driver's {@code topicRetentionMillis}); missing topics are absent. */
    default Map<String, Long> topicRetentionMillis(List<String> topics) {
        throw new WorkerException("worker " + id() + " cannot say how long topics keep records");
    }

    /**
     * What the cluster says about itself through this worker's driver, read-only, for the result's provenance (the
     * driver's {@code describeCluster}); empty when the driver cannot describe its cluster.
     */
    default Optional<ClusterDescription> describeCluster(List<String> topics) {
        return Optional.empty();
    }

    void createConsumers(List<ConsumerSpec> consumers);

    /** Partitions held by this worker's consumers, per subscription (consumer group). */
    Map<String, Integer> assignedPartitions();

    void createProducers(List<ProducerSpec> producers);

    /** Starts sending on every producer, on the schedule the spec describes. */
    void startLoad(LoadSpec load);

    /**
     * From now on the producers send {@code ratePerSecond} messages per second across all
     * producers of the run (0 pauses the schedule); messages already due keep their intended times.
     */
    void changeRate(double ratePerSecond);

    /**
     * Like {@link #changeRate}, but messages due and not yet sent are dropped from the schedule and
     * never sent: the producers start afresh. Between the steps of a max-rate search, so that one
     * step's overload does not carry into the next one's figures.
     */
    void restartSchedule(double ratePerSecond);

    /**
     * Closes {@code count} of this worker's consumers of {@code subscription}, the newest first: gracefully (they
     * leave their group) or, with {@code crash}, as a crashed process would (the group waits for the session
     * timeout). What they read still counts.
     *
     * @return how many were closed (fewer when the worker has fewer)
     */
    default int removeConsumers(String subscription, int count, boolean crash) {
        throw new WorkerException("worker " + id() + " cannot remove consumers during a run");
    }

    /**
     * Closes every consumer of this worker gracefully and creates each again as it was (a static member under
     * the same identity), as a restarted worker process would.
     *
     * @return how many were restarted
     */
    default int restartConsumers() {
        throw new WorkerException("worker " + id() + " cannot restart its consumers during a run");
    }

    /** The partitions each consumer holds, per subscription: one entry per live consumer. */
    default Map<String, List<Integer>> memberAssignments() {
        throw new WorkerException("worker " + id() + " cannot report its consumers' assignments one by one");
    }

    void pauseConsumers();

    void resumeConsumers();

    /** Starts the measurement: what was recorded so far is dropped from the cumulative stats. */
    void resetStats();

    List<PeriodStats> periodStats();

    List<CumulativeStats> cumulativeStats();

    /**
     * The integrity data and client metrics of each worker, once the load is over (after the
     * drain, before {@link #stopClients()}).
     */
    List<WorkerFindings> findings();

    /**
     * What one feature's part found on each worker so far, while the run goes on ({@link io.kbench.features.WorkerPart#progress}),
     * as findings of that feature only (no client metrics); a worker where the feature takes no part reports none.
     */
    default List<WorkerFindings> progress(String feature) {
        throw new WorkerException("worker " + id() + " cannot report a feature's progress");
    }

    /** Stops generating load; messages already handed to the client still complete. */
    void stopProducers();

    /**
     * Closes producers and consumers but keeps the driver, so topics can still be deleted through
     * it without consumers complaining about vanished partitions.
     */
    void stopClients();

    /** Closes producers, consumers and the driver; the worker is idle again. Safe to call twice. */
    void stopRun();

    @Override
    void close();
}
