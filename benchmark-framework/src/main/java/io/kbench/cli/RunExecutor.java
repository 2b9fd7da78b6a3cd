package io.kbench.cli;

import io.kbench.features.Feature;
import io.kbench.journal.JournalEntry;
import io.kbench.journal.JournalWriter;
import io.kbench.journal.RunJournal;
import io.kbench.result.DriverInfo;
import io.kbench.features.Features;
import io.kbench.logging.ClientWarnings;
import io.kbench.warning.WarningSummary;
import io.kbench.logging.FirstWarningLine;
import io.kbench.logging.ToolLogging;
import io.kbench.coordinator.Console;
import io.kbench.coordinator.ConsoleListener;
import io.kbench.coordinator.Coordinator;
import io.kbench.coordinator.CoordinatorOptions;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.coordinator.RunListener;
import io.kbench.coordinator.StopSignal;
import io.kbench.coordinator.live.LiveRun;
import io.kbench.coordinator.live.MetricsEndpoint;
import io.kbench.result.ClientWarningCount;
import io.kbench.result.ResultWriter;
import io.kbench.secret.Redactor;
import io.kbench.result.RunResult;
import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import io.kbench.worker.LocalWorker;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import io.kbench.workload.LoadedWorkload;
import io.kbench.workload.spec.RunSpec;
import io.kbench.workload.spec.RunSpecs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Runs one validated workload on one driver, through local or remote workers: provisions the
 * driver's cluster if it has one, runs the coordinator, prints the final report and writes the
 * result and the run's log file. Shared by bin/benchmark and its sweep command.
 */
final class RunExecutor {

    private final Console console;
    private final Redactor redactor;
    private final PrintStream err;
    private final StopSignal stop;
    private final BenchmarkClock clock;
    private final CoordinatorOptions options;
    private final RemoteWorkers remote;
    private final FinalOutputs outputs;
    private final FirstWarningLine warningConsole;
    private final ClientWarnings clientWarnings;
    private final MetricsEndpoint live;
    /** The zones of this process's workers, one worker each ({@code --zones}); empty: one worker, zone unknown. */
    private final List<String> localZones;

    /**
     * @param outputs what to print and write besides the result JSON
     * @param warningConsole prints the first client warning of each kind
     * @param live the --stats-port endpoint that shows each run's figures as it goes, or null
     */
    RunExecutor(Console console, CommandEnv env, CoordinatorOptions options, RemoteWorkers remote, FinalOutputs outputs,
                FirstWarningLine warningConsole, Redactor redactor, ClientWarnings clientWarnings, MetricsEndpoint live,
                List<String> localZones) {
        this.live = live;
        this.localZones = List.copyOf(localZones);
        this.clientWarnings = clientWarnings;
        this.redactor = redactor;
        this.console = console;
        this.err = env.err();
        this.stop = env.stop();
        this.clock = env.clock();
        this.options = options;
        this.remote = remote;
        this.outputs = outputs;
        this.warningConsole = warningConsole;
    }

    /**
     * Runs with a log file next to the result ({@code x.json}, {@code x.log}): the libraries' log
     * events in full, while the console shows the first warning of each kind and, at the end, the counts.
     *
     * @param notesShown notes about how workloads were read that were printed already (each is printed once)
     * @return the outcome, or null if the run could not even start (the reason is printed)
     */
    WrittenResult run(RunQueue.Planned run, Path outputDir, Set<String> notesShown) {
        DriverSession session = run.session();
        LoadedWorkload workload = run.workload();
        console.line("=== Workload %s (%s) on driver %s (%s) ===", workload.workload().name(), workload.file(),
                session.name(), session.fileName());
        workload.notes().stream().filter(notesShown::add).forEach(n -> console.line("Note: " + n));
        String runId = newRunId();
        Path resultFile = run.resultFile() != null ? run.resultFile()
                : outputDir.resolve(ResultWriter.defaultName(workload.workload().name(), session.name(), System.currentTimeMillis()));
        clientWarnings.reset();
        Path logFile = null;
        ToolLogging.Attachment log = null;
        try {
            logFile = RunLogFile.create(resultFile);
            log = ToolLogging.process().openFile(logFile, logHeader(runId, workload, session));
        } catch (IOException e) {
            err.println("cannot write the log file " + (logFile == null ? "next to " + resultFile : logFile) + " ("
                    + Errors.describeIo(e) + "): the libraries' warnings are only counted in this run; check --output-dir");
            logFile = null;
        }
        warningConsole.logFile(logFile);
        WrittenResult outcome = null;
        try {
            outcome = runLogged(session, workload, runId, resultFile, !run.exactFile());
            return outcome;
        } finally {
            if (log != null) {
                log.close();
            }
            warningConsole.logFile(null);
            if (logFile != null && outcome != null && outcome.file() != null && !outcome.file().equals(resultFile)) {
                logFile = RunLogFile.follow(logFile, outcome.file(), err);
            }
            // Remote workers' clients warn on the workers: their counts come back with the result.
            List<WarningSummary> warnings = remote == null || outcome == null ? clientWarnings.snapshot()
                    : WarningSummary.merge(List.of(clientWarnings.snapshot(),
                            outcome.result().outcome().clientWarnings().stream().map(ClientWarningCount::toSummary).toList()));
            FinalReport.warnings(warnings, logFile, console);
            if (outcome != null && outcome.file() != null) {
                console.line("Result written to %s", outcome.file());
                if (outputs.htmlReport()) {
                    RunReports.write(List.of(outcome.file()), RunReports.htmlNextTo(outcome.file()), console);
                }
            }
            if (logFile != null) {
                console.line("Log written to %s", logFile);
            }
        }
    }

    /** One worker in this process, or one per zone of {@code --zones} ("local-az1", ...). */
    private List<Worker> localWorkers() {
        if (localZones.isEmpty()) {
            return List.of(LocalWorker.inProcess(clientWarnings, clock));
        }
        List<Worker> workers = new ArrayList<>();
        for (String zone : localZones) {
            workers.add(LocalWorker.inProcess(clientWarnings, clock, "local-" + zone, zone, localZones.size()));
        }
        return workers;
    }

    /** @param defaultNamed the result's file was named by kbench (or a sweep), not by -o: a failed run's goes to failed/ */
    private WrittenResult runLogged(DriverSession session, LoadedWorkload workload, String runId, Path resultFile,
                                    boolean defaultNamed) {
        RunSpec runSpec = RunSpecs.of(workload.workload()); // the validated file normalised once: what the engine reads
        CoordinatorOptions options = this.options.forRun(runSpec);
        this.options.periodsWidened(runSpec).ifPresent(console::line);
        for (Feature f : Features.all()) { // before anything starts
            f.preface(workload.workload()).forEach(console::line);
        }
        LeftJournals.Found left = LeftJournals.check(resultFile.toAbsolutePath().getParent(), console, outputs.deleteLeftTopics());
        try {
            session.provision(console::line);
        } catch (RuntimeException e) {
            err.println(Errors.describeForUser(e));
            return null;
        }
        for (Feature f : Features.all()) { // what the workload needs of the cluster the run started, or of none
            for (String problem : f.clusterProblems(workload.workload(), session.clusterAccess())) {
                err.println("Not starting " + workload.file() + ": " + problem);
                return null;
            }
        }
        WorkerEnsemble workers;
        try {
            workers = remote != null ? remote.ensembleForRun(clock, console) : WorkerEnsemble.of(localWorkers());
        } catch (RuntimeException e) {
            err.println("Not starting: " + Errors.describeForUser(e));
            return null;
        }
        CoordinatorInput spec = new CoordinatorInput(runId, workload.workload(), runSpec, workload.file(),
                workload.payload(), session.forWorkers(),
                session.name(), session.redactedConfig(), session.clusterDescription(), Versions.of(session.clientVersion(), outputs.serviceVersion()),
                options.withLeftTopics(left.topics()), remote == null ? List.of() : remote.clocks(), session.deliveryTimeout());
        if (spec.cluster() != null) {
            console.line("Cluster: %s", spec.cluster());
        }
        RunResult result;
        JournalWriter journal = new JournalWriter(RunJournal.beside(resultFile), clock, redactor::redactSecrets, new JournalEntry.Header(
                clock.epochMicros() / 1_000, RunJournal.VERSION, RunJournal.kbenchVersion(), runId, resultFile.toString(),
                spec.workloadFile(), spec.workload(), new DriverInfo(spec.driverName(), spec.driverFile().name(),
                spec.driverConfigForResult(), List.of()), spec.cluster(), spec.versions(),
                workers.members().stream().map(Worker::id).toList(), options.sampleInterval().toMillis()));
        List<RunListener> listeners = new ArrayList<>(List.of(new ConsoleListener(console), journal));
        LiveRun liveRun = live == null ? null : live.newRun(runId, spec.workload().name(), spec.driverName());
        if (liveRun != null) {
            listeners.add(liveRun);
        }
        try (workers) {
            result = new Coordinator(workers, clock, stop, listeners, session.clusterAccess(), session::serverMetrics).run(spec);
        } finally {
            journal.close();
            if (liveRun != null) {
                liveRun.ended();
            }
        }
        LeftJournals.markDeleted(left, runId, clock.epochMicros() / 1_000, console);
        FinalReport.print(result, console, outputs.printMetrics());
        try {
            Path target = defaultNamed ? ResultWriter.placeFor(result, resultFile) : resultFile;
            WrittenResult written = new WrittenResult(result, ResultWriter.write(result, session.settingGroups(), redactor, target, null));
            journal.finish(outputs.keepJournal());
            if (outputs.keepJournal()) {
                console.line(RunJournal.sizeLine(journal.file(), result.timeline().endTime().toEpochMilli()
                        - result.timeline().startTime().toEpochMilli()));
            }
            return written;
        } catch (IOException e) {
            err.println("could not write the result file: " + e.getMessage() + "; the run's journal " + journal.file()
                    + " keeps its periods (bin/benchmark recover)");
            return new WrittenResult(result, null);
        }
    }

    private static String logHeader(String runId, LoadedWorkload workload, DriverSession session) {
        return String.format(Locale.ROOT, "# kbench %s, run %s: workload %s on driver %s. Log events of the Kafka clients and other "
                + "libraries at %s and above (-D%s=INFO for more), secrets masked.%n", Versions.tool(), runId,
                workload.workload().name(), session.name(), System.getProperty(ToolLogging.LEVEL_PROPERTY, "WARN"),
                ToolLogging.LEVEL_PROPERTY);
    }

    static String newRunId() {
        byte[] bytes = new byte[4];
        new SecureRandom().nextBytes(bytes);
        StringBuilder b = new StringBuilder();
        for (byte x : bytes) {
            b.append(String.format("%02x", x));
        }
        return b.toString();
    }
}
