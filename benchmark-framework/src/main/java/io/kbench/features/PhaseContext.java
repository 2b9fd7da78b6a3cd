package io.kbench.features;

import io.kbench.driver.TopicOffsets;
import io.kbench.model.LoadState;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.PhaseTotals;
import io.kbench.model.ProgressNote;
import io.kbench.plan.ConsumerSpec;
import io.kbench.stats.CumulativeStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What a feature's phase ({@link FeaturePhase}) runs with: the load's controls, the collector of the
 * workers' periods, and the console. Progress lines and the result's periods are recorded by the
 * engine as the phase polls.
 */
public interface PhaseContext {

    /** The run spec: the workload normalised, as the run uses it. */
    RunSpec spec();

    BenchmarkClock clock();

    /** The longest a drain may last. */
    Duration drainTimeout();

    /** Starts a named stretch of the run: prints its first line; {@code note} (or null) adds to each of its progress lines. */
    void startPhase(Phase phase, String message, ProgressNote note);

    /** As {@link #startPhase(Phase, String, ProgressNote)} with nothing added to the progress lines. */
    default void startPhase(Phase phase, String message) {
        startPhase(phase, message, null);
    }

    /** A line on the console. */
    void line(String text);

    /** A warning: printed, and kept in the result. */
    void warn(String text);

    // ---- the load

    /** From now on the producers send this many messages per second in all; due messages are dropped (0 pauses). */
    void restartSchedule(double ratePerSecond);

    /** Stops the consumers fetching, without leaving their groups. */
    void pauseConsumers();

    void resumeConsumers();

    /** Starts a measured window: the cumulative stats count from now. */
    void resetStats();

    /** Every worker's stats since the last {@link #resetStats()}. */
    List<CumulativeStats> cumulativeStats();

    /**
     * Creates these consumers on the workers, spread as the run's first ones were, and waits until each group among
     * them holds all its partitions ({@code partitionsPerGroup}, as {@link io.kbench.plan.TopicLayout#partitionsPerSubscription()}
     * counts them): for consumers a feature starts itself (a catch-up's groups, a consume-only run's). The run's
     * rebalance time is how long the first such call waited when the run had no consumers before it.
     *
     * @return how long until every partition was assigned, ms
     */
    default long startConsumers(List<ConsumerSpec> consumers, Map<String, Integer> partitionsPerGroup) {
        throw new UnsupportedOperationException("this run cannot start consumers from a phase");
    }

    // ---- the cluster

    /** The positions of each of these existing topics' partitions now; missing topics are absent (the driver's {@code topicOffsets}). */
    default Map<String, TopicOffsets> topicOffsets(List<String> topics) {
        throw new UnsupportedOperationException("this run cannot read the offsets of topics");
    }

    /** How long each of these existing topics keeps records, ms, -1 for no limit; missing topics are absent. */
    default Map<String, Long> topicRetentionMillis(List<String> topics) {
        throw new UnsupportedOperationException("this run cannot say how long topics keep records");
    }

    /** The counters of the cluster the run started ({@link FaultApplier#metrics()}); empty when it started none. */
    default Map<String, Double> clusterMetrics() {
        return Map.of();
    }

    /**
     * What {@code feature}'s parts on the workers found so far ({@link WorkerPart#progress()}), read as {@code type}: one
     * entry per worker that has some.
     */
    default <T> List<T> workerProgress(String feature, Class<T> type) {
        return List.of();
    }

    // ---- polling the workers (each poll records progress)

    /** Polls the workers for {@code length}. */
    void runFor(Phase phase, Duration length);

    /** Polls until {@code done} holds or {@code timeout} (null: none) passes; true if it held. */
    boolean runUntil(Phase phase, Predicate<LoadState> done, Duration timeout);

    /** As {@link #runUntil}, also returning each worker's stats over the whole phase. */
    PhaseTotals runUntilWithTotals(Phase phase, Predicate<LoadState> done, Duration timeout);

    /** Where the load stood at the last poll, or null before the first. */
    LoadState lastState();

    /** How many progress periods the run has so far. */
    int progressCount();

    /** The progress periods from index {@code from} on. */
    List<PeriodSummary> progressFrom(int from);
}
