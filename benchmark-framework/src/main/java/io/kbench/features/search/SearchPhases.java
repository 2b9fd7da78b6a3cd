package io.kbench.features.search;

import io.kbench.features.FeaturePhase;
import io.kbench.features.PhaseContext;
import io.kbench.features.PhaseOutcome;
import io.kbench.model.AckedInWindow;
import io.kbench.model.Diagnosis;
import io.kbench.model.Diagnostician;
import io.kbench.model.Measurement;
import io.kbench.model.MeasurementCalculator;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.workload.Workload;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.kbench.model.LoadState;
/**
 * Runs a max-rate search on producers and consumers already created and loaded: an optional
 * probe, then steps, each a separate measured window on the same topics and clients. A step
 * restarts the producers' schedule at its rate (the previous step's debt dropped), settles,
 * measures, then pauses the schedule and drains in-flight and unconsumed messages before the
 * next; {@link MaxRateSearch} picks the rates and {@link StepJudge} the verdicts.
 */
final class SearchPhases implements FeaturePhase {

    /** The probe's rate: far above what a cluster takes, so the producers send as fast as the clients accept. */
    static final double PROBE_RATE = 10_000_000;
    /** The seed after a probe, as a share of what the probe achieved: a saturated cluster's rate fails most objectives. */
    static final double PROBE_SEED_SHARE = 0.5;

    /**
     * What the search found, and the measurement the run reports (the confirmation's, else the best step's).
     *
     * @param diagnosis what limited the search, when that is known from a step other than the one reported (the
     *     clients, at the step that was client-bound), else null: the reported step's periods are judged
     */
    record Result(SearchReport report, Measurement measurement, List<PeriodSummary> measuredPeriods, Diagnosis diagnosis) {}

    /** @param undrained why the search cannot go on after the probe (its messages outlasted the drain), or null */
    private record Seed(double rate, String source, Double probeAchievedRate, String undrained) {}

    /** @param undrained why the search cannot go on after this step (its messages outlasted the drain), or null */
    private record Step(StepResult result, Measurement measurement, List<PeriodSummary> periods, Diagnosis diagnosis,
                        String undrained) {}

    /**
     * The seed the workload file gives: its producerRate (above 0), else OMB's producerStartRate.
     *
     * @param rate msg/s across all producers
     * @param field the file's field it came from, as the console names it
     */
    record GivenSeed(double rate, String field) {}

    private final SearchSettings settings;
    /** The file's seed, or null: a probe finds one. */
    private final GivenSeed givenSeed;
    private PhaseContext run;
    private BenchmarkClock clock;
    private RunSpec spec;
    private Duration drainTimeout;

    /** @param givenSeed the seed the workload file gives ({@link #givenSeed}), or null: a probe finds one */
    SearchPhases(SearchSettings settings, GivenSeed givenSeed) {
        this.settings = settings;
        this.givenSeed = givenSeed;
    }

    /** The rate the load starts at: the seed, or the probe's rate when there is none. */
    double firstRate() {
        return givenSeed != null ? givenSeed.rate() : PROBE_RATE;
    }

    /** The workload's producerRate (above 0), else OMB's producerStartRate, else null: a probe finds one. */
    static GivenSeed givenSeed(Workload w) {
        if (w.producerRate() != null && w.producerRate() > 0) {
            return new GivenSeed(w.producerRate(), "producerRate");
        }
        if (w.producerStartRate() != null && w.producerStartRate() > 0) {
            return new GivenSeed(w.producerStartRate().doubleValue(), "producerStartRate");
        }
        return null;
    }

    @Override
    public PhaseOutcome run(PhaseContext context) {
        this.run = context;
        this.clock = context.clock();
        this.spec = context.spec();
        this.drainTimeout = context.drainTimeout();
        Result found = search();
        run.line(found.report().finalLine());
        return new PhaseOutcome(found.report(), new PhaseOutcome.ChosenWindow(found.measurement(), found.measuredPeriods(),
                found.diagnosis(), found.report().confirmed() ? null : found.report().finalLine()));
    }

    /** Printed as it is, so a percent sign is written once. */
    static final String RATE_DISCOVERY_NOTE = "producerRate 0 (OpenMessaging Benchmark's rate discovery): searching for the "
            + "highest rate with no errors, no growing backlog and >= 99% of it achieved, then measuring at that rate for the "
            + "test duration; if the clients are the limit first, measuring at the best rate that passed, marked client-bound "
            + "(bin/benchmark find-max --help: an SLO on latency too)";

    private Result search() {
        if (settings.rateDiscovery()) {
            run.line(RATE_DISCOVERY_NOTE);
        }
        long startNanos = clock.nanoTime();
        SearchBudget budget = new SearchBudget(clock, settings.maxDuration());
        Duration confirm = settings.confirmFor(spec.length().measure());
        run.line(String.format(Locale.ROOT, "Searching for the highest rate that meets %s: steps of %d s settling and %d s measured, "
                        + "%s precision, "
                        + "at most %s; then confirming for %d s", settings.slo().describe(), settings.settle().toSeconds(),
                settings.step().toSeconds(), percent(settings.precision()), minutes(settings.maxDuration()), confirm.toSeconds()));
        Seed seed = seed();
        MaxRateSearch search = new MaxRateSearch(seed.rate(), settings.precision(), !"producerRate".equals(seed.source()));
        List<Step> steps = new ArrayList<>();
        // Messages left over from a probe or step would be counted by the next step as its own: stop instead.
        String cutShort = seed.undrained();
        if (cutShort != null) {
            search.giveUp(cutShort);
        }
        for (Double rate = search.nextRate(); rate != null; rate = search.nextRate()) {
            boolean confirming = search.stage() == MaxRateSearch.Stage.CONFIRM;
            Duration length = confirming ? confirm : settings.step();
            if (!confirming && !budget.allows(settleFor(steps.size() + 1).plus(length))) {
                cutShort = String.format(Locale.ROOT, "the search's time budget of %s ran out (--max-duration)",
                        minutes(settings.maxDuration()));
                search.giveUp(cutShort);
                break;
            }
            Step step = step(steps.size() + 1, search.stage().name().toLowerCase(Locale.ROOT), rate, length);
            steps.add(step);
            StepResult r = step.result();
            search.record(rate, r.achievedRate(), r.passed(), r.clientBound(), String.join("; ", r.reasons()));
            if (step.undrained() != null && search.stage() != MaxRateSearch.Stage.DONE) {
                cutShort = step.undrained();
                search.giveUp(cutShort);
            }
        }
        return result(search, seed, steps, cutShort != null, confirm, startNanos);
    }

    private Seed seed() {
        if (givenSeed != null) {
            run.line(String.format(Locale.ROOT, "  seed: %,.0f msg/s (the workload's %s)", givenSeed.rate(), givenSeed.field()));
            return new Seed(givenSeed.rate(), givenSeed.field(), null, null);
        }
        Counts before = totals();
        long from = clock.nanoTime();
        probe();
        double achieved = (totals().messagesAcked() - before.messagesAcked()) / ((clock.nanoTime() - from) / 1e9);
        String undrained = pauseAndDrain() ? null : undrained("the probe",
                "or give the workload a producerRate to start from instead of probing");
        double seed = Math.max(1, Math.floor(achieved * PROBE_SEED_SHARE));
        run.line(String.format(Locale.ROOT, "  the probe achieved %,.0f msg/s; seed: %,.0f msg/s (%.0f%% of it)", achieved, seed,
                100 * PROBE_SEED_SHARE));
        return new Seed(seed, "probe", achieved, undrained);
    }

    /** Sends as fast as the clients take for the probe's time. */
    private void probe() {
        run.restartSchedule(PROBE_RATE);
        run.startPhase(Phase.PROBE, "Probing for " + settings.probe().toSeconds() + " s with the producers sending as fast "
                + "as the clients accept, to seed the search (not measured)...");
        run.runFor(Phase.PROBE, settings.probe());
    }

    private Step step(int number, String stage, double rate, Duration length) {
        Counts atStart = totals();
        run.restartSchedule(rate);
        run.startPhase(Phase.SETTLE, String.format(Locale.ROOT, "Step %d (%s) at %,.0f msg/s: settling for %d s, then measuring "
                + "for %d s...", number, stage, rate, settleFor(number).toSeconds(), length.toSeconds()));
        if (!settleFor(number).isZero()) {
            run.runFor(Phase.SETTLE, settleFor(number));
        }
        long backlogBefore = backlog();
        LoadState atWindowStart = run.lastState();
        run.resetStats();
        int firstPeriod = run.progressCount();
        run.startPhase(Phase.MEASURE, "  measuring step " + number + "...");
        run.runFor(Phase.MEASURE, length);
        long windowEndMicros = clock.epochMicros();
        AckedInWindow ackedInWindow = atWindowStart == null ? null : AckedInWindow.between(atWindowStart, run.lastState());
        long backlogGrowth = backlog() - backlogBefore;
        List<PeriodSummary> periods = run.progressFrom(firstPeriod);
        boolean drained = pauseAndDrain();
        // After the drain, as a run's measurement: the step's latencies include its messages acknowledged late
        // (leaving them out would flatter a step the cluster could not keep up with); the rate stays what was
        // acknowledged within the window.
        List<CumulativeStats> cumulative = run.cumulativeStats();
        Measurement m = MeasurementCalculator.calculate(cumulative, rate, false, windowEndMicros, ackedInWindow);
        LoadState end = run.lastState();
        long failed = totals().sendErrors() - atStart.sendErrors();
        StepJudge.StepFigures figures = new StepJudge.StepFigures(m, rate, backlogGrowth,
                drained ? 0 : Math.max(0, end.backlogMessages()), failed, drained ? 0 : Math.max(0, end.inFlightMessages()));
        Diagnosis diagnosis = Diagnostician.diagnose(new Diagnostician.Evidence(m, periods, Map.of(), null));
        StepJudge.Verdict v = StepJudge.judge(figures, settings.slo(), diagnosis);
        StepResult result = new StepResult(number, stage, rate, m.publishRate(), m.publishMBps(), m.publishLatency(),
                m.sendLatency(), m.endToEndLatency(), backlogGrowth, failed, v.passed(), v.clientBound(), v.reasons(),
                m.windowStartEpochMicros() / 1_000, m.windowMicros() / 1_000);
        run.line("  " + result.line());
        return new Step(result, m, periods, diagnosis, drained ? null : undrained("step " + number, null));
    }

    /**
     * The first step also warms the cluster and the clients up (new topics, cold JIT): it settles for at
     * least the workload's warmup, so that a cold start does not fail the seed.
     */
    private Duration settleFor(int stepNumber) {
        Duration warmup = spec.length().warmup();
        return stepNumber == 1 && warmup.compareTo(settings.settle()) > 0 ? warmup : settings.settle();
    }

    /** Pauses the schedule, dropping what is due and unsent, and waits for the in-flight and unconsumed messages. */
    private boolean pauseAndDrain() {
        run.restartSchedule(0);
        run.startPhase(Phase.DRAIN, "  draining in-flight and unconsumed messages (up to " + drainTimeout.toSeconds() + " s)...");
        return run.runUntil(Phase.DRAIN, s -> s.inFlightMessages() <= 0 && s.backlogMessages() <= 0, drainTimeout);
    }

    /** Why the search stops after a drain that gave up, with what was left. */
    private String undrained(String after, String otherRemedy) {
        LoadState left = run.lastState();
        return String.format(Locale.ROOT, "%s left %,d messages in flight and %,d unconsumed when its drain gave up after %d s; "
                        + "a next step would count them as its own. Raise --drain-timeout%s", after,
                left == null ? 0 : Math.max(0, left.inFlightMessages()), left == null ? 0 : Math.max(0, left.backlogMessages()),
                drainTimeout.toSeconds(), otherRemedy == null ? "" : ", " + otherRemedy);
    }

    private Result result(MaxRateSearch search, Seed seed, List<Step> steps, boolean cutShort, Duration confirm, long startNanos) {
        String outcome = search.confirmed() ? SearchReport.CONFIRMED : search.clientLimited() ? "client-bound"
                : cutShort ? "incomplete" : search.lastPass() == null ? "no-pass" : "unconfirmed";
        Step confirmed = search.confirmed() ? steps.get(steps.size() - 1) : null;
        Step shown = confirmed != null ? confirmed : bestPassing(steps);
        if (shown == null && !steps.isEmpty()) {
            shown = steps.get(steps.size() - 1);
        }
        SearchReport report = new SearchReport(settings.mode(), settings.slo().describe(), settings.precision(), settings.settle().toMillis(),
                settings.step().toMillis(), confirm.toMillis(), settings.maxDuration().toMillis(), seed.rate(), seed.source(),
                seed.probeAchievedRate(), steps.stream().map(Step::result).toList(), outcome,
                confirmed == null ? null : confirmed.result().requestedRate(),
                confirmed == null ? null : confirmed.result().achievedMBps(), search.lastPass(), search.firstFail(),
                search.conclusion(), SearchReport.compose(outcome, confirmed == null ? null : confirmed.result(), settings.slo(),
                        search.lastPass(), search.firstFail(), search.conclusion(), search.clientLimit(), lift(search, steps)),
                (clock.nanoTime() - startNanos) / 1_000_000, search.clientLimit());
        return new Result(report, shown == null ? null : shown.measurement(), shown == null ? List.of() : shown.periods(),
                limitingDiagnosis(search, steps));
    }

    /** One diagnosis for the result, agreeing with its headline: the client-bound step's, with what the clients reached. */
    private static Diagnosis limitingDiagnosis(MaxRateSearch search, List<Step> steps) {
        if (search.clientLimit() == null) {
            return null;
        }
        for (int i = steps.size() - 1; i >= 0; i--) {
            Step s = steps.get(i);
            if (s.result().clientBound()) {
                List<String> reasons = new ArrayList<>(s.diagnosis().reasons());
                reasons.add(String.format(Locale.ROOT, "at step %d %s", s.result().number(), search.clientLimit().figures()));
                return Diagnosis.of(Diagnosis.Verdict.CLIENT_BOUND, reasons);
            }
        }
        return null;
    }

    /**
     * What would lift the clients' limit, from the last client-bound step: more workers when a worker's CPU was
     * saturated, else more producers (each producer sends on one thread of the client). Null when the clients were
     * never the limit.
     */
    private String lift(MaxRateSearch search, List<Step> steps) {
        Step limited = null;
        for (Step s : steps) {
            if (s.result().clientBound()) {
                limited = s;
            }
        }
        if (search.clientLimit() == null || limited == null) {
            return null;
        }
        int producers = spec.topology().totalProducers();
        int workerCount = Math.max(1, limited.measurement().workers().size());
        boolean cpu = limited.measurement().workers().stream().anyMatch(w -> w.processCpuLoad() >= Diagnostician.CPU_LIMIT);
        if (cpu) {
            return String.format(Locale.ROOT, "The workers' CPU was the limit: %d more worker(s) like these (%d in all, "
                    + "--workers) would let the clients reach about twice as much, if the cluster keeps up.", workerCount,
                    2 * workerCount);
        }
        double each = (search.clientLimit().reachedRate() == null ? limited.result().achievedRate()
                : search.clientLimit().reachedRate()) / producers;
        if (producers == 1) {
            return String.format(Locale.ROOT, "The one producer sends on one client thread and reached about %,.0f msg/s: a second "
                    + "(producersPerTopic: %d) would let the clients reach about twice as much, if the worker's CPU and the "
                    + "cluster keep up.", each, 2 * spec.topology().producersPerTopic());
        }
        return String.format(Locale.ROOT, "Each of the %d producers sends on one client thread and reached about %,.0f msg/s: %d "
                + "more (producersPerTopic: %d) would let the clients reach about twice as much, if the workers' CPU and the "
                + "cluster keep up.", producers, each, producers, 2 * spec.topology().producersPerTopic());
    }

    private static Step bestPassing(List<Step> steps) {
        Step best = null;
        for (Step s : steps) {
            if (s.result().passed() && (best == null || s.result().requestedRate() > best.result().requestedRate())) {
                best = s;
            }
        }
        return best;
    }

    private Counts totals() {
        LoadState s = run.lastState();
        return s == null ? Counts.ZERO : s.runTotals();
    }

    private long backlog() {
        LoadState s = run.lastState();
        return s == null ? 0 : s.backlogMessages();
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * share);
    }

    private static String minutes(Duration d) {
        return d.toSeconds() % 60 == 0 ? d.toMinutes() + " min" : d.toSeconds() + " s";
    }
}
