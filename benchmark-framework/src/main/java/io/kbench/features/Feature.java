package io.kbench.features;

import io.kbench.workload.Problem;
import io.kbench.workload.Workload;
import java.util.List;
import java.util.Optional;

/**
 * A feature of kbench as a plug-in: one package under {@code io.kbench.features}, registered with one
 * line in {@code META-INF/services/io.kbench.features.Feature}. The engine (coordinator, worker,
 * result, report, console) calls the features it finds through this interface and imports none of
 * them, as Trogdor's coordinator runs any task spec and JMH's runner any profiler.
 *
 * <p>Every hook has a default that does nothing, so a feature implements only what it needs. A run
 * that does not use a feature costs nothing: its {@link #coordinate} and {@link #onWorker} answer
 * empty, and no other hook of it is called on the hot path.
 */
public interface Feature {

    /** The feature's name: short, lower case, unique (its findings travel under it between worker and coordinator). */
    String name();

    /** The sections this feature adds to a result, with their JSON keys; the result reads and writes them. */
    default List<SectionType> sectionTypes() {
        return List.of();
    }

    /** Checks this feature's part of a workload, before anything runs: one problem per mistake, naming the field. */
    default List<Problem> validate(Workload workload) {
        return List.of();
    }

    /**
     * Why a workload cannot run on the cluster the run started, one line each, asked before anything runs once the
     * cluster is up: {@code clusterMetrics} are its counters ({@link io.kbench.driver.ProvisionedCluster#metrics()}),
     * empty when the run started none. Empty when it can.
     */
    default List<String> clusterProblems(Workload workload, java.util.Map<String, Double> clusterMetrics) {
        return List.of();
    }

    /**
     * Why a workload cannot run on the cluster, one line each, asked at the same time as
     * {@link #clusterProblems(Workload, java.util.Map)} with the coordinator's access to the cluster: its counters and
     * its admin interface ({@link FaultApplier#operations()}: the operations feature checks the brokers it names). The
     * default asks the counters-only form.
     */
    default List<String> clusterProblems(Workload workload, FaultApplier cluster) {
        return clusterProblems(workload, cluster.metrics());
    }

    /** The feature's part of one run on the coordinator, or empty when the run does not use the feature. */
    default Optional<RunPart> coordinate(RunSetup run) {
        return Optional.empty();
    }

    /** The feature's part of one run on one worker, or empty when the run does not use it there. */
    default Optional<WorkerPart> onWorker(WorkerSetupView run) {
        return Optional.empty();
    }

    /** What the feature exports from each worker agent for Prometheus while a run goes on ({@link WorkerPart#gauge}). */
    default List<Gauge> gauges() {
        return List.of();
    }

    /** Lines printed before a run of this workload starts (what it promises, what may limit it), warnings included. */
    default List<String> preface(Workload workload) {
        return List.of();
    }

    /**
     * Options this feature adds to the commands that run workloads ({@code --prices} of the cost feature): a new object
     * each call, or empty (the default). What the user gave reaches {@link RunSetup#settings} under the object's type.
     */
    default Optional<FeatureOptions> runOptions() {
        return Optional.empty();
    }

    /** The subcommands of {@code bin/benchmark} this feature adds ({@code find-max}, {@code size}). */
    default List<FeatureCommand> commands() {
        return List.of();
    }

    /** The type of what this feature's {@link WorkerPart#findings} return, so the coordinator can read them from JSON. */
    default Class<?> findingsType() {
        return Void.class;
    }

    /**
     * The type of the {@code undo} objects this feature journals with {@link RunControl#changeMade}, so that
     * {@code bin/benchmark recover} can read them back; {@code Void} (the default) for a feature that changes no cluster.
     */
    default Class<?> undoType() {
        return Void.class;
    }

    /**
     * Puts back one change a run made and could not put back itself (its coordinator died), for
     * {@code bin/benchmark recover}: {@code undo} is what {@link RunControl#changeMade} journaled, read as
     * {@link #undoType()}. Returns what was done, in one line; throws a {@code DriverException} saying why it could not.
     */
    default String undo(Object undo, io.kbench.driver.ClusterOperations cluster) {
        throw new UnsupportedOperationException("feature " + name() + " changes no cluster");
    }

    /** The feature's lines in the summary printed when a run ends, each at its place ({@link SummaryLines.Slot}). */
    default void summary(RunView run, SummaryLines lines) {}

    /** The feature's parts of the run's HTML report: tables, sections, marks on the time series, summary rows. */
    default void report(RunView run, ReportParts parts) {}
}
