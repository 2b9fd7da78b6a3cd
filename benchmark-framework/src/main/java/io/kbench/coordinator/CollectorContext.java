package io.kbench.coordinator;

import io.kbench.driver.TopicOffsets;
import io.kbench.features.PhaseContext;
import io.kbench.model.LoadState;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.PhaseTotals;
import io.kbench.model.ProgressNote;
import io.kbench.plan.ConsumerSpec;
import io.kbench.stats.CumulativeStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerFindings;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.function.Predicate;

/** What a feature's phase runs with: the run's workers, the collector of their periods, and the run's record. */
final class CollectorContext implements PhaseContext {

    private final Worker workers;
    private final PeriodCollector collector;
    private final RunRecorder record;
    private final RunSpec spec;
    private final BenchmarkClock clock;
    private final Duration drainTimeout;
    /** The run, for what a phase asks of it beyond the load (consumers of its own, the cluster); null in tests of the load alone. */
    private final RunContext run;
    /** Hears how long consumers a phase started took to hold their partitions (the run's rebalance time if they are its first). */
    private final LongConsumer consumersReady;

    CollectorContext(Worker workers, PeriodCollector collector, RunRecorder record, RunSpec spec, BenchmarkClock clock,
                     Duration drainTimeout) {
        this(workers, collector, record, spec, clock, drainTimeout, null, millis -> {});
    }

    CollectorContext(Worker workers, PeriodCollector collector, RunRecorder record, RunSpec spec, BenchmarkClock clock,
                     Duration drainTimeout, RunContext run, LongConsumer consumersReady) {
        this.run = run;
        this.consumersReady = consumersReady;
        this.workers = workers;
        this.collector = collector;
        this.record = record;
        this.spec = spec;
        this.clock = clock;
        this.drainTimeout = drainTimeout;
    }

    @Override
    public RunSpec spec() {
        return spec;
    }

    @Override
    public BenchmarkClock clock() {
        return clock;
    }

    @Override
    public Duration drainTimeout() {
        return drainTimeout;
    }

    @Override
    public void startPhase(Phase phase, String message, ProgressNote note) {
        record.startPhase(phase, message, note);
    }

    @Override
    public void line(String text) {
        record.line(text);
    }

    @Override
    public void warn(String text) {
        record.warn(text);
    }

    @Override
    public void restartSchedule(double ratePerSecond) {
        workers.restartSchedule(ratePerSecond);
    }

    @Override
    public void pauseConsumers() {
        workers.pauseConsumers();
    }

    @Override
    public void resumeConsumers() {
        workers.resumeConsumers();
    }

    @Override
    public void resetStats() {
        workers.resetStats();
    }

    @Override
    public List<CumulativeStats> cumulativeStats() {
        return workers.cumulativeStats();
    }

    @Override
    public long startConsumers(List<ConsumerSpec> consumers, Map<String, Integer> partitionsPerGroup) {
        long start = clock.nanoTime();
        workers.createConsumers(consumers);
        ConsumerReadiness.await(workers, partitionsPerGroup, run().options().readinessTimeout(), run().waiter(), record::line);
        long millis = (clock.nanoTime() - start) / 1_000_000;
        consumersReady.accept(millis);
        return millis;
    }

    @Override
    public Map<String, TopicOffsets> topicOffsets(List<String> topics) {
        return workers.topicOffsets(topics);
    }

    @Override
    public Map<String, Long> topicRetentionMillis(List<String> topics) {
        return workers.topicRetentionMillis(topics);
    }

    @Override
    public Map<String, Double> clusterMetrics() {
        return run == null ? Map.of() : run.faults().metrics();
    }

    @Override
    public <T> List<T> workerProgress(String feature, Class<T> type) {
        return WorkerFindings.of(workers.progress(feature), feature, type);
    }

    private RunContext run() {
        if (run == null) {
            throw new IllegalStateException("this phase context serves the load alone");
        }
        return run;
    }

    @Override
    public void runFor(Phase phase, Duration length) {
        collector.runFor(phase, length);
    }

    @Override
    public boolean runUntil(Phase phase, Predicate<LoadState> done, Duration timeout) {
        return collector.runUntil(phase, done, timeout);
    }

    @Override
    public PhaseTotals runUntilWithTotals(Phase phase, Predicate<LoadState> done, Duration timeout) {
        return collector.runUntilWithTotals(phase, done, timeout);
    }

    @Override
    public LoadState lastState() {
        return collector.lastState();
    }

    @Override
    public int progressCount() {
        return record.progressCount();
    }

    @Override
    public List<PeriodSummary> progressFrom(int from) {
        return record.progressFrom(from);
    }
}
