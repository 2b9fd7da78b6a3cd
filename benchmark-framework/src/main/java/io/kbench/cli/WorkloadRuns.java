package io.kbench.cli;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import io.kbench.coordinator.Console;
import io.kbench.coordinator.CoordinatorOptions;
import io.kbench.driver.DriverException;
import io.kbench.logging.ToolLogging;
import io.kbench.secret.Redactor;
import io.kbench.worker.DriverLoader;
import io.kbench.workload.LoadedWorkload;
import io.kbench.workload.WorkloadLoader;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Validates workloads and drivers, connects the workers, then runs every workload against every driver:
 * what {@code benchmark} and {@code find-max} share. Returns the command's exit code.
 */
final class WorkloadRuns {

    private final PrintStream out;
    private final PrintStream err;
    private final CommandEnv env;
    private final RunCommandOptions options;

    WorkloadRuns(CommandEnv env, RunCommandOptions options) {
        this.env = env;
        this.out = env.out();
        this.err = env.err();
        this.options = options;
    }

    int run(List<Path> workloads, Path output, WorkloadLoader workloadLoader, CoordinatorOptions runOptions) {
        Console console = new Console(out);
        // Driver files are resolved where the driver runs: with remote workers, a variable unset here may be set there.
        PlaceholderResolver resolver = new PlaceholderResolver(System::getenv, options.distributed());
        List<LoadedWorkload> loadedWorkloads = new ArrayList<>();
        List<DriverSession> sessions = new ArrayList<>();
        try {
            int runs = workloads.size() * options.driverFiles().size();
            if (output != null && runs > 1) {
                err.println("--output names one file, but there are " + runs + " runs: use --output-dir instead");
                return BenchmarkCommand.EXIT_BAD_INPUT;
            }
            if (options.problem() != null) {
                err.println(options.problem());
                return BenchmarkCommand.EXIT_BAD_INPUT;
            }
            // Validate everything before touching any cluster.
            for (Path w : workloads) {
                loadedWorkloads.add(workloadLoader.load(w, options.overrides()));
            }
            DriverLoader driverLoader = new DriverLoader(resolver);
            for (Path d : options.driverFiles()) {
                sessions.add(DriverSession.validate(d, driverLoader, Redactor.process()));
            }
        } catch (ConfigException | DriverException e) {
            err.println(e.getMessage());
            sessions.forEach(DriverSession::close);
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        for (DriverSession session : sessions) {
            for (LoadedWorkload workload : loadedWorkloads) {
                String problem = DriverFit.problem(session, workload, options.allowOperations);
                if (problem != null) {
                    err.println(problem);
                    sessions.forEach(DriverSession::close);
                    return BenchmarkCommand.EXIT_BAD_INPUT;
                }
            }
        }
        notePlaceholders(resolver, console);
        List<RunQueue.Planned> runs = new ArrayList<>();
        for (DriverSession session : sessions) {
            for (LoadedWorkload workload : loadedWorkloads) {
                runs.add(new RunQueue.Planned(session, workload, output, output != null, null));
            }
        }
        return new RunQueue(console, env, options, ToolLogging.process(), Redactor.process()).run(runs, sessions, runOptions,
                new FinalOutputs(options.printMetrics, !options.noReport, options.serviceVersion, options.keepJournal,
                        options.deleteLeftTopics), options.outputDir,
                new RunQueue.Around() {});
    }

    /** Driver files are resolved where the driver runs: with remote workers, a variable unset here may be set there. */
    static void notePlaceholders(PlaceholderResolver resolver, Console console) {
        if (!resolver.unsetVariables().isEmpty()) {
            console.line("Note: %s not set here; every worker must have %s set.", String.join(", ", resolver.unsetVariables()),
                    resolver.unsetVariables().size() == 1 ? "it" : "them");
        }
    }
}
