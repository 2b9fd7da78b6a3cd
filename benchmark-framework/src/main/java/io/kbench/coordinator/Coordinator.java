package io.kbench.coordinator;

import io.kbench.consumerevents.ConsumerEventRunner;
import io.kbench.consumerevents.ConsumerEvents;
import io.kbench.sharegroup.ShareGroups;

import io.kbench.backlog.CatchUp;
import io.kbench.driver.TopicSpec;
import io.kbench.faults.FaultTimeline;
import io.kbench.faults.FaultApplier;
import io.kbench.faults.FaultRunner;
import io.kbench.integrity.Integrity;
import io.kbench.model.ClientMetrics;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Delivery;
import io.kbench.model.Measurement;
import io.kbench.model.MeasurementCalculator;
import io.kbench.model.Phase;
import io.kbench.model.RunStatus;
import io.kbench.model.WarmupReport;
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
import io.kbench.worker.WorkerPlan;
import io.kbench.worker.WorkerSetup;
import io.kbench.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    private ConsumerEventPhases consumerEvents;

    public Coordinator(WorkerGroup workers, BenchmarkClock clock, StopSignal stop, Console console) {
        this(workers, clock, stop, console, fault -> {
            throw new RunFailedException("faults need a cluster the run starts (a localCluster section in the driver file)");
        });
    }

    /** @param faults applies the workload's faults to the cluster the run started */
    public Coordinator(WorkerGroup workers, BenchmarkClock clock, StopSignal stop, Console console, FaultApplier faults) {
        this.workers = workers;
        this.waiter = new Waiter(clock, stop);
        this.console = console;
        this.signal = stop;
        this.faults = faults;
    }

    public RunResult run(CoordinatorInput spec) {
        CoordinatorJournal record = new CoordinatorJournal(spec, waiter.clock(), console);
        Workload w = spec.workload();
        CoordinatorOptions options = spec.options();
        TopicCreator topics = new TopicCreator(workers, console, options.topicBatchSize());
        Duration stallTimeout = options.effectiveStallTimeout(spec.deliveryTimeout());
        boolean started = false;
        Collected collected = null;
        LeaseKeeper leases = new LeaseKeeper(workers, waiter.clock(), renewEvery(options), options.lease(), signal);
        List<String> topicNames = List.of();
        consumerEvents = null;
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
                topics.create(layout.topics(), waiter.stop());
            }
            topicNames = layout.topics().stream().map(TopicSpec::name).toList();

            if (w.maxInFlightMessages() != null && workers.members().size() > 1) {
                throw new RunFailedException("maxInFlightMessages counts messages until they are consumed, so producers "
                        + "and consumers must run in one process: run this workload without --workers");
            }
            if (w.consumeOnly()) {
                consumeOnly(w, layout, record, options, spec.clusterName(), stallTimeout);
            } else if (options.search() != null) {
                searchMaxRate(w, layout, record, options, StallGuard.acknowledgements(stallTimeout, spec.clusterName()));
            } else {
                produceAndMeasure(w, layout, record, options, StallGuard.acknowledgements(stallTimeout, spec.clusterName()));
            }
            collected = new Collected(workers.cumulativeStats(), workers.findings(), 0);
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
                collected = cleanUp(record, topics.created(), options.keepTopics(), collected);
            }
            leases.close();
        }
        List<String> workerIds = workers.members().stream().map(Worker::id).toList();
        List<CumulativeStats> cumulative = collected == null ? null : collected.stats();
        if (collected == null) {
            return record.toResult(workerIds, topicNames, null, null, null, List.of());
        }
        Integrity integrity = integrity(collected, w, options);
        if (integrity != null) {
            record.section(integrity);
        }
        ConsumerEvents events = consumerEvents == null ? null : consumerEvents.section(record, collected.findings());
        if (events != null) {
            record.section(events);
        }
        ShareGroups shares = ShareGroups.of(collected.findings().stream().flatMap(f -> f.shareGroups().stream()).toList());
        if (shares != null) {
            record.section(shares);
        }
        record.section(ClientMetrics.of(ClientMetricTotal.merge(collected.findings().stream().map(WorkerFindings::clientMetrics).toList())));
        return record.toResult(workerIds, topicNames, measurement(cumulative, w, record), consumerMetrics(cumulative, w, record),
                Delivery.of(collected.stats()), WarningSummary.merge(collected.findings().stream().map(WorkerFindings::clientWarnings).toList()));
    }

    /** What the workers reported at the end: their stats and their findings (integrity data, client metrics). */
    private record Collected(List<CumulativeStats> stats, List<WorkerFindings> findings, int missingFigures) {}

    /**
     * The integrity verdict, or null when there is nothing to check (checks off, or nobody consumed).
     * Losses are counted only if the consumers caught up; otherwise they would be confused with lag.
     */
    private static Integrity integrity(Collected c, Workload w, CoordinatorOptions options) {
        if (!options.checkIntegrity() || w.subscriptionsPerTopic() == 0 || c.findings().isEmpty()) {
            return null;
        }
        Counts run = Counts.ZERO;
        for (CumulativeStats s : c.stats()) {
            run = run.plus(s.runTotals());
        }
        long unread = LoadState.backlog(run.messagesToConsume() * w.subscriptionsPerTopic(), run.messagesReceived());
        // A lost worker's consumers may have read what the others' producers sent: without its figures, a loss cannot be told.
        String notChecked = c.missingFigures() > 0 ? "a worker's figures are missing" : unread <= 0 ? null
                : String.format(Locale.ROOT, "the consumers had not read %,d acknowledged messages when the run ended", unread);
        return Integrity.judge(c.findings().stream().map(WorkerFindings::integrity).toList(), notChecked);
    }

    /** Consumers first (every partition assigned), then producers; warmup, backlog, measurement, drain. */
    private void produceAndMeasure(Workload w, TopicLayout layout, CoordinatorJournal record, CoordinatorOptions options, StallGuard guard) {
        if (!layout.consumers().isEmpty()) {
            createConsumers(layout, record, options);
        }
        createProducers(layout, record);
        Duration warmup = w.effectiveWarmup();
        boolean settleFirst = !warmup.isZero();
        boolean backlog = w.consumerBacklogSizeGB() > 0;
        if (!settleFirst) {
            workers.resetStats(); // measure from the very first message
            record.windowOpens(Counts.ZERO);
        }
        workers.startLoad(layout.load());
        PeriodCollector collector = collector(w, record, options, guard);
        FaultRunner faultRunner = new FaultRunner(w.faults(), layout.topics().get(0).name(), faults, waiter.clock(),
                collector.loadStartNanos(), console::line);
        consumerEvents = w.consumerEvents().isEmpty() ? null : new ConsumerEventPhases(workers, w, layout);
        ConsumerEventRunner eventRunner = consumerEvents == null ? null
                : consumerEvents.runner(waiter.clock(), collector.loadStartNanos(), console::line);
        try {
            if (settleFirst) {
                warmUp(warmup, collector, record, options);
                workers.resetStats();
                record.windowOpens(runTotals(collector));
                record.measurementStartsWithLag(record.lastScheduleLag());
            }
            if (backlog) {
                // As OMB: the measurement (and the faults' clock) starts before the build, so it has the catch-up read.
                faultRunner.start(waiter.clock().nanoTime());
                CatchUp catchUp = new BacklogPhases(workers, collector, record, w, console).run();
                if (catchUp != null) {
                    record.section(catchUp);
                }
            }
            if (w.countMode()) {
                record.startPhase(Phase.MEASURE, String.format(Locale.ROOT, "Measuring until %,d messages are sent...", w.messageCount()));
                collector.runUntil(Phase.MEASURE, LoadState::producersDone, null);
            } else {
                record.startPhase(Phase.MEASURE, "Measuring for " + w.effectiveTestDuration().toSeconds() + " s"
                        + (backlog ? " more after the drain, as OMB does..." : "...")
                        + (w.faults().isEmpty() ? "" : " (" + w.faults().size() + " fault(s) planned)"));
                faultRunner.start(waiter.clock().nanoTime());
                if (eventRunner != null) {
                    eventRunner.start(waiter.clock().nanoTime());
                }
                collector.runFor(Phase.MEASURE, w.effectiveTestDuration());
            }
            // The measurement ends on time: faults not yet due are dropped, one still under way
            // (a restart waits for its broker) finishes in the background while the run drains.
            faultRunner.endMeasurement();
            if (eventRunner != null) {
                eventRunner.endMeasurement();
            }
            record.windowCloses(runTotals(collector));
            workers.stopProducers();
            record.startPhase(Phase.DRAIN, "Producers stopped; draining in-flight and unconsumed messages (up to "
                    + options.drainTimeout().toSeconds() + " s)...");
            boolean drained = collector.runUntil(Phase.DRAIN,
                    s -> s.inFlightMessages() <= 0 && s.backlogMessages() <= 0, options.drainTimeout());
            if (!drained) {
                record.warn("drain incomplete after " + options.drainTimeout().toSeconds()
                        + " s: the last period shows what was still in flight or unconsumed");
            }
        } finally {
            record.section(new FaultTimeline(faultRunner.stop()));
            if (consumerEvents != null) {
                consumerEvents.stopped();
            }
        }
    }

    /**
     * A max-rate search on the run's topics and clients, step by step (the workload's warmup is
     * not used: each step settles), then the producers stop and the run drains. A search without
     * a confirmed rate fails the run, with its bounds in the result.
     */
    private void searchMaxRate(Workload w, TopicLayout layout, CoordinatorJournal record, CoordinatorOptions options, StallGuard guard) {
        if (!layout.consumers().isEmpty()) {
            createConsumers(layout, record, options);
        }
        createProducers(layout, record);
        workers.startLoad(layout.load().withRate(SearchPhases.firstRate(w)));
        PeriodCollector collector = collector(w, record, options, guard);
        SearchPhases.Result found = new SearchPhases(workers, collector, record, console, waiter.clock(), w, options.search(),
                options.drainTimeout()).run();
        record.search(found.report(), found.measurement(), found.measuredPeriods(), found.diagnosis());
        workers.stopProducers();
        record.startPhase(Phase.DRAIN, "Search over; producers stopped, draining (up to " + options.drainTimeout().toSeconds()
                + " s)...");
        if (!collector.runUntil(Phase.DRAIN, s -> s.inFlightMessages() <= 0 && s.backlogMessages() <= 0, options.drainTimeout())) {
            record.warn("drain incomplete after " + options.drainTimeout().toSeconds()
                    + " s: the last period shows what was still in flight or unconsumed");
        }
        if (!found.report().confirmed()) {
            record.end(RunStatus.FAILED, found.report().finalLine());
        }
    }

    /**
     * Warms up for the workload's warmup, then, unless it is to be fixed, goes on a progress
     * interval at a time until the producers have caught up and latency has settled, at most up to
     * the cap; capped unsettled, the measurement starts anyway and the result says so.
     */
    private void warmUp(Duration planned, PeriodCollector collector, CoordinatorJournal record, CoordinatorOptions options) {
        Duration cap = options.fixedWarmup() ? planned : options.warmupCap(planned);
        record.startPhase(Phase.WARMUP, "Warming up for " + planned.toSeconds() + " s"
                + (options.fixedWarmup() ? " (fixed)..." : ", longer (up to " + cap.toSeconds() + " s) until the producers "
                + "keep their schedule and latency settles..."));
        long start = waiter.clock().nanoTime();
        collector.runFor(Phase.WARMUP, planned);
        if (options.fixedWarmup()) {
            record.warmup(new WarmupReport(planned.toMillis(), planned.toMillis(), cap.toMillis(), true, true,
                    "fixed (--fixed-warmup)", 0));
            return;
        }
        long intervalMicros = options.progressInterval().toNanos() / 1_000;
        while (true) {
            WarmupJudge.Verdict v = WarmupJudge.judge(record.progressOf(Phase.WARMUP), intervalMicros);
            Duration used = Duration.ofNanos(waiter.clock().nanoTime() - start);
            if (v.settled()) {
                record.warmup(new WarmupReport(planned.toMillis(), used.toMillis(), cap.toMillis(), false, true,
                        used.compareTo(planned.plus(options.progressInterval())) < 0 ? "steady state by the planned end"
                                : "steady state after " + used.toSeconds() + " s", 0));
                return;
            }
            if (used.compareTo(cap) >= 0) {
                record.warn("the warmup did not settle within its cap of " + cap.toSeconds() + " s (" + v.reason()
                        + "): the measurement starts anyway, and its figures include the settling. Warm up longer "
                        + "(--max-warmup, warmupDuration) or lower the rate");
                record.warmup(new WarmupReport(planned.toMillis(), used.toMillis(), cap.toMillis(), false, false,
                        "capped unsettled: " + v.reason(), 0));
                return;
            }
            console.line("  warmup goes on: %s", v.reason());
            collector.runFor(Phase.WARMUP, options.progressInterval());
        }
    }

    /**
     * Like kafka-consumer-perf-test: produce the messages first (not measured), then measure from
     * the moment the consumers are created (their group join included) until every message is consumed.
     */
    private void consumeOnly(Workload w, TopicLayout layout, CoordinatorJournal record, CoordinatorOptions options, String cluster,
                             Duration stallTimeout) {
        createProducers(layout, record);
        PeriodCollector prefill = collector(w, record, options, StallGuard.acknowledgements(stallTimeout, cluster));
        record.startPhase(Phase.PREFILL, String.format(Locale.ROOT, "Prefilling %,d messages (not measured)...", w.prefillMessages()));
        workers.startLoad(layout.load());
        prefill.runUntil(Phase.PREFILL, s -> s.producersDone() && s.inFlightMessages() <= 0, null);
        workers.stopClients(); // the prefill producers are done
        workers.resetStats();
        createConsumers(layout, record, options);
        record.startPhase(Phase.MEASURE, "Consuming the prefilled messages...");
        // Consumers that make no progress for the drain timeout have stopped: the run fails.
        // Counted from the prefill's start, as the phase's start is: a clock of its own made the measure lines negative.
        new PeriodCollector(workers, waiter, options.progressInterval(), prefill.loadStartNanos(), w.subscriptionsPerTopic(),
                record::addProgress, options.sampleInterval(), record::addSample,
                StallGuard.consumption(options.drainTimeout(), cluster))
                .runUntil(Phase.MEASURE, s -> s.backlogMessages() <= 0, null);
    }

    private void createConsumers(TopicLayout layout, CoordinatorJournal record, CoordinatorOptions options) {
        record.step("consumer creation");
        console.line("Creating %d consumer(s) in %d %s group(s)...", layout.consumers().size(),
                layout.partitionsPerSubscription().size(), layout.consumers().get(0).plan().share() ? "share" : "consumer");
        long start = waiter.clock().nanoTime();
        workers.createConsumers(layout.consumers());
        ConsumerReadiness.await(workers, layout.partitionsPerSubscription(), options.readinessTimeout(), waiter, console);
        record.rebalanced((waiter.clock().nanoTime() - start) / 1_000_000);
        console.line("  every partition assigned after %,d ms", record.rebalanceTimeMillis());
    }

    private void createProducers(TopicLayout layout, CoordinatorJournal record) {
        record.step("producer creation");
        console.line("Creating %d producer(s)...", layout.producers().size());
        workers.createProducers(layout.producers());
        printPlan(layout);
    }

    private PeriodCollector collector(Workload w, CoordinatorJournal record, CoordinatorOptions options, StallGuard guard) {
        return new PeriodCollector(workers, waiter, options.progressInterval(), waiter.clock().nanoTime(),
                w.subscriptionsPerTopic(), record::addProgress, options.sampleInterval(), record::addSample, guard);
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
    private Collected cleanUp(CoordinatorJournal record, List<String> created, boolean keepTopics, Collected collected) {
        if (collected == null) {
            // A phase failed: keep what the workers still answering have measured. Stop the producers
            // first, so that what is still in flight now counts as undelivered.
            workers.tryForAll("stop the producers", Worker::stopProducers).forEach(record::warn);
            List<String> failures = new ArrayList<>();
            List<CumulativeStats> stats = workers.tryCumulativeStats(failures);
            List<WorkerFindings> findings = workers.tryFindings(failures);
            failures.forEach(record::workerLost);
            collected = new Collected(stats, findings, failures.size());
        }
        workers.tryForAll("close producers and consumers", Worker::stopClients).forEach(record::warn);
        if (!created.isEmpty()) {
            if (keepTopics) {
                console.line("Keeping %d topic(s) (--keep-topics).", created.size());
            } else {
                console.line("Deleting %d topic(s)...", created.size());
                try {
                    workers.deleteTopics(created);
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
        double requested = w.shapedRate() ? record.averageRequestedRateMeasured()
                : w.unthrottled() || w.effectiveProducerRate() == null ? -1 : w.effectiveProducerRate();
        // Timed: the rate is what was acknowledged within the window, not later while draining.
        return MeasurementCalculator.calculate(cumulative, requested, w.countMode(), waiter.clock().epochMicros(),
                w.countMode() ? null : record.ackedInWindow());
    }

    /** The run's totals at the collector's last poll (it polls as each phase ends). */
    private static Counts runTotals(PeriodCollector collector) {
        LoadState s = collector.lastState();
        return s == null ? Counts.ZERO : s.runTotals();
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

    private void printPlan(TopicLayout layout) {
        List<WorkerPlan> plans = workers.plan(layout.load());
        console.line("Plan:");
        for (WorkerPlan p : plans) {
            String rate = p.producers().isEmpty() ? "" : layout.load().shape() != null
                    ? String.format(Locale.ROOT, " with %d of the %d producers' share of the ramp or steps", p.producers().size(),
                            layout.load().totalProducers())
                    : p.ratePerSecond() < 0 ? " (unthrottled)" : String.format(Locale.ROOT, " at %,.1f msg/s", p.ratePerSecond());
            console.line("  %s: %d producer(s)%s, %d consumer(s)", p.workerId(), p.producers().size(), rate, p.consumers().size());
        }
        List<String> unused = new ArrayList<>();
        plans.stream().filter(p -> p.producers().isEmpty() && p.consumers().isEmpty()).forEach(p -> unused.add(p.workerId()));
        if (!unused.isEmpty()) {
            console.line("  idle (the workload has fewer producers and consumers than workers): %s", String.join(", ", unused));
        }
    }
}
