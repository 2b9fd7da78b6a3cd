package io.kbench.coordinator;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.ProgressNote;
import io.kbench.model.RunStatus;
import io.kbench.stats.PeriodStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the coordinator learns as the run goes: phases, periods, warnings, how it ended, and what the
 * features' phases measured. Tells its listeners (the console) each piece of news as it is recorded,
 * so the console and the result can never disagree; builds nothing ({@link ResultAssembler} does).
 */
final class RunRecorder {

    private final List<RunListener> listeners;
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
    private Workload workload;
    private ProgressNote progressNote;

    RunRecorder(BenchmarkClock clock, List<RunListener> listeners) {
        this.listeners = List.copyOf(listeners);
        this.startEpochMillis = clock.epochMicros() / 1_000;
    }

    long startEpochMillis() {
        return startEpochMillis;
    }

    /** A line of news for the listeners. */
    void line(String text) {
        listeners.forEach(l -> l.line(text));
    }

    void line(String format, Object... args) {
        line(String.format(Locale.ROOT, format, args));
    }

    void startPhase(Phase phase, String message) {
        startPhase(phase, message, null);
    }

    /** @param note adds to each of the phase's progress lines (a backlog's target and ETA), or null */
    void startPhase(Phase phase, String message, ProgressNote note) {
        phaseName = phase.label();
        phaseStartMicros = progress.isEmpty() ? 0 : progress.get(progress.size() - 1).elapsedMicros();
        progressNote = note;
        listeners.forEach(l -> l.phaseStarted(phase, message));
    }

    /** The rate requested on average over the measured phases (a backlog run measures its build and drain too). */
    double averageRequestedRateMeasured() {
        double weighted = 0;
        long micros = 0;
        for (PeriodSummary p : progress) {
            if (p.phase().measured() && p.requestedRate() >= 0) {
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
        String printed = progressNote == null ? line : line + " | " + progressNote.describe(previous, period);
        listeners.forEach(l -> l.progress(period, printed));
    }

    void addSample(PeriodSummary period, List<PeriodStats> workers) {
        periods.add(period);
        listeners.forEach(l -> l.sample(period, workers));
    }

    /** The run's topics exist. */
    void topics(List<String> names, boolean created) {
        listeners.forEach(l -> l.topics(names, created));
    }

    void changeMade(String feature, String key, String description, Object undo) {
        listeners.forEach(l -> l.changeMade(feature, key, description, undo));
    }

    void changeUndone(String key, String outcome) {
        listeners.forEach(l -> l.changeUndone(key, outcome));
    }

    void warn(String warning) {
        warnings.add(warning);
        listeners.forEach(l -> l.warning(warning));
    }

    /** The run ends early (or its search confirmed nothing): the first reason given stands. */
    void end(RunStatus endStatus, String reason) {
        if (status == RunStatus.COMPLETED) {
            status = endStatus;
            failureReason = reason;
            listeners.forEach(l -> l.statusChanged(endStatus, reason));
        }
    }

    /** Tells the listeners what the assembly of the result concluded (its warnings, a changed status). */
    void concluded(List<String> newWarnings, RunStatus finalStatus, String finalReason) {
        for (String w : newWarnings) {
            listeners.forEach(l -> l.warning(w));
        }
        if (finalStatus != status) {
            listeners.forEach(l -> l.statusChanged(finalStatus, finalReason));
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

    /** The measurement begins: {@code lag} messages were due and not sent yet (debt carried in). */
    void measurementStartsWithLag(long lag) {
        if (lag > 0) {
            line(String.format(Locale.ROOT, "  the producers start the measurement %,d messages behind their schedule: "
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

    /** The progress periods of one phase, oldest first. */
    List<PeriodSummary> progressOf(Phase phase) {
        return progress.stream().filter(p -> p.phase() == phase).toList();
    }

    /** Names the setup step under way, for failure messages. */
    void step(String name) {
        phaseName = name;
    }

    /** What was recorded, with what the phases measured, for the result. */
    RunFacts facts(PhaseResult.All phases) {
        return new RunFacts(startEpochMillis, status, failureReason, List.copyOf(warnings), stall, List.copyOf(lostWorkers),
                workload, List.copyOf(progress), List.copyOf(periods), phases);
    }
}
