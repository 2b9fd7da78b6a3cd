package io.kbench.coordinator;

import io.kbench.consumerevents.ConsumerEvents;
import io.kbench.sharegroup.ShareGroups;
import io.kbench.consumergroups.ConsumerGroups;
import io.kbench.driver.TopicSpec;
import io.kbench.faults.FaultApplier;
import io.kbench.integrity.Integrity;
import io.kbench.model.ClientMetrics;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Delivery;
import io.kbench.model.Measurement;
import io.kbench.model.MeasurementCalculator;
import io.kbench.model.RunStatus;
import io.kbench.partitioncost.WorkerMemories;
import io.kbench.result.RunResult;
import io.kbench.stats.ClientMetricTotal;
import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.topics.TopicBatches;
import io.kbench.util.Errors;
import io.kbench.warning.WarningSummary;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerFindings;
import io.kbench.worker.WorkerGroup;
import io.kbench.worker.WorkerSetup;
import io.kbench.workload.Rate;
import io.kbench.workload.Workload;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one benchmark through the workers, phase by phase: start the driver, create topics, create
 * consumers and wait for every partition to be assigned, create producers, warm up, measure,
 * stop the producers, drain (bounded), collect, then always clean up (topics deleted unless kept)
 * and return a result — marked failed or interrupted, with what was measured, if a phase fails.
 */
public final class Coordinator {

    private static final Logger log = LoggerFactory.getLogger(Coordinator.class);

    private final WorkerGroup workers;
    private final Waiter waiter;
    private final Console console;
    private final StopSignal signal;
    private final FaultApplier faults;
    private final Supplier<Map<String, Double>> serverMetrics;
    private PhaseRunner phases;

    public Coordinator(WorkerGroup workers, BenchmarkClock clock, StopSignal stop, Console console) {
        this(workers, clock, stop, console, fault -> {
            throw new RunFailedException("faults need a cluster the run starts (a localCluster section in the driver file)");
        });
    }

    /** @param faults applies the workload's faults to the cluster the run started */
    public Coordinator(WorkerGroup workers, BenchmarkClock clock, StopSignal stop, Console console, FaultApplier faults) {
        this(workers, clock, stop, console, faults, Map::of);
    }

    /** @param serverMetrics the cluster's own metrics, where the run started it (empty otherwise) */
    public Coordinator(WorkerGroup workers, BenchmarkClock clock, StopSignal stop, Console console, FaultApplier faults,
                       Supplier<Map<String, Double>> serverMetrics) {
        this.workers = workers;
        this.waiter = new Waiter(clock, stop);
        this.console = console;
        this.signal = stop;
        this.faults = faults;
        this.serverMetrics = serverMetrics;
    }

    public RunResult run(CoordinatorInput spec) {
        CoordinatorJournal record = new CoordinatorJournal(spec, waiter.clock(), console);
        record.serverMetrics(serverMetrics);
        Workload w = spec.workload();
        CoordinatorOptions options = spec.options();
        TopicCreator topics = new TopicCreator(workers, console, waiter,
                new TopicBatches(options.topicBatchSize(), TopicBatches.DEFAULT_MAX_PARTITIONS));
        Duration stallTimeout = options.effectiveStallTimeout(spec.deliveryTimeout());
        boolean started = false;
        Collected collected = null;
        LeaseKeeper leases = new LeaseKeeper(workers, waiter.clock(), renewEvery(options), options.lease(), signal);
        List<String> topicNames = List.of();
        phases = null;
        try {
            record.step("driver start");
            console.line("Starting the driver on %s...", workers.id());
            workers.startRun(new WorkerSetup(spec.runId(), spec.driverFile(), options.coordinatorName(),
                    options.lease().toMillis(), 0));
            started = true;
            leases.start();

            TopicLayout layout;
            if (w.existingTopics() != null) {
                record.step("topic check");
                Map<String, Integer> existing = ExistingTopics.check(workers, w);
                w = w.withPartitionsPerTopic(ExistingTopics.commonPartitions(existing));
                record.workloadAsRun(w);
                layout = TopicLayout.of(w, spec.payload(), options.topicPrefix(), spec.runId(), options.checkIntegrity(), existing);
                console.line("Using %d existing topic(s) as they are (not created, not deleted): %s", existing.size(),
                        ExistingTopics.describe(existing));
            } else {
                layout = TopicLayout.of(w, spec.payload(), options.topicPrefix(), spec.runId(), options.checkIntegrity());
                record.step("topic creation");
                console.line("Creating %d topic(s) with %d partition(s) each...", layout.topics().size(), w.partitionsPerTopic());
                topics.create(layout.topics());
            }
            topicNames = layout.topics().stream().map(TopicSpec::name).toList();

            if (w.maxInFlightMessages() != null && workers.members().size() > 1) {
                throw new RunFailedException("maxInFlightMessages counts messages until they are consumed, so producers "
                        + "and consumers must run in one process: run this workload without --workers");
            }
            RunPlan plan = RunPlan.of(w, options);
            phases = new PhaseRunner(workers, waiter, console, faults, record, w, layout, options, spec.clusterName(), stallTimeout);
            phases.run(plan);
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
            if (topics.setup() != null) {
                record.section(topics.setup());
            }
            leases.close();
        }
        List<String> workerIds = workers.members().stream().map(Worker::id).toList();
        List<CumulativeStats> cumulative = collected == null ? null : collected.stats();
        if (collected == null) {
            return record.toResult(workerIds, topicNames, null, null, null, List.of());
        }
        if (record.progressCount() == 0 && sentNothing(collected.stats())) {
            // Failed before any load ran (issue 26): nothing was measured, checked or limited; the status says why.
            return record.toResult(workerIds, topicNames, null, null, null,
                    WarningSummary.merge(collected.findings().stream().map(WorkerFindings::clientWarnings).toList()));
        }
        Integrity integrity = integrity(collected, record.workersLost(), w, options);
        if (integrity != null) {
            record.section(integrity);
        }
        ConsumerEvents events = phases == null || phases.consumerEvents() == null ? null
                : phases.consumerEvents().section(record, collected.findings());
        if (events != null) {
            record.section(events);
        }
        ShareGroups shares = ShareGroups.of(collected.findings().stream().flatMap(f -> f.shareGroups().stream()).toList());
        if (shares != null) {
            record.section(shares);
        }
        ConsumerGroups groups = ConsumerGroups.of(collected.findings().stream().flatMap(f -> f.consumerGroups().stream()).toList());
        if (groups != null) {
            record.section(groups);
        }
        record.section(ClientMetrics.of(ClientMetricTotal.merge(collected.findings().stream().map(WorkerFindings::clientMetrics).toList())));
        WorkerMemories memory = WorkerMemories.of(collected.findings().stream().map(WorkerFindings::memory).toList());
        if (memory != null) {
            record.section(memory);
        }
        return record.toResult(workerIds, topicNames, measurement(cumulative, w, record), consumerMetrics(cumulative, w, record),
                Delivery.of(collected.stats()), WarningSummary.merge(collected.findings().stream().map(WorkerFindings::clientWarnings).toList()));
    }

    /** No worker sent, acknowledged or received a message. */
    private static boolean sentNothing(List<CumulativeStats> stats) {
        return stats.stream().map(CumulativeStats::runTotals).allMatch(c -> c.messagesSent() == 0 && c.messagesReceived() == 0);
    }

    /** What the workers reported at the end: their stats and their findings (integrity data, client metrics). */
    private record Collected(List<CumulativeStats> stats, List<WorkerFindings> findings) {}

    /**
     * The integrity verdict, or null when there is nothing to check (checks off, or nobody consumed).
     * Losses are counted only if the consumers caught up; otherwise they would be confused with lag.
     */
    private static Integrity integrity(Collected c, boolean workersLost, Workload w, CoordinatorOptions options) {
        if (!options.checkIntegrity() || w.subscriptionsPerTopic() == 0 || c.findings().isEmpty()) {
            return null;
        }
        Counts run = Counts.ZERO;
        for (CumulativeStats s : c.stats()) {
            run = run.plus(s.runTotals());
        }
        long unread = LoadState.backlog(run.messagesToConsume() * w.subscriptionsPerTopic(), run.messagesReceived());
        // A lost worker's consumers may have read what the others' producers sent: without its figures, a loss cannot be told.
        String notChecked = workersLost ? "a worker's figures are missing" : unread <= 0 ? null
                : String.format(Locale.ROOT, "the consumers had not read %,d acknowledged messages when the run ended", unread);
        return Integrity.judge(c.findings().stream().map(WorkerFindings::integrity).toList(), notChecked);
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
    private Collected cleanUp(CoordinatorJournal record, TopicCreator topics, boolean keepTopics, Collected collected) {
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
                console.line("Keeping %d topic(s) (--keep-topics).", created.size());
            } else {
                console.line("Deleting %d topic(s)...", created.size());
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

    private Measurement measurement(List<CumulativeStats> cumulative, Workload w, CoordinatorJournal record) {
        if (record.search() != null) {
            return record.searchMeasurement(); // the confirmation's (or the best step's), not the last step's
        }
        if (cumulative == null || cumulative.isEmpty()) {
            return null;
        }
        // A ramp or steps: what was requested on average over the measurement.
        Rate rate = w.rate();
        double requested = rate instanceof Rate.Ramp || rate instanceof Rate.Steps ? record.averageRequestedRateMeasured()
                : rate instanceof Rate.Fixed f ? f.perSecond() : -1;
        // Timed: the rate is what was acknowledged within the window, not later while draining.
        return MeasurementCalculator.calculate(cumulative, requested, w.countMode(), waiter.clock().epochMicros(),
                w.countMode() ? null : record.ackedInWindow());
    }

    private static ConsumerMetrics consumerMetrics(List<CumulativeStats> cumulative, Workload w, CoordinatorJournal record) {
        if (cumulative == null || cumulative.isEmpty() || w.subscriptionsPerTopic() == 0) {
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
        return ConsumerMetrics.of(start, lastReceive, bytes, messages, record.rebalanceTimeMillis(), w.consumeOnly());
    }
}
