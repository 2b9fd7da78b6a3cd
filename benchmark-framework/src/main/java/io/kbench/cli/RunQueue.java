package io.kbench.cli;

import io.kbench.coordinator.Console;
import io.kbench.coordinator.CoordinatorOptions;
import io.kbench.coordinator.StopSignal;
import io.kbench.coordinator.live.MetricsEndpoint;
import io.kbench.logging.ClientWarnings;
import io.kbench.logging.FirstWarningLine;
import io.kbench.logging.ToolLogging;
import io.kbench.secret.Redactor;
import io.kbench.workload.LoadedWorkload;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs validated runs one after another, for bin/benchmark, find-max and sweep alike (a run is a
 * sweep of one combination): connects the workers, summarises the libraries' warnings, stops
 * between runs on Ctrl-C, skips the other runs of a driver that could not be used, closes each
 * driver session after its runs and everything at the end, and returns the command's exit code.
 */
final class RunQueue {

    /**
     * One run to do.
     *
     * @param resultFile where its result goes, or null to name it after the workload and driver in the output directory
     * @param exactFile the user named the result file (-o): a failed run's result stays there instead of going to failed/
     * @param label printed before the run, e.g. a sweep's "Run 2 of 6: ...", or null
     */
    record Planned(DriverSession session, LoadedWorkload workload, Path resultFile, boolean exactFile, String label) {}

    /** What a command does around each run (a sweep: set an earlier attempt aside, update its table). */
    interface Around {
        /** @return false to skip the run (the reason printed) */
        default boolean before(Planned run) {
            return true;
        }

        default void after(Planned run, WrittenResult outcome) {}
    }

    private final Console console;
    private final PrintStream err;
    private final StopSignal stop;
    private final CommandEnv env;
    private final RunCommandOptions options;
    private final ToolLogging logging;
    private final Redactor redactor;

    RunQueue(Console console, CommandEnv env, RunCommandOptions options, ToolLogging logging, Redactor redactor) {
        this.console = console;
        this.env = env;
        this.err = env.err();
        this.stop = env.stop();
        this.options = options;
        this.logging = logging;
        this.redactor = redactor;
    }

    /**
     * Runs every run in order (runs of one driver session next to each other), then closes {@code sessions}.
     *
     * @param outputDir where results without a file of their own go
     */
    int run(List<Planned> runs, Collection<DriverSession> sessions, CoordinatorOptions runOptions, FinalOutputs outputs,
            Path outputDir, Around around) {
        RemoteWorkers remote = null;
        MetricsEndpoint live = null;
        int exit = BenchmarkCommand.EXIT_OK;
        ClientWarnings warnings = logging.warnings();
        FirstWarningLine firstWarnings = new FirstWarningLine(console::line);
        Set<String> notesShown = new HashSet<>();
        try (ToolLogging.Attachment raw = logging.console(err, options.verbose);
             ClientWarnings.Subscription firsts = warnings.onFirstOccurrence(firstWarnings)) {
            if (runs.isEmpty()) {
                return exit;
            }
            try {
                live = startMetrics();
                remote = BenchmarkCommand.connectWorkers(options, console, err);
            } catch (BenchmarkCommand.BadInput e) {
                return e.exitCode;
            }
            RunExecutor executor = new RunExecutor(console, env, runOptions, remote, outputs, firstWarnings, redactor, warnings,
                    live, options.localZones());
            Set<DriverSession> unusable = new LinkedHashSet<>();
            DriverSession current = null;
            for (int i = 0; i < runs.size(); i++) {
                if (stop.requested()) {
                    return BenchmarkCommand.EXIT_RUN_FAILED;
                }
                Planned run = runs.get(i);
                if (current != null && current != run.session()) {
                    current.close(); // its runs are done: stop its cluster before the next one starts
                }
                current = run.session();
                if (unusable.contains(run.session())) {
                    exit = BenchmarkCommand.EXIT_RUN_FAILED;
                    continue;
                }
                if (run.label() != null) {
                    console.line("");
                    console.line(run.label());
                }
                if (!around.before(run)) {
                    exit = BenchmarkCommand.EXIT_RUN_FAILED;
                    continue;
                }
                WrittenResult outcome = executor.run(run, outputDir, notesShown);
                exit = BenchmarkCommand.worse(exit, BenchmarkCommand.exitCode(outcome));
                if (outcome == null) {
                    DriverSession session = run.session();
                    long skipped = runs.subList(i + 1, runs.size()).stream().filter(p -> p.session() == session).count();
                    if (skipped > 0) {
                        err.println("Skipping the " + skipped + " other run" + (skipped == 1 ? "" : "s") + " on this driver"
                                + " configuration: it could not be used (see above). Rerun the same command to try them again.");
                    }
                    unusable.add(session);
                }
                around.after(run, outcome);
            }
            return exit;
        } finally {
            sessions.forEach(DriverSession::close);
            if (remote != null) {
                remote.close();
            }
            if (live != null) {
                live.close();
            }
        }
    }

    /** The --stats-port endpoint, before anything runs: a busy port is bad input, said in one line. */
    private MetricsEndpoint startMetrics() throws BenchmarkCommand.BadInput {
        if (options.statsPort == null) {
            return null;
        }
        try {
            MetricsEndpoint endpoint = MetricsEndpoint.start(options.statsBind, options.statsPort);
            console.line("Prometheus metrics of the run on %s", endpoint.url());
            return endpoint;
        } catch (MetricsEndpoint.StartException e) {
            err.println(e.getMessage());
            throw new BenchmarkCommand.BadInput(BenchmarkCommand.EXIT_BAD_INPUT);
        }
    }
}
