package io.kbench.coordinator;

import io.kbench.driver.TopicSpec;
import io.kbench.features.FaultApplier;
import io.kbench.features.Feature;
import io.kbench.features.RunFailedException;
import io.kbench.features.RunFindings;
import io.kbench.features.RunSetup;
import io.kbench.model.ClientMetrics;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Delivery;
import io.kbench.model.Measurement;
import io.kbench.model.MeasurementCalculator;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.ResultSection;
import io.kbench.model.RunStatus;
import io.kbench.plan.TopicBatches;
import io.kbench.plan.TopicLayout;
import io.kbench.plan.TopicSetup;
import io.kbench.result.RunResult;
import io.kbench.stats.ClientMetricTotal;
import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import io.kbench.warning.WarningSummary;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerFindings;
import io.kbench.worker.WorkerGroup;
import io.kbench.worker.WorkerSetup;
import io.kbench.workload.Rate;
import io.kbench.workload.Workload;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one benchmark through the workers, phase by phase: start the driver, create topics, create
 * consumers and wait for every partition to be assigned, create producers, warm up, measure,
 * stop the producers, drain (bounded), collect, then always clean up (topics deleted unless kept)
 * and return a result — marked failed or interrupted, with what was measured, if a phase fails.
 * The features take part through their {@link io.kbench.features.RunPart}s; listeners (the console)
 * hear the run's news as it comes.
 */
public final class Coordinator {

    private static final Logger log = LoggerFactory.getLogger(Coordinator.class);

    private final WorkerGroup workers;
    private final Waiter waiter;
    private final List<RunListener> listeners;
    private final StopSignal signal;
    private final FaultApplier faults;
    private final Supplier<Map<String, Double>> serverMetrics;

    public Coordinator(WorkerGroup workers, BenchmarkClock clock, StopSignal stop, Console console) {
        this(workers, clock, stop, console, fault -> {
            throw new RunFailedException("faults need a cluster the run starts (a localCluster section in the driver file)");
        });
    }

    /** @param faults applies the workload's faults to the cluster the run started */
    public Coordinator(WorkerGroup workers, BenchmarkClock clock, StopSignal stop, Console console, FaultApplier faults) {
        this(workers, clock, stop, List.of(new ConsoleListener(console)), faults);
    }

    /** @param listeners who hears the run's news as it comes (the console first) */
    public Coordinator(WorkerGroup workers, BenchmarkClock clock, StopSignal stop, List<RunListener> listeners, FaultApplier faults) {
        this(workers, clock, stop, listeners, faults, Map::of);
    }

    /** @param serverMetrics the cluster's own metrics, where the run started it (empty otherwise) */
    public Coordinator(WorkerGroup workers, BenchmarkClock clock, StopSignal stop, List<RunListener> listeners, FaultApplier faults,
                       Supplier<Map<String, Double>> serverMetrics) {
        this.serverMetrics = serverMetrics;
        this.workers = workers;
        this.waiter = new Waiter(clock, stop);
        this.listeners = List.copyOf(listeners);
        this.signal = stop;
        this.faults = faults;
    }

    public RunResult run(CoordinatorInput spec) {
        RunRecorder record = new RunRecorder(waiter.clock(), listeners);
        Workload w = spec.workload(); // the file's form: what the result records
        RunSpec s = spec.spec(); // what the run does
        CoordinatorOptions options = spec.options();
        TopicCreator topics = new TopicCreator(workers, record::line, waiter,
                new TopicBatches(options.topicBatchSize(), TopicBatches.DEFAULT_MAX_PARTITIONS));
        boolean started = false;
        Collected collected = null;
        RunSetupHolder setup = new RunSetupHolder(w, s, options);
        PhaseRunner phases = null;
        FeatureRuns features = FeatureRuns.of(setup);
        LeaseKeeper leases = new LeaseKeeper(workers, waiter.clock(), renewEvery(options), options.lease(), signal);
        List<String> topicNames = List.of();
        ProvenanceRecorder provenance = new ProvenanceRecorder(spec, record::line); // what the run was measured on
        try {
            record.step("driver start");
            record.line("Starting the driver on %s...", workers.id());
            workers.startRun(new WorkerSetup(spec.runId(), spec.driverFile(), options.coordinatorName(),
                    options.lease().toMillis(), 0));
            started = true;
            leases.start();
            deleteLeftTopics(record, options.leftTopics());

            TopicLayout layout;
            if (s.topology().existing().any()) {
                record.step("topic check");
                Map<String, Integer> existing = ExistingTopics.check(workers, s);
                Integer common = ExistingTopics.commonPartitions(existing);
                w = w.withPartitionsPerTopic(common);
                s = s.withPartitionsPerTopic(common == null ? 0 : common);
                record.workloadAsRun(w);
                setup.workload = w;
                setup.spec = s;
                layout = TopicLayout.of(s, spec.payload(), options.topicPrefix(), spec.runId(), options.checkIntegrity(), existing);
                record.topics(layout.topics().stream().map(TopicSpec::name).toList(), false);
                record.line("Using %d existing topic(s) as they are (not created, not deleted): %s", existing.size(),
                        ExistingTopics.describe(existing));
            } else {
                layout = TopicLayout.of(s, spec.payload(), options.topicPrefix(), spec.runId(), options.checkIntegrity());
                // Named before they are created, so that a coordinator lost while creating them leaves their names behind.
                record.topics(layout.topics().stream().map(TopicSpec::name).toList(), true);
                record.step("topic creation");
                record.line("Creating %d topic(s) with %d partition(s) each...", layout.topics().size(), s.topology().partitionsPerTopic());
                topics.create(layout.topics());
            }
            topicNames = layout.topics().stream().map(TopicSpec::name).toList();
            provenance.describe(workers, topicNames);
            setup.layout = layout;
            setup.workers = workers.members().size();
            setup.zones = workers.members().stream().map(m -> m.zone().orElse(null)).toList();

            if (s.load().limitsInFlight() && workers.members().size() > 1) {
                throw new RunFailedException("maxInFlightMessages counts messages until they are consumed, so producers "
                        + "and consumers must run in one process: run this workload without --workers");
            }
            RunContext run = new RunContext(workers, waiter, s, layout, options, options.effectiveStallTimeout(spec.deliveryTimeout()),
                    spec.clusterName(), faults, serverMetrics);
            phases = new PhaseRunner(run, record, features);
            phases.run(RunPlan.of(s, options.drainTimeout(), features));
            collected = new Collected(workers.cumulativeStats(), workers.findings());
        } catch (RunStoppedException e) {
            record.end(RunStatus.INTERRUPTED, "interrupted (" + e.getMessage() + ") during " + record.phaseName());
        } catch (ClusterStalledException e) {
            record.stalled(e.summary());
            record.end(RunStatus.FAILED, e.getMessage() + " (during " + record.phaseName() + ")");
        } catch (RunFailedException e) {
            record.end(RunStatus.FAILED, e.getMessage() + " (during " + record.phaseName() + ")");
        } catch (RuntimeException e) {
            log.debug("run {} failed", spec.runId(), e);
            record.end(RunStatus.FAILED, Errors.describeForUser(e) + " (during " + record.phaseName() + ")");
        } finally {
            if (started) {
                collected = cleanUp(record, topics, options.keepTopics(), collected);
            }
            leases.close();
        }
        PhaseResult.All measured = phases == null ? PhaseResult.All.NONE : phases.results();
        ResultAssembler.Assembly a = ResultAssembler.assemble(spec, record.facts(measured),
                collect(w, s, record, measured, collected, topicNames, features, provenance, topics.setup()));
        record.concluded(a.newWarnings(), a.result().outcome().status(), a.result().outcome().failureReason());
        return a.result();
    }

    /**
     * What the features learn of the run: asked before anything starts (so that a run failing early still gets the
     * features' verdicts), completed once the run's topics are known.
     */
    private static final class RunSetupHolder implements RunSetup {
        private final CoordinatorOptions options;
        Workload workload;
        RunSpec spec;
        TopicLayout layout;
        int workers;
        List<String> zones = List.of();

        RunSetupHolder(Workload workload, RunSpec spec, CoordinatorOptions options) {
            this.workload = workload;
            this.spec = spec;
            this.options = options;
        }

        @Override
        public Workload workload() {
            return workload;
        }

        @Override
        public RunSpec spec() {
            return spec;
        }

        @Override
        public TopicLayout layout() {
            if (layout == null) {
                throw new IllegalStateException("the run's topics are not known yet");
            }
            return layout;
        }

        @Override
        public int workerCount() {
            return workers;
        }

        @Override
        public List<String> workerZones() {
            return zones;
        }

        @Override
        public Duration drainTimeout() {
            return options.drainTimeout();
        }

        @Override
        public boolean checkIntegrity() {
            return options.checkIntegrity();
        }

        @Override
        public <T> Optional<T> settings(Class<T> type) {
            return options.features().get(type);
        }
    }

    /** No worker sent, acknowledged or received a message. */
    private static boolean sentNothing(List<CumulativeStats> stats) {
        return stats.stream().map(CumulativeStats::runTotals).allMatch(t -> t.messagesSent() == 0 && t.messagesReceived() == 0);
    }

    /** What the workers reported at the end: their stats and their findings (the features', the clients' metrics). */
    private record Collected(List<CumulativeStats> stats, List<WorkerFindings> findings) {}

    /** Everything measured and found, for the result; nothing measured when no figures came back. */
    private ResultAssembler.Collected collect(Workload w, RunSpec s, RunRecorder record, PhaseResult.All phases, Collected c, List<String> topics,
                                              FeatureRuns features, ProvenanceRecorder provenance, TopicSetup setup) {
        List<String> workerIds = workers.members().stream().map(Worker::id).toList();
        long end = waiter.clock().epochMicros() / 1_000;
        if (c == null || (record.progressCount() == 0 && sentNothing(c.stats()))) {
            // Nothing ran (issue 26: a creation refused): nothing was measured, checked or limited; the status says why.
            List<ResultSection> sections = new ArrayList<>(List.of(provenance.section(w, List.of(), record.workersLost())));
            if (setup != null) {
                sections.add(setup);
            }
            return new ResultAssembler.Collected(end, workerIds, topics, null, null, null, c == null ? List.of()
                    : WarningSummary.merge(c.findings().stream().map(WorkerFindings::clientWarnings).toList()), sections,
                    List.of(), features.verdicts());
        }
        List<ResultSection> sections = new ArrayList<>(features.sections(f -> findings(f, c, record)));
        sections.add(provenance.section(w, c.findings(), record.workersLost()));
        if (setup != null) {
            sections.add(setup);
        }
        sections.add(ClientMetrics.of(ClientMetricTotal.merge(c.findings().stream().map(WorkerFindings::clientMetrics).toList())));
        return new ResultAssembler.Collected(end, workerIds, topics, measurement(c.stats(), s, record, phases),
                consumerMetrics(c.stats(), s, phases), Delivery.of(c.stats()), WarningSummary.merge(
                        c.findings().stream().map(WorkerFindings::clientWarnings).toList()),
                sections, features.limits(), features.verdicts());
    }

    /** The findings as one feature sees them: its own workers' findings, and the run's periods and totals. */
    private static RunFindings findings(Feature feature, Collected c, RunRecorder record) {
        return new RunFindings() {
            @Override
            public <T> List<T> fromWorkers(Class<T> type) {
                return WorkerFindings.of(c.findings(), feature.name(), type);
            }

            @Override
            public List<PeriodSummary> progressOf(Phase phase) {
                return record.progressOf(phase);
            }

            @Override
            public Counts runTotals() {
                Counts run = Counts.ZERO;
                for (CumulativeStats s : c.stats()) {
                    run = run.plus(s.runTotals());
                }
                return run;
            }

            @Override
            public boolean workersLost() {
                return record.workersLost();
            }
        };
    }

    /** Deletes the topics earlier runs left behind (--delete-left-topics); a failure is a warning, not the run's end. */
    private void deleteLeftTopics(RunRecorder record, List<String> left) {
        if (left.isEmpty()) {
            return;
        }
        record.line("Deleting %d topic(s) that earlier runs left: %s...", left.size(), String.join(", ", left));
        try {
            workers.deleteTopics(left);
        } catch (RuntimeException e) {
            record.warn("could not delete the topics earlier runs left (" + String.join(", ", left) + "): "
                    + Errors.describeForUser(e) + "; delete them by hand");
        }
    }

    /** Renew often enough that a lease survives two lost renewals. */
    private static Duration renewEvery(CoordinatorOptions options) {
        Duration third = options.lease().dividedBy(3);
        return third.compareTo(options.progressInterval()) < 0 ? third : options.progressInterval();
    }

    /**
     * Always runs after a started run: keeps what was measured, closes clients, deletes topics,
     * stops the workers. Each step is best effort across workers, so one dead worker does not keep
     * the others running or lose their measurements.
     */
    private Collected cleanUp(RunRecorder record, TopicCreator topics, boolean keepTopics, Collected collected) {
        List<String> created = topics.created();
        if (collected == null) {
            // A phase failed: keep what the workers still answering have measured. Stop the producers
            // first, so that what is still in flight now counts as undelivered.
            workers.tryForAll("stop the producers", Worker::stopProducers).forEach(record::warn);
            Map<String, String> failures = new LinkedHashMap<>(); // one entry per lost worker
            List<CumulativeStats> stats = workers.tryCumulativeStats(failures);
            List<WorkerFindings> findings = workers.tryFindings(failures);
            failures.values().forEach(record::workerLost);
            collected = new Collected(stats, findings);
        }
        workers.tryForAll("close producers and consumers", Worker::stopClients).forEach(record::warn);
        if (!created.isEmpty()) {
            if (keepTopics) {
                record.line("Keeping %d topic(s) (--keep-topics).", created.size());
            } else {
                record.line("Deleting %d topic(s)...", created.size());
                try {
                    topics.delete();
                } catch (RuntimeException e) {
                    record.warn("could not delete the topics " + created + ": " + Errors.describeForUser(e)
                            + "; delete them by hand once the cluster answers");
                }
            }
        }
        workers.tryForAll("stop the run", Worker::stopRun).forEach(record::warn);
        return collected;
    }

    private Measurement measurement(List<CumulativeStats> cumulative, RunSpec spec, RunRecorder record, PhaseResult.All phases) {
        if (cumulative == null || cumulative.isEmpty()) {
            return null;
        }
        // A ramp or steps, or a rate of the producers' own while a backlog drains: what was requested on average over the measurement.
        Rate rate = spec.rate();
        double requested = rate instanceof Rate.Ramp || rate instanceof Rate.Steps || spec.load().whileDraining().isPresent()
                ? record.averageRequestedRateMeasured()
                : rate instanceof Rate.Fixed f ? f.perSecond() : -1;
        // Timed: the rate is what was acknowledged within the window, not later while draining.
        return MeasurementCalculator.calculate(cumulative, requested, spec.countMode(), waiter.clock().epochMicros(),
                spec.countMode() ? null : phases.ackedInWindow());
    }

    private static ConsumerMetrics consumerMetrics(List<CumulativeStats> cumulative, RunSpec spec, PhaseResult.All phases) {
        if (cumulative == null || cumulative.isEmpty() || spec.topology().subscriptionsPerTopic() == 0) {
            return null;
        }
        long start = Long.MAX_VALUE;
        long lastReceive = 0;
        long bytes = 0;
        long messages = 0;
        for (CumulativeStats c : cumulative) {
            start = Math.min(start, c.resetEpochMicros());
            lastReceive = Math.max(lastReceive, c.lastReceiveEpochMicros());
            bytes += c.counts().bytesReceived();
            messages += c.counts().messagesReceived();
        }
        return ConsumerMetrics.of(start, lastReceive, bytes, messages, phases.rebalanceMillis(), spec.consumeOnly() || spec.topology().consumesExistingOnly());
    }
}
