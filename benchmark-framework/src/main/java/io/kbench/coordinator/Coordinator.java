package io.kbench.coordinator;

import io.kbench.result.ConsumerMetrics;
import io.kbench.result.Measurement;
import io.kbench.result.MeasurementCalculator;
import io.kbench.result.RunResult;
import io.kbench.result.RunStatus;
import io.kbench.stats.CumulativeStats;
import io.kbench.util.Errors;
import io.kbench.worker.RunSetup;
import io.kbench.worker.WorkerEnsemble;
import io.kbench.worker.WorkerPlan;
import io.kbench.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs one benchmark through the workers, phase by phase: start the driver, create topics, create
 * consumers and wait for every partition to be assigned, create producers, warm up, measure,
 * stop the producers, drain (bounded), collect, then always clean up (topics deleted unless kept)
 * and return a result — marked failed or interrupted, with what was measured, if a phase fails.
 */
public final class Coordinator {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(Coordinator.class);

    private final WorkerEnsemble workers;
    private final Waiter waiter;
    private final Console console;
    private final StopSignal signal;

    public Coordinator(WorkerEnsemble workers, io.kbench.time.BenchmarkClock clock, StopSignal stop, Console console) {
        this.workers = workers;
        this.waiter = new Waiter(clock, stop);
        this.console = console;
        this.signal = stop;
    }

    public RunResult run(RunSpec spec) {
        RunRecord record = new RunRecord(spec, waiter.clock(), console);
        Workload w = spec.workload();
        RunOptions options = spec.options();
        RunLayout layout = RunLayout.of(w, spec.payload(), options.topicPrefix(), spec.runId());
        TopicCreator topics = new TopicCreator(workers, console, options.topicBatchSize());
        boolean started = false;
        List<CumulativeStats> cumulative = null;
        LeaseKeeper leases = new LeaseKeeper(workers, waiter.clock(), renewEvery(options), options.lease(), signal);
        try {
            record.step("driver start");
            console.line("Starting the driver on %s...", workers.id());
            workers.startRun(new RunSetup(spec.runId(), spec.driverFile(), options.coordinatorName(),
                    options.lease().toMillis(), 0));
            started = true;
            leases.start();

            record.step("topic creation");
            console.line("Creating %d topic(s) with %d partition(s) each...", layout.topics().size(), w.partitionsPerTopic());
            topics.create(layout.topics(), waiter.stop());

            if (w.maxInFlightMessages() != null && workers.members().size() > 1) {
                throw new RunFailedException("maxInFlightMessages counts messages until they are consumed, so producers "
                        + "and consumers must run in one process: run this workload without --workers");
            }
            if (w.consumeOnly()) {
                consumeOnly(w, layout, record, options);
            } else {
                produceAndMeasure(w, layout, record, options);
            }
            cumulative = workers.cumulativeStats();
        } catch (RunStoppedException e) {
            record.end(RunStatus.INTERRUPTED, "interrupted (" + e.getMessage() + ") during " + record.phaseName());
        } catch (RunFailedException e) {
            record.end(RunStatus.FAILED, e.getMessage() + " (during " + record.phaseName() + ")");
        } catch (RuntimeException e) {
            log.debug("run {} failed", spec.runId(), e);
            record.end(RunStatus.FAILED, Errors.describeForUser(e) + " (during " + record.phaseName() + ")");
        } finally {
            if (started) {
                cumulative = cleanUp(record, topics.created(), options.keepTopics(), cumulative);
            }
            leases.close();
        }
        List<String> workerIds = workers.members().stream().map(io.kbench.worker.Worker::id).toList();
        return record.toResult(workerIds, topics.created(), measurement(cumulative, w), consumerMetrics(cumulative, w, record));
    }

    /** Consumers first (every partition assigned), then producers; warmup, backlog, measurement, drain. */
    private void produceAndMeasure(Workload w, RunLayout layout, RunRecord record, RunOptions options) {
        if (!layout.consumers().isEmpty()) {
            createConsumers(layout, record, options);
        }
        createProducers(layout, record);
        Duration warmup = w.effectiveWarmup();
        boolean settleFirst = !warmup.isZero() || w.consumerBacklogSizeGB() > 0;
        if (!settleFirst) {
            workers.resetStats(); // measure from the very first message
        }
        workers.startLoad(layout.load());
        PeriodCollector collector = collector(w, record, options);
        if (!warmup.isZero()) {
            record.startPhase(Phase.WARMUP, "Warming up for " + warmup.toSeconds() + " s...");
            collector.runFor(Phase.WARMUP, warmup);
        }
        if (w.consumerBacklogSizeGB() > 0) {
            new BacklogPhases(workers, collector, record, w).run();
        }
        if (settleFirst) {
            workers.resetStats();
        }
        if (w.countMode()) {
            record.startPhase(Phase.MEASURE, String.format(Locale.ROOT, "Measuring until %,d messages are sent...", w.messageCount()));
            collector.runUntil(Phase.MEASURE, LoadState::producersDone, null);
        } else {
            record.startPhase(Phase.MEASURE, "Measuring for " + w.effectiveTestDuration().toSeconds() + " s...");
            collector.runFor(Phase.MEASURE, w.effectiveTestDuration());
        }
        workers.stopProducers();
        record.startPhase(Phase.DRAIN, "Producers stopped; draining in-flight and unconsumed messages (up to "
                + options.drainTimeout().toSeconds() + " s)...");
        boolean drained = collector.runUntil(Phase.DRAIN,
                s -> s.inFlightMessages() <= 0 && s.backlogMessages() <= 0, options.drainTimeout());
        if (!drained) {
            record.warn("drain incomplete after " + options.drainTimeout().toSeconds()
                    + " s: the last period shows what was still in flight or unconsumed");
        }
    }

    /**
     * Like kafka-consumer-perf-test: produce the messages first (not measured), then measure from
     * the moment the consumers are created (their group join included) until every message is consumed.
     */
    private void consumeOnly(Workload w, RunLayout layout, RunRecord record, RunOptions options) {
        createProducers(layout, record);
        PeriodCollector collector = collector(w, record, options);
        record.startPhase(Phase.PREFILL, String.format(Locale.ROOT, "Prefilling %,d messages (not measured)...", w.prefillMessages()));
        workers.startLoad(layout.load());
        collector.runUntil(Phase.PREFILL, s -> s.producersDone() && s.inFlightMessages() <= 0, null);
        workers.stopClients(); // the prefill producers are done
        workers.resetStats();
        createConsumers(layout, record, options);
        record.startPhase(Phase.MEASURE, "Consuming the prefilled messages...");
        collector.runUntil(Phase.MEASURE, stallGuard(s -> s.backlogMessages() <= 0, options.drainTimeout()), null);
    }

    /** Fails the phase when consumption makes no progress for {@code patience}. */
    private java.util.function.Predicate<LoadState> stallGuard(java.util.function.Predicate<LoadState> done, Duration patience) {
        long[] last = {-1, waiter.clock().nanoTime()};
        return s -> {
            if (done.test(s)) {
                return true;
            }
            long now = waiter.clock().nanoTime();
            if (s.runTotals().messagesReceived() != last[0]) {
                last[0] = s.runTotals().messagesReceived();
                last[1] = now;
            } else if (now - last[1] > patience.toNanos()) {
                throw new RunFailedException(String.format(Locale.ROOT, "consumers stopped receiving: %,d messages still "
                        + "unconsumed after %d s without progress", s.backlogMessages(), patience.toSeconds()));
            }
            return false;
        };
    }

    private void createConsumers(RunLayout layout, RunRecord record, RunOptions options) {
        record.step("consumer creation");
        console.line("Creating %d consumer(s) in %d consumer group(s)...", layout.consumers().size(),
                layout.partitionsPerSubscription().size());
        long start = waiter.clock().nanoTime();
        workers.createConsumers(layout.consumers());
        ConsumerReadiness.await(workers, layout.partitionsPerSubscription(), options.readinessTimeout(), waiter, console);
        record.rebalanceTimeMillis = (waiter.clock().nanoTime() - start) / 1_000_000;
        console.line("  every partition assigned after %,d ms", record.rebalanceTimeMillis);
    }

    private void createProducers(RunLayout layout, RunRecord record) {
        record.step("producer creation");
        console.line("Creating %d producer(s)...", layout.producers().size());
        workers.createProducers(layout.producers());
        printPlan(layout);
    }

    private PeriodCollector collector(Workload w, RunRecord record, RunOptions options) {
        return new PeriodCollector(workers, waiter, options.progressInterval(), waiter.clock().nanoTime(),
                w.subscriptionsPerTopic(), record::addPeriod);
    }

    /** Renew often enough that a lease survives two lost renewals. */
    private static Duration renewEvery(RunOptions options) {
        Duration third = options.lease().dividedBy(3);
        return third.compareTo(options.progressInterval()) < 0 ? third : options.progressInterval();
    }

    /**
     * Always runs after a started run: keeps what was measured, closes clients, deletes topics,
     * stops the workers. Each step is best effort across workers, so one dead worker does not keep
     * the others running or lose their measurements.
     */
    private List<CumulativeStats> cleanUp(RunRecord record, List<String> created, boolean keepTopics, List<CumulativeStats> cumulative) {
        if (cumulative == null) {
            // A phase failed: keep what the workers still answering have measured.
            workers.tryForAll("stop the producers", io.kbench.worker.Worker::stopProducers).forEach(record::warn);
            List<String> failures = new ArrayList<>();
            cumulative = workers.tryCumulativeStats(failures);
            failures.forEach(f -> record.warn("the result lacks a worker's figures: " + f));
        }
        workers.tryForAll("close producers and consumers", io.kbench.worker.Worker::stopClients).forEach(record::warn);
        if (!created.isEmpty()) {
            if (keepTopics) {
                console.line("Keeping %d topic(s) (--keep-topics).", created.size());
            } else {
                console.line("Deleting %d topic(s)...", created.size());
                try {
                    workers.deleteTopics(created);
                } catch (RuntimeException e) {
                    record.warn("could not delete the topics " + created + ": " + Errors.describeForUser(e));
                }
            }
        }
        workers.tryForAll("stop the run", io.kbench.worker.Worker::stopRun).forEach(record::warn);
        return cumulative;
    }

    private Measurement measurement(List<CumulativeStats> cumulative, Workload w) {
        if (cumulative == null || cumulative.isEmpty()) {
            return null;
        }
        double requested = w.unthrottled() || w.effectiveProducerRate() == null ? -1 : w.effectiveProducerRate();
        return MeasurementCalculator.calculate(cumulative, requested, w.countMode(), waiter.clock().epochMicros());
    }

    private static ConsumerMetrics consumerMetrics(List<CumulativeStats> cumulative, Workload w, RunRecord record) {
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
        return ConsumerMetrics.of(start, lastReceive, bytes, messages, record.rebalanceTimeMillis, w.consumeOnly());
    }

    private void printPlan(RunLayout layout) {
        List<WorkerPlan> plans = workers.plan(layout.load());
        console.line("Plan:");
        for (WorkerPlan p : plans) {
            String rate = p.producers().isEmpty() ? "" : p.ratePerSecond() < 0 ? " (unthrottled)"
                    : String.format(Locale.ROOT, " at %,.1f msg/s", p.ratePerSecond());
            console.line("  %s: %d producer(s)%s, %d consumer(s)", p.workerId(), p.producers().size(), rate, p.consumers().size());
        }
        List<String> unused = new ArrayList<>();
        plans.stream().filter(p -> p.producers().isEmpty() && p.consumers().isEmpty()).forEach(p -> unused.add(p.workerId()));
        if (!unused.isEmpty()) {
            console.line("  idle (the workload has fewer producers and consumers than workers): %s", String.join(", ", unused));
        }
    }
}
