package io.kbench.cli;

import io.kbench.cku.CkuPlan;
import io.kbench.coordinator.Console;
import io.kbench.coordinator.Coordinator;
import io.kbench.coordinator.RunOptions;
import io.kbench.coordinator.RunSpec;
import io.kbench.coordinator.StopSignal;
import io.kbench.result.ResultWriter;
import io.kbench.result.RunResult;
import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import io.kbench.worker.LocalWorker;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import io.kbench.workload.LoadedWorkload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;

/**
 * Runs one validated workload on one driver, through local or remote workers: provisions the
 * driver's cluster if it has one, runs the coordinator, prints the final report and writes the
 * result. Shared by bin/benchmark and its sweep command.
 */
final class RunExecutor {

    private final Console console;
    private final PrintStream err;
    private final StopSignal stop;
    private final RunOptions options;
    private final RemoteWorkers remote;
    private final FinalOutputs outputs;

    /** @param outputs what to print and write besides the result JSON */
    RunExecutor(Console console, PrintStream err, StopSignal stop, RunOptions options, RemoteWorkers remote, FinalOutputs outputs) {
        this.console = console;
        this.err = err;
        this.stop = stop;
        this.options = options;
        this.remote = remote;
        this.outputs = outputs;
    }

    /** @return the outcome, or null if the run could not even start (the reason is printed) */
    RunOutcome run(DriverSession session, LoadedWorkload workload, Path outputFile, Path outputDir) {
        console.line("=== Workload %s (%s) on driver %s (%s) ===", workload.workload().name(), workload.file(),
                session.name(), session.fileName());
        if (CkuPlan.applies(workload.workload())) { // before anything starts; limits warn, they do not stop the run
            CkuPlan.expectations(workload.workload()).forEach(console::line);
            CkuPlan.warnings(workload.workload()).forEach(w -> console.line("WARNING: " + w));
        }
        try {
            session.provision(console::line);
        } catch (RuntimeException e) {
            err.println(Errors.describeForUser(e));
            return null;
        }
        BenchmarkClock clock = BenchmarkClock.system();
        WorkerEnsemble workers;
        try {
            workers = remote == null ? WorkerEnsemble.of(List.<Worker>of(LocalWorker.inProcess())) : remote.ensembleForRun(clock, console);
        } catch (RuntimeException e) {
            err.println("Not starting: " + Errors.describeForUser(e));
            return null;
        }
        RunSpec spec = new RunSpec(newRunId(), workload.workload(), workload.file(), workload.payload(), session.forWorkers(),
                session.name(), session.redactedConfig(), session.clusterDescription(), Versions.of(session.clientVersion()),
                options, remote == null ? List.of() : remote.clocks(), session.deliveryTimeout());
        if (spec.cluster() != null) {
            console.line("Cluster: %s", spec.cluster());
        }
        RunResult result;
        try (workers) {
            result = new Coordinator(workers, clock, stop, console, session::applyFault).run(spec);
        }
        FinalReport.print(result, console, outputs.printMetrics());
        try {
            Path written = ResultWriter.write(result, outputFile, outputDir);
            console.line("Result written to %s", written);
            if (outputs.htmlReport()) {
                RunReports.write(List.of(written), RunReports.htmlNextTo(written), console);
            }
            return new RunOutcome(result, written);
        } catch (IOException e) {
            err.println("could not write the result file: " + e.getMessage());
            return new RunOutcome(result, null);
        }
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
