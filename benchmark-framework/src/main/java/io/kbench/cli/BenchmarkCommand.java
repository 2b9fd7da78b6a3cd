package io.kbench.cli;

import io.kbench.model.CheckVerdict;
import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import io.kbench.coordinator.Console;
import io.kbench.coordinator.StopSignal;
import io.kbench.model.RunStatus;
import io.kbench.result.RunResult;
import io.kbench.util.Errors;
import io.kbench.workload.WorkloadLoader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

/** {@code bin/benchmark}: runs each workload against each driver and writes one result per run. */
@Command(
        name = "benchmark",
        // The subcommands inherit these attributes, from mixinStandardHelpOptions to usageHelpAutoWidth.
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = BenchmarkCommand.VersionProvider.class,
        defaultValueProvider = OptionDefaults.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Runs benchmark workloads against Kafka and writes one result JSON per run.",
            "Without --drivers, a Kafka cluster is started on 127.0.0.1 for the run (driver-kafka/kafka-local.yaml).",
            "Each run also writes a self-contained HTML report next to its result (<result>.html; --no-report: none).",
            "Subcommands: find-max (the highest rate within an SLO), sweep (parameter sweeps),",
            "report (HTML report and comparison of results), size (sizing), compare (the regression gate),",
            "history (trends of a results directory), recover (the result of a run whose coordinator was lost)."
        },
        footer = {
            "",
            "Exit status: 0 every run completed; 1 a run failed or was interrupted (its partial result is written, in "
                    + "failed/ under --output-dir); 2 bad input or unusable workers (nothing was run); 3 a run was degraded (unacknowledged, "
                    + "lost, duplicated or reordered messages); 4 a CKU check (--cku or the workload's cku) ended FAIL.",
            "",
            "Examples:",
            "  bin/benchmark workloads/simple.yaml",
            "  KAFKA_BOOTSTRAP_SERVERS=b-1.example:9092 bin/benchmark --drivers driver-kafka/kafka.yaml workloads/1000-partitions.yaml"
        })
public final class BenchmarkCommand implements Callable<Integer> {

    static final int EXIT_OK = 0;
    static final int EXIT_RUN_FAILED = 1;
    static final int EXIT_BAD_INPUT = 2;
    static final int EXIT_DEGRADED = 3;
    static final int EXIT_CKU_FAILED = 4;

    @Parameters(paramLabel = "WORKLOAD.yaml", arity = "0..*", description = "Workload files (OpenMessaging Benchmark format).")
    List<Path> workloads;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Result file (only with one workload and one driver). An existing file is never replaced: a number is added.")
    Path output;

    @Mixin
    RunCommandOptions options = new RunCommandOptions();

    private final PrintStream out;
    private final PrintStream err;
    private final CommandEnv env;

    public BenchmarkCommand(CommandEnv env) {
        this.env = env;
        this.out = env.out();
        this.err = env.err();
    }

    /** The command with its subcommands, printing to {@code out}/{@code err}, its runs on the system clock. */
    public static CommandLine commandLine(PrintStream out, PrintStream err, StopSignal stop) {
        return commandLine(CommandEnv.of(out, err, stop));
    }

    /** The command with its subcommands, in {@code env}. */
    public static CommandLine commandLine(CommandEnv env) {
        PrintStream out = env.out();
        PrintStream err = env.err();
        BenchmarkCommand root = new BenchmarkCommand(env);
        CommandLine cl = new CommandLine(root);
        root.options.addFeatureOptions(cl);
        // The features' commands that run workloads, then sweep, then the features' other commands, then report.
        FeatureCommands.add(cl, true, env);
        SweepCommand sweepCommand = new SweepCommand(env);
        CommandLine sweep = new CommandLine(sweepCommand);
        sweepCommand.options.addFeatureOptions(sweep);
        cl.addSubcommand("sweep", sweep);
        FeatureCommands.add(cl, false, env);
        return cl.addSubcommand("report", new ReportCommand(out, err))
                .addSubcommand("recover", new RecoverCommand(out, err))
                .addSubcommand("compare", new CompareCommand(out, err))
                .addSubcommand("history", new HistoryCommand(out, err))
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .setExecutionExceptionHandler((error, commandLine, parseResult) -> {
                    // A bug, not bad input: one line (the details with -Dkbench.debug=true), never a stack trace.
                    commandLine.getErr().println("error: " + Errors.describeForUser(error)
                            + " (set -Dkbench.debug=true for details)");
                    if (Boolean.getBoolean("kbench.debug")) {
                        error.printStackTrace(commandLine.getErr());
                    }
                    return EXIT_RUN_FAILED;
                });
    }

    @Override
    public Integer call() {
        if (workloads == null || workloads.isEmpty()) {
            err.println("Missing WORKLOAD.yaml: give one or more workload files, e.g. bin/benchmark workloads/simple.yaml"
                    + " (bin/benchmark --help lists the options)");
            return EXIT_BAD_INPUT;
        }
        return new WorkloadRuns(env, options).run(workloads, output,
                new WorkloadLoader(new PlaceholderResolver()), options.runOptions());
    }

    /**
     * 0 for a completed run with its result written, 3 for a degraded one, 4 when its CKU check ended
     * FAIL (so scripts that validate a cluster see the verdict), else 1.
     */
    static int exitCode(WrittenResult outcome) {
        if (outcome == null || outcome.file() == null) {
            return EXIT_RUN_FAILED;
        }
        RunResult r = outcome.result();
        RunStatus status = r.outcome().status();
        if (status == RunStatus.FAILED || status == RunStatus.INTERRUPTED) {
            return EXIT_RUN_FAILED;
        }
        if (r.sections().byType().values().stream().anyMatch(s -> s instanceof CheckVerdict v && !v.passed())) {
            return EXIT_CKU_FAILED;
        }
        return status == RunStatus.DEGRADED ? EXIT_DEGRADED : EXIT_OK;
    }

    /** The exit code of several runs: failures outrank failed CKU checks, then degraded runs, then completed ones. */
    static int worse(int a, int b) {
        return a == EXIT_RUN_FAILED || b == EXIT_RUN_FAILED ? EXIT_RUN_FAILED : Math.max(a, b);
    }

    /** Thrown to end a command early with an exit code after printing why. */
    static final class BadInput extends Exception {
        final int exitCode;

        BadInput(int exitCode) {
            super(null, null, false, false);
            this.exitCode = exitCode;
        }
    }

    /** Connects to and checks the remote workers, if any; prints problems and throws {@link BadInput}. */
    static RemoteWorkers connectWorkers(RunCommandOptions options, Console console, PrintStream err) throws BadInput {
        RemoteWorkers remote;
        try {
            remote = options.remoteWorkers();
        } catch (ConfigException | IllegalArgumentException e) {
            err.println(e.getMessage());
            throw new BadInput(EXIT_BAD_INPUT);
        }
        if (remote != null && options.dns.given()) {
            try {
                remote.addDiscovered(options.dns.discover(remote, console));
            } catch (WorkerDiscovery.NotFound e) {
                err.println(e.getMessage());
                remote.close();
                // None found: the name is wrong (bad input); some found but too few answering: the deployment is late.
                throw new BadInput(e.nothingResolved() ? EXIT_BAD_INPUT : EXIT_RUN_FAILED);
            }
        }
        if (remote != null) {
            try {
                remote.check(console);
            } catch (RuntimeException e) {
                err.println("Not starting: " + e.getMessage());
                remote.close();
                throw new BadInput(EXIT_BAD_INPUT); // nothing ran: the workers cannot be used as given
            }
        }
        return remote;
    }

    static final class VersionProvider implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"kbench " + Versions.tool()};
        }
    }
}
