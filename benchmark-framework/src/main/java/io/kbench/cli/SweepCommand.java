package io.kbench.cli;

import io.kbench.config.ConfigException;
import io.kbench.config.ConfigSource;
import io.kbench.config.PlaceholderResolver;
import io.kbench.coordinator.Console;
import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.DriverException;
import io.kbench.driver.SweepTarget;
import io.kbench.logging.ToolLogging;
import io.kbench.sweep.Combination;
import io.kbench.sweep.DurationEstimate;
import io.kbench.sweep.ParameterForms;
import io.kbench.sweep.SweepDefinition;
import io.kbench.sweep.SweepEdits;
import io.kbench.sweep.SweepLayout;
import io.kbench.sweep.SweepTable;
import io.kbench.secret.Redactor;
import io.kbench.worker.DriverFile;
import io.kbench.worker.DriverLoader;
import io.kbench.workload.LoadedWorkload;
import io.kbench.workload.spec.RunSpecs;
import io.kbench.workload.WorkloadLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/benchmark sweep SWEEP.yaml}: runs every combination of a sweep file's parameter values,
 * each {@code repeat} times, and keeps a table of the results (mean ± standard deviation per
 * combination) up to date after every run. Rerun after an interruption, it runs only what is missing.
 */
@Command(
        name = "sweep",
        description = {
            "Runs every combination of the parameter values in a sweep file, each repeated, and writes a table of the results.",
            "Results go to <output-dir>/<sweep name>/runs/, the table to table.md and table.csv next to it.",
            "Rerun the same command after an interruption: completed runs are kept, the others run again."
        },
        footer = {
            "",
            "Sweep file:",
            "  name: record-size                  # default: the file name",
            "  workload: ../record-size.yaml      # the base workload, relative to the sweep file",
            "  drivers: [../../driver-kafka/kafka-local.yaml]   # optional; --drivers replaces them",
            "  repeat: 5                          # default 1",
            "  parameters:                        # every combination runs, the first parameter varying slowest",
            "    messageSize: [1, 10, 50, 100, 1000]",
            "    producer.batch.size: [8196]      # <prefix>.<key> as the driver declares, or driver.<field>",
            "    # the Kafka driver's prefixes: producer, consumer, common, topic, broker",
            "",
            "Exit status: 0 every run completed; 1 a run failed, was interrupted or could not run (a failed run's result "
                    + "goes to runs/failed/); 2 bad input or unusable workers (nothing was run); 3 a run was degraded; "
                    + "4 a CKU check ended FAIL.",
            "Example:",
            "  bin/benchmark sweep workloads/sweeps/record-size.yaml"
        })
public final class SweepCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SWEEP.yaml", arity = "1", description = "The sweep file.")
    Path sweepFile;

    @Option(names = "--repeat", paramLabel = "N", description = "Run each combination N times instead of the file's repeat.")
    Integer repeat;

    @Option(names = "--plan", description = "Check every combination and print the runs and the estimated time; run nothing.")
    boolean planOnly;

    @Option(names = "--yes", description = "Start even if the sweep is estimated to take more than an hour.")
    boolean yes;

    @Mixin
    RunCommandOptions options = new RunCommandOptions();

    private final PrintStream out;
    private final PrintStream err;
    private final CommandEnv env;

    public SweepCommand(CommandEnv env) {
        this.env = env;
        this.out = env.out();
        this.err = env.err();
    }

    /** One combination ready to run: its workload as it will run and its driver session. */
    private record Prepared(Combination combination, LoadedWorkload workload, DriverSession session) {}

    /** One combination × repeat still to run. */
    private record Pending(Prepared prepared, int repeat, SweepLayout.Decision decision) {}

    @Override
    public Integer call() {
        Console console = new Console(out);
        if (options.problem() != null) {
            err.println(options.problem());
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        if (repeat != null && repeat < 1) {
            err.println("--repeat must be at least 1, got " + repeat);
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        SweepDefinition sweep;
        try {
            sweep = SweepDefinition.read(sweepFile);
        } catch (ConfigException e) {
            err.println(e.getMessage());
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        if (repeat != null) {
            sweep = sweep.withRepeat(repeat);
        }
        List<Path> drivers;
        if (options.drivers != null && !options.drivers.isEmpty()) {
            if (!sweep.driverFiles().isEmpty()) {
                console.line("Note: --drivers replaces the drivers named in %s", sweepFile);
            }
            drivers = options.drivers;
        } else {
            drivers = sweep.driverFiles().isEmpty() ? options.driverFiles() : sweep.driverFiles();
        }
        List<Combination> combinations = sweep.combinations(drivers);

        // Validate every combination before touching any cluster.
        PlaceholderResolver resolver = new PlaceholderResolver(System::getenv, options.distributed());
        Map<String, DriverSession> sessions = new LinkedHashMap<>();
        List<Prepared> prepared = prepare(sweep, combinations, resolver, sessions);
        if (prepared == null) {
            sessions.values().forEach(DriverSession::close);
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }
        WorkloadRuns.notePlaceholders(resolver, console);

        SweepLayout layout = new SweepLayout(options.outputDir, sweep.name());
        List<Pending> pending = new ArrayList<>();
        int completedBefore = 0;
        for (Prepared p : prepared) {
            for (int k = 1; k <= sweep.repeat(); k++) {
                SweepLayout.Decision d = SweepLayout.decide(layout.runFile(p.combination(), k));
                if (d == SweepLayout.Decision.SKIP) {
                    completedBefore++;
                } else {
                    pending.add(new Pending(p, k, d));
                }
            }
        }
        // Runs sharing a driver configuration run one after the other, so each local cluster starts once.
        List<Pending> order = new ArrayList<>();
        for (DriverSession s : sessions.values()) {
            pending.stream().filter(p -> p.prepared().session() == s).forEach(order::add);
        }

        int total = combinations.size() * sweep.repeat();
        console.line("Sweep %s: %d combination%s × %d repeat%s = %d runs; results in %s", sweep.name(), combinations.size(),
                combinations.size() == 1 ? "" : "s", sweep.repeat(), sweep.repeat() == 1 ? "" : "s", total, layout.dir());
        if (completedBefore > 0) {
            console.line("Resuming: %d of %d runs already completed, %d to run", completedBefore, total, order.size());
        }
        DurationEstimate estimate = DurationEstimate.of(order.stream().map(p -> RunSpecs.of(p.prepared().workload().workload())).toList());
        if (!order.isEmpty()) {
            console.line("Estimated time: %s", estimate.describe());
        }
        if (planOnly) {
            for (Pending p : order) {
                console.line("  %s, repeat %d", p.prepared().combination().label(), p.repeat());
            }
            console.line("Plan only (--plan): every combination is valid; nothing was run.");
            sessions.values().forEach(DriverSession::close);
            return BenchmarkCommand.EXIT_OK;
        }
        if (estimate.needsConfirmation() && !yes) {
            err.println("This sweep would take " + DurationEstimate.format(estimate.known()) + " (more than 1 hour). Start it"
                    + " with --yes, or cap it: fewer parameter values, a shorter --duration (e.g. --duration 30s --warmup 10s),"
                    + " or fewer repeats (--repeat 2).");
            sessions.values().forEach(DriverSession::close);
            return BenchmarkCommand.EXIT_BAD_INPUT;
        }

        List<RunQueue.Planned> runs = new ArrayList<>();
        Map<RunQueue.Planned, Pending> pendingOf = new IdentityHashMap<>();
        for (int i = 0; i < order.size(); i++) {
            Pending p = order.get(i);
            Combination c = p.prepared().combination();
            RunQueue.Planned run = new RunQueue.Planned(p.prepared().session(), p.prepared().workload(),
                    layout.runFile(c, p.repeat()), false,
                    String.format(Locale.ROOT, "Run %d of %d: %s, repeat %d/%d", i + 1, order.size(), c.label(), p.repeat(), sweep.repeat()));
            runs.add(run);
            pendingOf.put(run, p);
        }
        SweepDefinition swept = sweep;
        writeTable(sweep, combinations, layout);
        // One report of all runs next to the table, instead of one per run.
        int exit = new RunQueue(console, env, options, ToolLogging.process(), Redactor.process()).run(runs, sessions.values(),
                options.runOptions(), new FinalOutputs(options.printMetrics, false, options.serviceVersion), null,
                new RunQueue.Around() {
                    @Override
                    public boolean before(RunQueue.Planned run) {
                        if (pendingOf.get(run).decision() != SweepLayout.Decision.RUN_AGAIN) {
                            return true;
                        }
                        try {
                            console.line("(the earlier attempt, %s, is kept as %s)", SweepLayout.status(run.resultFile()),
                                    SweepLayout.setAside(run.resultFile()).getFileName());
                            return true;
                        } catch (IOException e) {
                            err.println("cannot move the earlier result " + run.resultFile() + " aside: " + e.getMessage());
                            return false;
                        }
                    }

                    @Override
                    public void after(RunQueue.Planned run, WrittenResult outcome) {
                        writeTable(swept, combinations, layout);
                    }
                });
        if (exit == BenchmarkCommand.EXIT_BAD_INPUT) {
            return exit; // the workers could not be used: nothing ran
        }

        SweepTable table = writeTable(sweep, combinations, layout);
        console.line("");
        console.line("=== Sweep %s: %s and %s ===", sweep.name(), layout.markdownTable(), layout.csvTable().getFileName());
        if (table != null) {
            out.print(table.markdown());
            out.flush();
        }
        if (!options.noReport && Files.isDirectory(layout.runsDir())) {
            RunReports.write(List.of(layout.runsDir()), layout.htmlReport(), console);
        }
        if (exit == BenchmarkCommand.EXIT_RUN_FAILED || exit == BenchmarkCommand.EXIT_DEGRADED) {
            console.line("Not every run completed: rerun the same command to run the missing ones (completed runs are kept).");
        }
        return exit;
    }

    /**
     * Applies every combination to the base workload and driver files and loads the results like
     * hand-written files; one driver session per distinct driver text. Prints every problem and
     * returns null if there is any.
     */
    private List<Prepared> prepare(SweepDefinition sweep, List<Combination> combinations, PlaceholderResolver resolver,
                                   Map<String, DriverSession> sessions) {
        ConfigSource baseWorkload;
        Map<Path, ConfigSource> baseDrivers = new LinkedHashMap<>();
        try {
            baseWorkload = read(sweep.workloadFile());
            for (Combination c : combinations) {
                if (!baseDrivers.containsKey(c.driverFile())) {
                    baseDrivers.put(c.driverFile(), read(c.driverFile()));
                }
            }
        } catch (ConfigException e) {
            err.println(sweep.source().name() + ": " + e.getMessage());
            return null;
        }
        DriverLoader driverLoader = new DriverLoader(resolver);
        Map<Path, List<SweepTarget>> targets = sweepTargets(sweep, baseDrivers, driverLoader);
        if (targets == null) {
            return null;
        }
        WorkloadLoader workloadLoader = new WorkloadLoader(new PlaceholderResolver()); // workloads are used here: strict
        Map<String, String> problems = new LinkedHashMap<>(); // problem -> first combination showing it
        int failing = 0;
        List<Prepared> prepared = new ArrayList<>();
        for (Combination c : combinations) {
            String problem = null;
            LoadedWorkload workload = null;
            DriverSession session = null;
            ConfigSource baseDriver = baseDrivers.get(c.driverFile());
            ConfigSource editing = baseWorkload;
            try {
                String text = SweepEdits.workload(baseWorkload.text(), c.settings());
                workload = load(workloadLoader, new ConfigSource(baseWorkload.name(), text, baseWorkload.baseDir()),
                        !text.equals(baseWorkload.text()));
                editing = baseDriver;
                String driverText = SweepEdits.driver(baseDriver.text(), c.settings(), targets.get(c.driverFile()));
                String key = baseDriver.name() + "\u0000" + driverText;
                session = sessions.get(key);
                if (session == null) {
                    session = validateDriver(driverLoader, baseDriver, driverText);
                    sessions.put(key, session);
                }
                problem = DriverFit.problem(session, workload, options.allowOperations);
            } catch (SweepEdits.EditException e) {
                problem = editing.name() + ": " + e.getMessage();
            } catch (ConfigException e) {
                problem = e.getMessage();
            }
            if (problem != null) {
                failing++;
                problems.putIfAbsent(problem, c.label());
            } else {
                prepared.add(new Prepared(c, workload, session));
            }
        }
        if (problems.isEmpty()) {
            return prepared;
        }
        String sweepName = sweep.source().name();
        err.println(sweepName + ": " + failing + " of " + combinations.size() + " combination" + (combinations.size() == 1 ? "" : "s")
                + " cannot run (nothing was run):");
        int shown = 0;
        for (Map.Entry<String, String> e : problems.entrySet()) {
            if (shown++ == 10) {
                err.println("  ... and " + (problems.size() - 10) + " more problems");
                break;
            }
            err.println("  " + e.getValue() + ": " + e.getKey());
        }
        return null;
    }

    /**
     * What each driver lets a sweep set ({@code <prefix>.<key>} forms), once the sweep's parameters
     * are checked against it; null after printing the first problem.
     */
    private Map<Path, List<SweepTarget>> sweepTargets(SweepDefinition sweep, Map<Path, ConfigSource> drivers, DriverLoader loader) {
        Map<Path, List<SweepTarget>> targets = new HashMap<>();
        try {
            for (Map.Entry<Path, ConfigSource> d : drivers.entrySet()) {
                ConfigSource file = d.getValue();
                BenchmarkDriver<?> driver = loader.driverOf(new DriverFile(file.name(), file.text(),
                        file.baseDir() == null ? null : file.baseDir().toString()));
                ParameterForms forms = new ParameterForms(file.name(), driver.sweepTargets());
                sweep.checkParameters(forms);
                targets.put(d.getKey(), forms.targets());
            }
        } catch (ConfigException | IllegalArgumentException e) { // the latter: a driver declaring a prefix twice
            err.println(e.getMessage());
            return null;
        }
        return targets;
    }

    /** Reads a file, naming it relative to the working directory when it is inside it. */
    private static ConfigSource read(Path file) {
        Path cwd = Path.of("").toAbsolutePath();
        Path absolute = file.toAbsolutePath().normalize();
        return ConfigSource.read(absolute.startsWith(cwd) && !absolute.equals(cwd) ? cwd.relativize(absolute) : absolute);
    }

    private LoadedWorkload load(WorkloadLoader loader, ConfigSource source, boolean edited) {
        try {
            return loader.load(source, options.overrides());
        } catch (ConfigException e) {
            throw edited ? withoutLines(source.name(), e) : e;
        }
    }

    private DriverSession validateDriver(DriverLoader loader, ConfigSource base, String text) {
        boolean edited = !text.equals(base.text());
        try {
            return DriverSession.validate(new DriverFile(base.name(), text, base.baseDir() == null ? null : base.baseDir().toString()),
                    loader, Redactor.process());
        } catch (ConfigException e) {
            throw edited ? withoutLines(base.name(), e) : e;
        } catch (DriverException e) {
            throw ConfigException.of(base.name() + (edited ? " (as edited)" : ""), e.getMessage());
        }
    }

    /** An error in an edited file: its line numbers would point into the edited text, not the file. */
    private static ConfigException withoutLines(String name, ConfigException e) {
        String problem = e.problem().replaceAll("(?m)^(\\s*)line \\d+: ", "$1");
        return ConfigException.of(name + " (as edited)", problem);
    }

    private SweepTable writeTable(SweepDefinition sweep, List<Combination> combinations, SweepLayout layout) {
        SweepTable table = SweepTable.read(sweep.parameters(), combinations, sweep.repeat(), layout);
        try {
            table.write(layout);
        } catch (IOException e) {
            err.println("could not write the sweep table in " + layout.dir() + ": " + e.getMessage());
        }
        return table;
    }
}
