package io.kbench.coordinator;

import io.kbench.backlog.CatchUp;
import io.kbench.faults.FaultEvent;
import io.kbench.integrity.Integrity;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.Diagnostician;
import io.kbench.model.Measurement;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.ProgressNote;
import io.kbench.model.RunStatus;
import io.kbench.model.WarmupReport;
import io.kbench.result.RunResult;
import io.kbench.result.StatusRules;
import io.kbench.search.SearchReport;
import io.kbench.stats.ClientMetricTotal;
import io.kbench.stats.Counts;
import io.kbench.time.BenchmarkClock;
import io.kbench.warning.WarningSummary;
import io.kbench.workload.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What the coordinator learns as the run goes: phases, periods, warnings, how it ended. Prints
 * progress as it is recorded, so the console and the result can never disagree.
 */
final class CoordinatorJournal {

    private final CoordinatorInput spec;
    private final BenchmarkClock clock;
    private final Console console;
    private final long startEpochMillis;
    /** The progress periods: printed, and what the diagnosis judges (finer than the samples). */
    private final List<PeriodSummary> progress = new ArrayList<>();
    /** The periods the result keeps, one per sample interval. */
    private final List<PeriodSummary> periods = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private String phaseName = "setup";
    private long phaseStartMicros;
    private RunStatus status = RunStatus.COMPLETED;
    private String failureReason;
    private String stall;
    private long rebalanceTimeMillis;
    private List<FaultEvent> faults = List.of();
    private WarmupReport warmup;
    private Workload workload;
    private ProgressNote progressNote;
    private CatchUp catchUp;
    private SearchReport search;
    private Measurement searchMeasurement;
    private Diagnosis searchDiagnosis;
    private List<PeriodSummary> searchPeriods;

    private Counts windowOpenTotals;
    private Counts windowCloseTotals;

    CoordinatorJournal(CoordinatorInput spec, BenchmarkClock clock, Console console) {
        this.spec = spec;
        this.clock = clock;
        this.console = console;
        this.startEpochMillis = clock.epochMicros() / 1_000;
    }

    void startPhase(Phase phase, String message) {
        startPhase(phase, message, null);
    }

    /** @param note adds to each of the phase's progress lines (a backlog's target and ETA), or null */
    void startPhase(Phase phase, String message, ProgressNote note) {
        phaseName = phase.label();
        phaseStartMicros = progress.isEmpty() ? 0 : progress.get(progress.size() - 1).elapsedMicros();
        progressNote = note;
        console.line(message);
    }

    /**
     * The rate requested on average over a phase's progress periods (messages per second), or -1
     * when nothing was requested (unthrottled).
     */
    double averageRequestedRate(Phase phase) {
        return averageRequestedRate(p -> p == phase);
    }

    /** The rate requested on average over the measured phases (a backlog run measures its build and drain too). */
    double averageRequestedRateMeasured() {
        return averageRequestedRate(Phase::measured);
    }

    private double averageRequestedRate(Predicate<Phase> phases) {
        double weighted = 0;
        long micros = 0;
        for (PeriodSummary p : progress) {
            if (phases.test(p.phase()) && p.requestedRate() >= 0) {
                weighted += p.requestedRate() * p.durationMicros();
                micros += p.durationMicros();
            }
        }
        return micros == 0 ? -1 : weighted / micros;
    }

    String phaseName() {
        return phaseName;
    }

    void addProgress(PeriodSummary period) {
        PeriodSummary previous = progress.isEmpty() ? null : progress.get(progress.size() - 1);
        progress.add(period);
        String line = ProgressPrinter.line(period, phaseStartMicros);
        console.line(progressNote == null ? line : line + " | " + progressNote.describe(previous, period));
    }

    void addSample(PeriodSummary period) {
        periods.add(period);
    }

    void warn(String warning) {
        warnings.add(warning);
        console.line("WARNING: " + warning);
    }

    void end(RunStatus endStatus, String reason) {
        if (status == RunStatus.COMPLETED) {
            status = endStatus;
            failureReason = reason;
            console.line("Run %s: %s", endStatus.name().toLowerCase(Locale.ROOT), reason);
        }
    }

    /** The cluster stopped answering; the diagnosis will say so. */
    void stalled(String reason) {
        stall = reason;
    }

    /** The workload as the run uses it, once the cluster has filled in what it did not say (existing topics' partitions). */
    void workloadAsRun(Workload w) {
        workload = w;
    }

    void warmup(WarmupReport report) {
        warmup = report;
    }

    /** How the consumers caught up with the backlog (a backlog run whose drain finished). */
    void catchUp(CatchUp figures) {
        catchUp = figures;
    }

    /** The measurement begins: {@code lag} messages were due and not sent yet (debt carried in). */
    void measurementStartsWithLag(long lag) {
        if (warmup != null) {
            warmup = new WarmupReport(warmup.plannedMillis(), warmup.usedMillis(), warmup.capMillis(), warmup.fixed(),
                    warmup.settled(), warmup.endReason(), lag);
        }
        if (lag > 0) {
            console.line(String.format(Locale.ROOT, "  the producers start the measurement %,d messages behind their schedule: "
                    + "that debt stays in the figures", lag));
        }
    }

    /** Messages due and not sent at the end of the last progress period. */
    long lastScheduleLag() {
        return progress.isEmpty() ? 0 : progress.get(progress.size() - 1).scheduleLagMessages();
    }

    /** How many progress periods there are so far. */
    int progressCount() {
        return progress.size();
    }

    /** The progress periods from index {@code from} on. */
    List<PeriodSummary> progressFrom(int from) {
        return List.copyOf(progress.subList(from, progress.size()));
    }

    /**
     * A max-rate search ran: the result reports {@code measurement} (the confirmation's, else the best
     * step's, else none) and the diagnosis judges the {@code periods} of that step only.
     */
    void search(SearchReport report, Measurement measurement, List<PeriodSummary> periods, Diagnosis limit) {
        search = report;
        searchDiagnosis = limit;
        searchMeasurement = measurement;
        searchPeriods = List.copyOf(periods);
        console.line(report.finalLine());
    }

    /** The measurement window opens: the run's totals then. */
    void windowOpens(Counts runTotals) {
        windowOpenTotals = runTotals;
    }

    /** The measurement window closes (the producers are about to stop): the run's totals then. */
    void windowCloses(Counts runTotals) {
        windowCloseTotals = runTotals;
    }

    /** What was acknowledged between the window's opening and closing, or null if it did not close. */
    Counts ackedInWindow() {
        return windowOpenTotals == null || windowCloseTotals == null ? null : windowCloseTotals.minus(windowOpenTotals);
    }

    SearchReport search() {
        return search;
    }

    /** The measurement a search chose, or null. */
    Measurement searchMeasurement() {
        return searchMeasurement;
    }

    /** The progress periods of one phase, oldest first. */
    List<PeriodSummary> progressOf(Phase phase) {
        return progress.stream().filter(p -> p.phase() == phase).toList();
    }

    /** The workload's faults and what became of them. */
    void faults(List<FaultEvent> events) {
        faults = List.copyOf(events);
    }

    void rebalanced(long millis) {
        rebalanceTimeMillis = millis;
    }

    long rebalanceTimeMillis() {
        return rebalanceTimeMillis;
    }

    /** Names the setup step under way, for failure messages. */
    void step(String name) {
        phaseName = name;
    }

    RunResult toResult(List<String> workerIds, List<String> topics, Measurement measurement, ConsumerMetrics consumer,
                       Delivery delivery, Integrity integrity, List<ClientMetricTotal> clientMetrics,
                       List<WarningSummary> clientWarnings) {
        Map<String, Double> metricValues = new HashMap<>();
        clientMetrics.forEach(t -> metricValues.put(t.name(), t.value()));
        Diagnosis diagnosis = searchDiagnosis != null && stall == null ? searchDiagnosis
                : Diagnostician.diagnose(new Diagnostician.Evidence(measurement, search != null ? searchPeriods : progress,
                        metricValues, stall));
        if (measurement != null) {
            noteMeasurementWarnings(measurement);
        }
        StatusRules.Outcome outcome = StatusRules.judge(status, failureReason, delivery, integrity, spec.options().maxUnackedRatio());
        if (outcome.warning() != null) {
            warn(outcome.warning());
        }
        if (outcome.status() != status) {
            status = outcome.status();
            failureReason = outcome.reason();
            console.line("Run %s: %s", status.name().toLowerCase(Locale.ROOT), failureReason);
        }
        if (diagnosis.warning() != null) {
            warn(diagnosis.warning());
        }
        return new RunResult(
                spec.runId(),
                status,
                failureReason,
                List.copyOf(warnings),
                startEpochMillis,
                clock.epochMicros() / 1_000,
                spec.workloadFile(),
                workload != null ? workload : spec.workload(),
                spec.driverName(),
                spec.driverFile().name(),
                spec.driverConfigForResult(),
                spec.cluster(),
                spec.versions(),
                workerIds,
                topics,
                rebalanceTimeMillis,
                spec.options().sampleInterval().toMillis(),
                List.copyOf(periods),
                measurement,
                consumer,
                spec.workerClocks(),
                diagnosis,
                delivery,
                integrity,
                List.copyOf(clientMetrics),
                faults,
                List.copyOf(clientWarnings),
                warmup,
                catchUp,
                search);
    }

    private void noteMeasurementWarnings(Measurement m) {
        if (m.fellBehind() && stall == null) { // after a stall, the diagnosis says why the producers fell short
            warn(String.format(Locale.ROOT,
                    "the producers fell behind the requested rate: they sent %,.1f msg/s of %,.1f requested (%.1f%%); "
                            + "publish latency includes the delay (schedule delay p99 %s ms)",
                    m.scheduledSendRate(), m.requestedRate(), 100 * m.scheduledSendRate() / m.requestedRate(),
                    ProgressPrinter.ms(m.scheduleDelay().p99Micros())));
        }
        if (m.transactions() != null && m.transactions().aborted() > 0) {
            warn(String.format(Locale.ROOT, "%,d transactions were aborted: their %,d acknowledged messages never reached the "
                    + "consumers (the log says why each was aborted)", m.transactions().aborted(), m.transactions().abortedMessages()));
        }
        if (m.counts().clampedSamples() > 0) {
            warn(String.format(Locale.ROOT, "%,d latency samples were outside 0..24 h and were recorded at the nearest bound "
                    + "(negative end-to-end latency means the workers' clocks disagree)", m.counts().clampedSamples()));
        }
    }
}
