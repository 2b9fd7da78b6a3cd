package io.kbench.worker;

import io.kbench.logging.ClientWarnings;

import io.kbench.driver.ClusterDescription;
import io.kbench.driver.TopicOffsets;
import io.kbench.driver.TopicSpec;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.DrainObserver;
import io.kbench.stats.PeriodStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.plan.LoadSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.kbench.plan.ProducerSpec;
import io.kbench.plan.ConsumerSpec;
/**
 * Runs the load in this JVM through the driver. Stateless between runs: everything a run creates
 * lives in one {@link WorkerRun} that {@link #stopRun()} closes and forgets.
 */
public final class LocalWorker implements Worker {

    private final String id;
    private final BenchmarkClock clock;
    private final DriverLoader loader;
    private final int maxProducerThreads;
    private final DrainObserver observer;
    private final ClientWarnings warnings;
    /** The zone this worker runs in, or null when unknown. */
    private final String zone;
    private WorkerRun run;
    private WorkerSetup starting;

    /**
     * @param clock the worker's own clock; each run shifts it by the offset the coordinator sends
     * @param observer sees every recorded interval (metrics), or null
     * @param warnings where this process counts its libraries' warnings, reported with the stats
     */
    public LocalWorker(String id, BenchmarkClock clock, DriverLoader loader, int maxProducerThreads, DrainObserver observer,
                       ClientWarnings warnings) {
        this(id, null, clock, loader, maxProducerThreads, observer, warnings);
    }

    /**
     * @param zone the zone (availability zone) this worker runs in, told to the driver (Kafka: the consumers'
     *     {@code client.rack}) and to the features; null when unknown
     */
    public LocalWorker(String id, String zone, BenchmarkClock clock, DriverLoader loader, int maxProducerThreads, DrainObserver observer,
                       ClientWarnings warnings) {
        this.zone = zone == null || zone.isBlank() ? null : zone.trim();
        this.warnings = warnings;
        this.id = id;
        this.clock = clock;
        this.loader = loader;
        this.maxProducerThreads = maxProducerThreads;
        this.observer = observer;
    }

    /** A worker counting in this process's {@link ClientWarnings#global()}, for tests. */
    public LocalWorker(String id, BenchmarkClock clock, DriverLoader loader, int maxProducerThreads, DrainObserver observer) {
        this(id, clock, loader, maxProducerThreads, observer, ClientWarnings.global());
    }

    /** A worker for a run in this JVM, on the system clock, with one producer thread per core. */
    public static LocalWorker inProcess(ClientWarnings warnings) {
        return inProcess(warnings, BenchmarkClock.system());
    }

    /** A worker for a run in this JVM, on the run's clock, with one producer thread per core. */
    public static LocalWorker inProcess(ClientWarnings warnings, BenchmarkClock clock) {
        return new LocalWorker("local", clock, new DriverLoader(), Runtime.getRuntime().availableProcessors(), null, warnings);
    }

    /** One of several workers of a run in this JVM, named {@code id}, in {@code zone}, sharing the cores. */
    public static LocalWorker inProcess(ClientWarnings warnings, BenchmarkClock clock, String id, String zone, int workers) {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors() / Math.max(1, workers));
        return new LocalWorker(id, zone, clock, new DriverLoader(), threads, null, warnings);
    }

    /** The zone this worker runs in; empty when unknown. */
    @Override
    public Optional<String> zone() {
        return Optional.ofNullable(zone);
    }

    /** {@link #inProcess(ClientWarnings)} counting in this process's {@link ClientWarnings#global()}, for tests. */
    public static LocalWorker inProcess() {
        return inProcess(ClientWarnings.global());
    }

    @Override
    public String id() {
        return id;
    }

    /** The run this worker is busy with, or null when idle. */
    public synchronized String currentRunId() {
        return run != null ? run.runId : starting != null ? starting.runId() : null;
    }

    /** Who started the current run, or null when idle. */
    public synchronized String currentCoordinator() {
        return run != null ? run.coordinator : starting != null ? starting.coordinator() : null;
    }

    /** Moves recorded samples into the totals now, so observers (metrics) see them. */
    public void flushStats() {
        WorkerRun r;
        synchronized (this) {
            r = run;
        }
        if (r != null) {
            r.stats.flush();
        }
    }

    @Override
    public void startRun(WorkerSetup setup) {
        synchronized (this) {
            if (run != null) {
                throw new WorkerBusyException(id, "run " + run.runId + " of " + run.coordinator);
            }
            if (starting != null) {
                throw new WorkerBusyException(id, "run " + starting.runId() + " of " + starting.coordinator() + " (starting)");
            }
            starting = setup; // hold the worker while the driver connects, without holding the lock
        }
        try {
            LoadedDriver<?> driver = loader.load(setup.driver());
            String placed = setup.zone() != null && !setup.zone().isBlank() ? setup.zone().trim() : zone;
            if (placed != null) {
                driver.driver().clientZone(placed);
            }
            WorkerRun started = new WorkerRun(id, placed, setup, driver, clock.withOffsetMicros(setup.clockOffsetMicros()),
                    maxProducerThreads, observer, warnings);
            try {
                started.initialize();
            } catch (RuntimeException e) {
                started.close();
                throw e;
            }
            synchronized (this) {
                run = started;
            }
        } finally {
            synchronized (this) {
                starting = null;
            }
        }
    }

    /** The current value of a feature's gauge on this worker (0 between runs and when the feature takes no part), for metrics. */
    public long featureGauge(String feature, String name) {
        WorkerRun r;
        synchronized (this) {
            r = run;
        }
        return r == null ? 0 : r.gauge(feature, name);
    }

    @Override
    public void createTopics(List<TopicSpec> topics) {
        current().createTopics(topics);
    }

    @Override
    public void deleteTopics(List<String> topics) {
        current().deleteTopics(topics);
    }

    @Override
    public Map<String, Integer> describeTopics(List<String> topics) {
        return current().describeTopics(topics);
    }

    @Override
    public Map<String, TopicOffsets> topicOffsets(List<String> topics) {
        return current().topicOffsets(topics);
    }

    @Override
    public Map<String, Long> topicRetentionMillis(List<String> topics) {
        return current().topicRetentionMillis(topics);
    }

    @Override
    public List<WorkerFindings> progress(String feature) {
        return current().progress(feature).map(List::of).orElse(List.of());
    }

    @Override
    public Optional<ClusterDescription> describeCluster(List<String> topics) {
        return current().describeCluster(topics);
    }

    @Override
    public void createConsumers(List<ConsumerSpec> consumers) {
        current().createConsumers(consumers);
    }

    @Override
    public Map<String, Integer> assignedPartitions() {
        return current().assignedPartitions();
    }

    @Override
    public void createProducers(List<ProducerSpec> producers) {
        current().createProducers(producers);
    }

    @Override
    public void startLoad(LoadSpec load) {
        current().startLoad(load);
    }

    @Override
    public void changeRate(double ratePerSecond) {
        current().changeRate(ratePerSecond);
    }

    @Override
    public void restartSchedule(double ratePerSecond) {
        current().restartSchedule(ratePerSecond);
    }

    @Override
    public int removeConsumers(String subscription, int count, boolean crash) {
        return current().removeConsumers(subscription, count, crash);
    }

    @Override
    public int restartConsumers() {
        return current().restartConsumers();
    }

    @Override
    public Map<String, List<Integer>> memberAssignments() {
        return current().memberAssignments();
    }

    @Override
    public void pauseConsumers() {
        current().pauseConsumers();
    }

    @Override
    public void resumeConsumers() {
        current().resumeConsumers();
    }

    @Override
    public void resetStats() {
        current().resetStats();
    }

    @Override
    public List<PeriodStats> periodStats() {
        return List.of(current().takePeriod());
    }

    @Override
    public List<WorkerFindings> findings() {
        return List.of(current().findings());
    }

    @Override
    public List<CumulativeStats> cumulativeStats() {
        return List.of(current().stats.sinceReset());
    }

    @Override
    public void stopProducers() {
        current().stopProducers();
    }

    @Override
    public void stopClients() {
        current().closeClients();
    }

    @Override
    public void stopRun() {
        WorkerRun finished;
        synchronized (this) {
            finished = run;
            run = null;
        }
        if (finished != null) {
            finished.close();
        }
    }

    @Override
    public void close() {
        stopRun();
    }

    private synchronized WorkerRun current() {
        if (run == null) {
            throw new WorkerException("worker " + id + " has no run in progress (it was stopped or never started)");
        }
        return run;
    }
}
