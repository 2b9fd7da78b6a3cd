package io.kbench.coordinator;

import io.kbench.features.FaultApplier;
import io.kbench.features.PhaseContext;
import io.kbench.features.PhaseOutcome;
import io.kbench.features.RunControl;
import io.kbench.model.LoadState;
import io.kbench.model.Phase;
import io.kbench.model.PeriodSummary;
import io.kbench.stats.PeriodStats;
import io.kbench.model.RunStatus;
import io.kbench.model.WarmupReport;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.TopicLayout;
import io.kbench.stats.Counts;
import io.kbench.time.BenchmarkClock;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerGroup;
import io.kbench.worker.WorkerPlan;
import io.kbench.workload.Length;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs a {@link RunPlan}'s phases in order against the workers of one run, on its topics; each
 * phase records what it measured. Holds what phases hand on to later ones: the collector of the
 * load's periods, and whether the features' timelines run. Features' phases run through a
 * {@link PhaseContext} and their timelines act through a {@link RunControl}, backed by this run.
 */
final class PhaseRunner {

    private final RunContext run;
    private final WorkerGroup workers;
    private final Waiter waiter;
    private final RunRecorder record;
    private final RunSpec spec;
    private final TopicLayout layout;
    private final CoordinatorOptions options;
    private final FeatureRuns features;

    private PeriodCollector collector;
    private boolean timeline;
    private boolean measurementStarted;
    /** What the phases measured so far, in order. */
    private final List<PhaseResult> results = new ArrayList<>();

    PhaseRunner(RunContext run, RunRecorder record, FeatureRuns features) {
        this.run = run;
        this.workers = run.workers();
        this.waiter = run.waiter();
        this.record = record;
        this.spec = run.spec();
        this.layout = run.layout();
        this.options = run.options();
        this.features = features;
    }

    /** Runs the plan's phases; what they measured, also when one of them failed, is in {@link #results()}. */
    void run(RunPlan plan) {
        timeline = plan.timeline();
        try {
            for (RunPhase phase : plan.phases()) {
                run(phase);
            }
        } finally {
            features.phasesEnded();
        }
        PhaseOutcome.ChosenWindow chosen = results().chosenWindow();
        if (chosen != null && chosen.failure() != null) {
            record.end(RunStatus.FAILED, chosen.failure());
        }
    }

    /** A period the result keeps: to the record, and to the features that judge windows of the run. */
    private void sampled(PeriodSummary period, List<PeriodStats> workers) {
        record.addSample(period, workers);
        features.sampled(period, workers.stream().map(PeriodStats::latencies).toList());
    }

    /** What the phases measured so far. */
    PhaseResult.All results() {
        return new PhaseResult.All(results);
    }

    private void run(RunPhase phase) {
        if (phase instanceof RunPhase.Prefill p) {
            prefill(p.messages());
        } else if (phase instanceof RunPhase.StartLoad s) {
            startLoad(s);
        } else if (phase instanceof RunPhase.Warmup wu) {
            WarmupReport warmup = warmUp(wu.planned());
            workers.resetStats();
            long lag = record.lastScheduleLag();
            results.add(new PhaseResult.WarmedUp(warmup.withScheduleLag(lag)));
            results.add(new PhaseResult.WindowOpened(runState()));
            record.measurementStartsWithLag(lag);
        } else if (phase instanceof RunPhase.Feature f) {
            if (f.opensMeasurement()) {
                // As OMB: the measurement (and the timeline's clock) starts before a backlog's build, so it has the catch-up read.
                startTimeline();
            }
            results.add(new PhaseResult.FeatureDone(f.phase().run(new CollectorContext(workers, collector, record, spec, waiter.clock(),
                    options.drainTimeout(), run, this::featureConsumersReady))));
        } else if (phase instanceof RunPhase.Measure m) {
            measure(m.length());
        } else if (phase instanceof RunPhase.Drain d) {
            drain(d);
        }
    }

    /** The measurement window has opened: the features' timelines start their clocks (once). */
    private void startTimeline() {
        if (timeline && !measurementStarted) {
            measurementStarted = true;
            features.measurementStarted();
        }
    }

    /**
     * Like kafka-consumer-perf-test: produce the messages first (not measured); the measurement then
     * starts with the consumers' creation (their group join included).
     */
    private void prefill(long messages) {
        createProducers();
        collector = collector(StallGuard.acknowledgements(run.stallTimeout(), run.clusterName()));
        record.startPhase(Phase.PREFILL, String.format(Locale.ROOT, "Prefilling %,d messages (not measured)...", messages));
        workers.startLoad(layout.load());
        collector.runUntil(Phase.PREFILL, s -> s.producersDone() && s.inFlightMessages() <= 0, null);
        workers.stopClients(); // the prefill producers are done
        workers.resetStats();
    }

    /** Consumers first (every partition assigned), then producers, then the load; then the features' timelines get their controls. */
    private void startLoad(RunPhase.StartLoad s) {
        if (!layout.consumers().isEmpty()) {
            createConsumers();
        }
        createProducers();
        if (s.measureFromStart()) {
            workers.resetStats(); // measure from the very first message
            results.add(new PhaseResult.WindowOpened(new LoadState(Counts.ZERO, 0, false, 0, waiter.clock().epochMicros())));
        }
        workers.startLoad(s.ratePerSecond() == null ? layout.load() : layout.load().withRate(s.ratePerSecond()));
        collector = collector(StallGuard.acknowledgements(run.stallTimeout(), run.clusterName()));
        if (timeline) {
            features.loadStarted(new Control(collector.loadStartNanos()));
        }
    }

    private void measure(Length length) {
        if (length instanceof Length.Prefill) {
            createConsumers();
            record.startPhase(Phase.MEASURE, "Consuming the prefilled messages...");
            // Consumers that make no progress for the drain timeout have stopped: the run fails.
            // Counted from the prefill's start, as the phase's start is: a clock of its own made the measure lines negative.
            new PeriodCollector(workers, waiter, options.progressInterval(), collector.loadStartNanos(), spec.topology().subscriptionsPerTopic(),
                    record::addProgress, options.sampleInterval(), this::sampled,
                    StallGuard.consumption(options.drainTimeout(), run.clusterName()))
                    .runUntil(Phase.MEASURE, st -> st.backlogMessages() <= 0, null);
            return;
        }
        if (length instanceof Length.Count count) {
            record.startPhase(Phase.MEASURE, String.format(Locale.ROOT, "Measuring until %,d messages are sent...", count.messages()));
            collector.runUntil(Phase.MEASURE, LoadState::producersDone, null);
        } else {
            record.startPhase(Phase.MEASURE, "Measuring for " + length.measure().toSeconds() + " s"
                    + (measurementStarted ? " more after the drain, as OMB does..." : "...")
                    + (spec.events().faults().isEmpty() ? "" : " (" + spec.events().faults().size() + " fault(s) planned)"));
            startTimeline();
            collector.runFor(Phase.MEASURE, length.measure());
            // The measurement ends on time: events not yet due are dropped, one still under way
            // (a restart waits for its broker) finishes in the background while the run drains.
            if (timeline) {
                features.measurementEnded();
            }
        }
        results.add(new PhaseResult.WindowClosed(runState()));
    }

    private void drain(RunPhase.Drain d) {
        workers.stopProducers();
        record.startPhase(Phase.DRAIN, d.after() + (results().chosenWindow() == null
                ? "; draining in-flight and unconsumed messages (up to " : ", draining (up to ") + d.timeout().toSeconds() + " s)...");
        boolean complete = collector.runUntil(Phase.DRAIN, s -> s.inFlightMessages() <= 0 && s.backlogMessages() <= 0, d.timeout());
        if (!complete) {
            record.warn("drain incomplete after " + d.timeout().toSeconds()
                    + " s: the last period shows what was still in flight or unconsumed");
        }
        results.add(new PhaseResult.Drained(complete));
    }

    /**
     * Warms up for the workload's warmup, then, unless it is to be fixed, goes on a progress
     * interval at a time until the producers have caught up and latency has settled, at most up to
     * the cap; capped unsettled, the measurement starts anyway and the result says so.
     */
    private WarmupReport warmUp(Duration planned) {
        Duration cap = options.fixedWarmup() ? planned : options.warmupCap(planned);
        record.startPhase(Phase.WARMUP, "Warming up for " + planned.toSeconds() + " s"
                + (options.fixedWarmup() ? " (fixed)..." : ", longer (up to " + cap.toSeconds() + " s) until the producers "
                + "keep their schedule and latency settles..."));
        long start = waiter.clock().nanoTime();
        collector.runFor(Phase.WARMUP, planned);
        if (options.fixedWarmup()) {
            return new WarmupReport(planned.toMillis(), planned.toMillis(), cap.toMillis(), true, true, "fixed (--fixed-warmup)", 0);
        }
        long intervalMicros = options.progressInterval().toNanos() / 1_000;
        while (true) {
            WarmupJudge.Verdict v = WarmupJudge.judge(record.progressOf(Phase.WARMUP), intervalMicros);
            Duration used = Duration.ofNanos(waiter.clock().nanoTime() - start);
            if (v.settled()) {
                return new WarmupReport(planned.toMillis(), used.toMillis(), cap.toMillis(), false, true,
                        used.compareTo(planned.plus(options.progressInterval())) < 0 ? "steady state by the planned end"
                                : "steady state after " + used.toSeconds() + " s", 0);
            }
            if (used.compareTo(cap) >= 0) {
                record.warn("the warmup did not settle within its cap of " + cap.toSeconds() + " s (" + v.reason()
                        + "): the measurement starts anyway, and its figures include the settling. Warm up longer "
                        + "(--max-warmup, warmupDuration) or lower the rate");
                return new WarmupReport(planned.toMillis(), used.toMillis(), cap.toMillis(), false, false,
                        "capped unsettled: " + v.reason(), 0);
            }
            record.line("  warmup goes on: %s", v.reason());
            collector.runFor(Phase.WARMUP, options.progressInterval());
        }
    }

    private void createConsumers() {
        record.step("consumer creation");
        record.line("Creating %d consumer(s) in %d %s group(s)...", layout.consumers().size(),
                layout.partitionsPerSubscription().size(), layout.consumers().get(0).plan().share() ? "share" : "consumer");
        long start = waiter.clock().nanoTime();
        workers.createConsumers(layout.consumers());
        ConsumerReadiness.await(workers, layout.partitionsPerSubscription(), options.readinessTimeout(), waiter, record::line);
        long millis = (waiter.clock().nanoTime() - start) / 1_000_000;
        results.add(new PhaseResult.ConsumersReady(millis));
        record.line("  every partition assigned after %,d ms", millis);
    }

    /** A feature's phase started consumers of its own: their join is the run's rebalance time if they are its first (readpast). */
    private void featureConsumersReady(long millis) {
        if (results.stream().noneMatch(r -> r instanceof PhaseResult.ConsumersReady)) {
            results.add(new PhaseResult.ConsumersReady(millis));
        }
    }

    private void createProducers() {
        record.step("producer creation");
        record.line("Creating %d producer(s)...", layout.producers().size());
        workers.createProducers(layout.producers());
        printPlan();
    }

    private PeriodCollector collector(StallGuard guard) {
        return new PeriodCollector(workers, waiter, options.progressInterval(), waiter.clock().nanoTime(),
                spec.topology().backlogSubscriptions(), record::addProgress, options.sampleInterval(), this::sampled, guard);
    }

    /** The run's totals at the collector's last poll (it polls as each phase ends). */
    /** Where the run stood at the last poll of the workers. */
    private LoadState runState() {
        LoadState s = collector.lastState();
        return s == null ? new LoadState(Counts.ZERO, 0, false, 0, waiter.clock().epochMicros()) : s;
    }

    private void printPlan() {
        List<WorkerPlan> plans = workers.plan(layout.load());
        record.line("Plan:");
        for (WorkerPlan p : plans) {
            String rate = p.producers().isEmpty() ? "" : layout.load().shape() != null
                    ? String.format(Locale.ROOT, " with %d of the %d producers' share of the ramp or steps", p.producers().size(),
                            layout.load().totalProducers())
                    : p.ratePerSecond() < 0 ? " (unthrottled)" : String.format(Locale.ROOT, " at %,.1f msg/s", p.ratePerSecond());
            record.line("  %s: %d producer(s)%s, %d consumer(s)", p.workerId(), p.producers().size(), rate, p.consumers().size());
        }
        List<String> unused = new ArrayList<>();
        plans.stream().filter(p -> p.producers().isEmpty() && p.consumers().isEmpty()).forEach(p -> unused.add(p.workerId()));
        if (!unused.isEmpty()) {
            record.line("  idle (the workload has fewer producers and consumers than workers): %s", String.join(", ", unused));
        }
    }

    /** What the features' timelines act through once the load has started. */
    private final class Control implements RunControl {
        private final long loadStartNanos;

        Control(long loadStartNanos) {
            this.loadStartNanos = loadStartNanos;
        }

        @Override
        public RunSpec spec() {
            return spec;
        }

        @Override
        public TopicLayout layout() {
            return layout;
        }

        @Override
        public BenchmarkClock clock() {
            return waiter.clock();
        }

        @Override
        public long loadStartNanos() {
            return loadStartNanos;
        }

        @Override
        public void line(String text) {
            record.line(text);
        }

        @Override
        public void changeMade(String feature, String key, String description, Object undo) {
            record.changeMade(feature, key, description, undo);
        }

        @Override
        public void changeUndone(String key, String outcome) {
            record.changeUndone(key, outcome);
        }

        @Override
        public FaultApplier faults() {
            return run.faults();
        }

        @Override
        public Map<String, Double> serverMetrics() {
            return run.serverMetrics().get();
        }

        @Override
        public List<String> workerIds() {
            return workers.members().stream().map(Worker::id).toList();
        }

        @Override
        public void createConsumers(List<ConsumerSpec> consumers) {
            workers.createConsumers(consumers);
        }

        @Override
        public int removeConsumers(String subscription, int count, boolean crash) {
            return workers.removeConsumers(subscription, count, crash);
        }

        @Override
        public int restartConsumers(int workerIndex) {
            return workers.members().get(workerIndex).restartConsumers();
        }

        @Override
        public Map<String, List<Integer>> memberAssignments() {
            return workers.memberAssignments();
        }
    }
}
