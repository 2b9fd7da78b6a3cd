package io.kbench.coordinator;

import io.kbench.cku.CkuVerdict;
import io.kbench.integrity.Integrity;
import io.kbench.model.ClientMetrics;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.Diagnostician;
import io.kbench.model.Measurement;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.ProgressNote;
import io.kbench.model.ResultSection;
import io.kbench.model.RunStatus;
import io.kbench.model.WarmupReport;
import io.kbench.partitioncost.BrokerRequests;
import io.kbench.partitioncost.PartitionLatencyRule;
import io.kbench.result.ClientWarningCount;
import io.kbench.result.DriverInfo;
import io.kbench.result.ResultSections;
import io.kbench.result.RunIdentity;
import io.kbench.result.RunOutcome;
import io.kbench.result.RunResult;
import io.kbench.result.RunTimeline;
import io.kbench.result.StatusRules;
import io.kbench.search.SearchReport;
import io.kbench.stats.Counts;
import io.kbench.time.BenchmarkClock;
import io.kbench.warning.WarningSummary;
import io.kbench.workload.Workload;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What the coordinator learns as the run goes: phases, periods, warnings, how it ended, and the
 * sections the run's features add to the result. Prints progress as it is recorded, so the console
 * and the result can never disagree.
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
    private final List<String> lostWorkers = new ArrayList<>();
    private long rebalanceTimeMillis;
    private WarmupReport warmup;
    private Workload workload;
    private ProgressNote progressNote;
    private ResultSections sections = ResultSections.NONE;
    private Measurement searchMeasurement;
    private Diagnosis searchDiagnosis;
    private List<PeriodSummary> searchPeriods;

    private Counts windowOpenTotals;
    private Counts windowCloseTotals;
    /** The cluster's own metrics where the run owns it (issue 26: the brokers' request times over the window). */
    private Supplier<Map<String, Double>> serverMetrics = Map::of;
    private Map<String, Double> serverAtOpen;

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

    /** A worker's final figures could not be had (it stopped answering); the diagnosis will say so. */
    void workerLost(String why) {
        lostWorkers.add(why);
        warn("the result lacks a worker's figures: " + why);
    }

    /** Whether a worker stopped answering before its figures were collected. */
    boolean workersLost() {
        return !lostWorkers.isEmpty();
    }

    /** The workload as the run uses it, once the cluster has filled in what it did not say (existing topics' partitions). */
    void workloadAsRun(Workload w) {
        workload = w;
    }

    void warmup(WarmupReport report) {
        warmup = report;
    }

    /** A feature's section of the result: a backlog's catch-up, the faults, the integrity check, ... */
    void section(ResultSection section) {
        sections = sections.with(section);
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
        section(report);
        searchDiagnosis = limit;
        searchMeasurement = measurement;
        searchPeriods = List.copyOf(periods);
        console.line(report.finalLine());
    }

    /** The measurement window opens: the run's totals then. */
    void windowOpens(Counts runTotals) {
        windowOpenTotals = runTotals;
        serverAtOpen = serverMetrics.get();
    }

    /** The measurement window closes (the producers are about to stop): the run's totals then. */
    void windowCloses(Counts runTotals) {
        windowCloseTotals = runTotals;
        BrokerRequests broker = BrokerRequests.between(serverAtOpen, serverMetrics.get());
        if (broker != null) {
            section(broker);
        }
    }

    /** Where the cluster's own metrics come from, when the run owns the cluster. */
    void serverMetrics(Supplier<Map<String, Double>> source) {
        serverMetrics = source;
    }

    /** What was acknowledged between the window's opening and closing, or null if it did not close. */
    Counts ackedInWindow() {
        return windowOpenTotals == null || windowCloseTotals == null ? null : windowCloseTotals.minus(windowOpenTotals);
    }

    SearchReport search() {
        return sections.get(SearchReport.class);
    }

    /** The measurement a search chose, or null. */
    Measurement searchMeasurement() {
        return searchMeasurement;
    }

    /** The progress periods of one phase, oldest first. */
    List<PeriodSummary> progressOf(Phase phase) {
        return progress.stream().filter(p -> p.phase() == phase).toList();
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

    /**
     * The result, once the run is over: the core from what was recorded and the workers' final figures,
     * the sections the run's features added, and the CKU check's verdict when the workload names CKUs.
     *
     * @param measurement the measured window, or null when nothing was measured
     * @param consumer the consumers' figures, or null without consumers
     * @param delivery what became of every message, or null when nothing was collected
     * @param clientWarnings what the workers' clients warned about, by kind
     */
    RunResult toResult(List<String> workerIds, List<String> topics, Measurement measurement, ConsumerMetrics consumer,
                       Delivery delivery, List<WarningSummary> clientWarnings) {
        ClientMetrics metrics = sections.get(ClientMetrics.class);
        Diagnosis diagnosis = searchDiagnosis != null && stall == null && lostWorkers.isEmpty() ? searchDiagnosis
                : Diagnostician.diagnose(new Diagnostician.Evidence(measurement, search() != null ? searchPeriods : progress,
                        metrics == null ? Map.of() : metrics.values(), stall, List.copyOf(lostWorkers)));
        Workload ran = workload != null ? workload : spec.workload();
        if (search() == null) {
            // Many partitions per producer: where the publish latency went (issue 26), a rule of its own.
            diagnosis = PartitionLatencyRule.refine(diagnosis, new PartitionLatencyRule.Evidence(measurement,
                    metrics == null ? Map.of() : metrics.values(), sections.get(BrokerRequests.class),
                    ran.partitionsPerTopic() == null ? 0 : ran.partitionsPerTopic(), ran.topics() * ran.producersPerTopic()));
        }
        if (measurement != null) {
            noteMeasurementWarnings(measurement);
        }
        StatusRules.Outcome outcome = StatusRules.judge(status, failureReason, delivery, sections.get(Integrity.class),
                spec.options().maxUnackedRatio());
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
        Workload asRun = workload != null ? workload : spec.workload();
        if (asRun.cku() != null) {
            section(CkuVerdict.of(asRun, measurement, status, diagnosis));
        }
        RunIdentity identity = new RunIdentity(spec.runId(), spec.workloadFile(), asRun, new DriverInfo(spec.driverName(),
                spec.driverFile().name(), spec.driverConfigForResult(), List.of()), spec.cluster(), spec.versions(), workerIds, topics);
        RunOutcome ending = new RunOutcome(status, failureReason, warnings, diagnosis, delivery,
                clientWarnings.stream().map(ClientWarningCount::of).toList());
        RunTimeline timeline = new RunTimeline(Instant.ofEpochMilli(startEpochMillis), Instant.ofEpochMilli(clock.epochMicros() / 1_000),
                spec.options().sampleInterval().toMillis(), warmup, rebalanceTimeMillis, spec.workerClocks(), periods);
        return new RunResult(identity, ending, sections, timeline, measurement, consumer);
    }

    private void noteMeasurementWarnings(Measurement m) {
        // After a stall or a lost worker, the diagnosis says why the producers fell short.
        if (m.fellBehind() && stall == null && lostWorkers.isEmpty()) {
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
