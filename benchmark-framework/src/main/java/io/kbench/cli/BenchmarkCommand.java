package io.kbench.cli;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import io.kbench.coordinator.Console;
import io.kbench.coordinator.Coordinator;
import io.kbench.coordinator.RunOptions;
import io.kbench.coordinator.RunSpec;
import io.kbench.coordinator.StopSignal;
import io.kbench.driver.DriverException;
import io.kbench.result.ResultWriter;
import io.kbench.result.RunResult;
import io.kbench.result.RunStatus;
import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import io.kbench.util.Redactor;
import io.kbench.worker.DriverLoader;
import io.kbench.worker.LocalWorker;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import io.kbench.workload.LoadedWorkload;
import io.kbench.workload.WorkloadLoader;
import io.kbench.workload.WorkloadOverrides;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/benchmark}: runs each workload against each driver and writes one result per run. */
@Command(
        name = "benchmark",
        mixinStandardHelpOptions = true,
        versionProvider = BenchmarkCommand.VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Runs benchmark workloads against Kafka and writes one result JSON per run.",
            "Without --drivers, a Kafka cluster is started on 127.0.0.1 for the run (driver-kafka/kafka-local.yaml)."
        },
        footer = {
            "",
            "Exit status: 0 every run completed; 1 a run failed or was interrupted (its partial result is written);",
            "2 bad input (nothing was run).",
            "Examples:",
            "  bin/benchmark workloads/simple.yaml",
            "  KAFKA_BOOTSTRAP_SERVERS=b-1.example:9092 bin/benchmark --drivers driver-kafka/kafka.yaml workloads/1000-partitions.yaml"
        })
public final class BenchmarkCommand implements Callable<Integer> {

    static final int EXIT_OK = 0;
    static final int EXIT_RUN_FAILED = 1;
    static final int EXIT_BAD_INPUT = 2;

    @Parameters(paramLabel = "WORKLOAD.yaml", arity = "1..*", description = "Workload files (OpenMessaging Benchmark format).")
    List<Path> workloads;

    @Option(names = {"-d", "--drivers"}, split = ",", paramLabel = "FILE",
            description = "Driver files, comma-separated; each workload runs on each driver. Default: driver-kafka/kafka-local.yaml.")
    List<Path> drivers;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Result file (only with one workload and one driver). An existing file is never replaced: a number is added.")
    Path output;

    @Option(names = "--output-dir", paramLabel = "DIR", defaultValue = "results",
            description = "Directory for result files named after workload, driver and time (default: ${DEFAULT-VALUE}).")
    Path outputDir;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Measure for this long instead of the workload's test duration or message count, e.g. 30s.")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Warm up for this long instead of the workload's warmup, e.g. 10s or 0s.")
    Duration warmup;

    @Option(names = "--progress-interval", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "5s",
            description = "How often to print progress and collect stats (default: ${DEFAULT-VALUE}).")
    Duration progressInterval;

    @Option(names = "--drain-timeout", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "60s",
            description = "After producers stop, wait at most this long for in-flight and unconsumed messages (default: ${DEFAULT-VALUE}).")
    Duration drainTimeout;

    @Option(names = "--keep-topics", description = "Keep the topics after the run instead of deleting them.")
    boolean keepTopics;

    @Option(names = "--workers", split = ",", paramLabel = "URL",
            description = "Worker agents (bin/benchmark-worker) to run the load on, comma-separated, e.g. http://10.0.0.5:8080. "
                    + "Default: run in this process.")
    List<String> workerUrls;

    @Option(names = "--workers-file", paramLabel = "FILE",
            description = "YAML file listing workers: 'workers:', and optionally 'producerWorkers:' and 'consumerWorkers:' (dedicated roles).")
    Path workersFile;

    @Option(names = "--producer-workers", split = ",", paramLabel = "URL", description = "Workers that only run producers.")
    List<String> producerWorkerUrls;

    @Option(names = "--consumer-workers", split = ",", paramLabel = "URL", description = "Workers that only run consumers.")
    List<String> consumerWorkerUrls;

    @Option(names = "--worker-token-file", paramLabel = "FILE",
            description = "File holding the workers' bearer token (instead of the KBENCH_WORKER_TOKEN variable).")
    Path workerTokenFile;

    @Option(names = "--worker-truststore", paramLabel = "FILE.p12",
            description = "PKCS12 truststore for https:// workers (password in KBENCH_TLS_TRUSTSTORE_PASSWORD).")
    Path workerTruststore;

    @Option(names = "--worker-lease", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "15s",
            description = "Workers stop all load when they hear nothing from this coordinator for this long; a worker silent "
                    + "this long fails the run (default: ${DEFAULT-VALUE}).")
    Duration workerLease;

    private final PrintStream out;
    private final PrintStream err;
    private final StopSignal stop;

    public BenchmarkCommand(PrintStream out, PrintStream err, StopSignal stop) {
        this.out = out;
        this.err = err;
        this.stop = stop;
    }

    public BenchmarkCommand() {
        this(System.out, System.err, new StopSignal());
    }

    @Override
    public Integer call() {
        Console console = new Console(out);
        boolean distributed = workerUrls != null || workersFile != null || producerWorkerUrls != null || consumerWorkerUrls != null;
        // Driver files are resolved where the driver runs: with remote workers, a variable unset here may be set there.
        PlaceholderResolver resolver = new PlaceholderResolver(System::getenv, distributed);
        List<LoadedWorkload> loadedWorkloads = new ArrayList<>();
        List<DriverSession> sessions = new ArrayList<>();
        try {
            if (output != null && workloads.size() * driverFiles().size() > 1) {
                err.println("--output names one file, but there are " + workloads.size() * driverFiles().size()
                        + " runs: use --output-dir instead");
                return EXIT_BAD_INPUT;
            }
            if (progressInterval.toMillis() < 100) {
                err.println("--progress-interval must be at least 100ms");
                return EXIT_BAD_INPUT;
            }
            // Validate everything before touching any cluster.
            WorkloadLoader workloadLoader = new WorkloadLoader(new PlaceholderResolver()); // workloads are used here: strict
            WorkloadOverrides overrides = new WorkloadOverrides(duration, warmup);
            for (Path w : workloads) {
                loadedWorkloads.add(workloadLoader.load(w, overrides));
            }
            DriverLoader driverLoader = new DriverLoader(resolver);
            Redactor redactor = Redactor.global();
            for (Path d : driverFiles()) {
                sessions.add(DriverSession.validate(d, driverLoader, redactor));
            }
        } catch (ConfigException | DriverException e) {
            err.println(e.getMessage());
            return EXIT_BAD_INPUT;
        }
        if (!resolver.unsetVariables().isEmpty()) {
            console.line("Note: %s not set here; every worker must have %s set.", String.join(", ", resolver.unsetVariables()),
                    resolver.unsetVariables().size() == 1 ? "it" : "them");
        }

        RemoteWorkers remote;
        try {
            remote = remoteWorkers(new PlaceholderResolver());
        } catch (ConfigException | IllegalArgumentException e) {
            err.println(e.getMessage());
            sessions.forEach(DriverSession::close);
            return EXIT_BAD_INPUT;
        }
        if (remote != null) {
            try {
                remote.check(console);
            } catch (RuntimeException e) {
                err.println("Not starting: " + e.getMessage());
                remote.close();
                sessions.forEach(DriverSession::close);
                return EXIT_RUN_FAILED;
            }
        }
        this.remote = remote;
        boolean allCompleted = true;
        try {
            for (DriverSession session : sessions) {
                for (LoadedWorkload workload : loadedWorkloads) {
                    if (stop.requested()) {
                        return EXIT_RUN_FAILED;
                    }
                    allCompleted &= runOne(session, workload, console);
                }
                session.close();
            }
        } finally {
            sessions.forEach(DriverSession::close);
            if (remote != null) {
                remote.close();
            }
        }
        return allCompleted ? EXIT_OK : EXIT_RUN_FAILED;
    }

    private RemoteWorkers remote;

    /** The remote workers named on the command line or in a workers file, or null to run in this process. */
    private RemoteWorkers remoteWorkers(PlaceholderResolver resolver) {
        WorkersFile fromFile = workersFile == null ? new WorkersFile(null, null, null)
                : new io.kbench.config.YamlBinder(resolver).bind(io.kbench.config.ConfigSource.read(workersFile), WorkersFile.class);
        List<String> any = new ArrayList<>(fromFile.workers());
        List<String> producers = new ArrayList<>(fromFile.producerWorkers());
        List<String> consumers = new ArrayList<>(fromFile.consumerWorkers());
        if (workerUrls != null) {
            any.addAll(workerUrls);
        }
        if (producerWorkerUrls != null) {
            producers.addAll(producerWorkerUrls);
        }
        if (consumerWorkerUrls != null) {
            consumers.addAll(consumerWorkerUrls);
        }
        WorkersFile all = new WorkersFile(any, producers, consumers);
        if (all.isEmpty()) {
            return null;
        }
        String token = Secrets.read("KBENCH_WORKER_TOKEN", workerTokenFile, "--worker-token-file");
        String truststorePassword = workerTruststore == null ? null : System.getenv("KBENCH_TLS_TRUSTSTORE_PASSWORD");
        return new RemoteWorkers(all, token, workerTruststore, truststorePassword);
    }

    private boolean runOne(DriverSession session, LoadedWorkload workload, Console console) {
        console.line("=== Workload %s (%s) on driver %s (%s) ===", workload.workload().name(), workload.file(),
                session.name(), session.fileName());
        try {
            session.provision(console::line);
        } catch (RuntimeException e) {
            err.println(Errors.describeForUser(e));
            return false;
        }
        BenchmarkClock clock = BenchmarkClock.system();
        WorkerEnsemble workers;
        try {
            workers = remote == null ? WorkerEnsemble.of(List.<Worker>of(LocalWorker.inProcess())) : remote.ensembleForRun(clock, console);
        } catch (RuntimeException e) {
            err.println("Not starting: " + Errors.describeForUser(e));
            return false;
        }
        RunSpec spec = new RunSpec(newRunId(), workload.workload(), workload.file(), workload.payload(), session.forWorkers(),
                session.name(), session.redactedConfig(), session.clusterDescription(), Versions.of(session.clientVersion()),
                RunOptions.defaults().withProgressInterval(progressInterval).withKeepTopics(keepTopics).withDrainTimeout(drainTimeout)
                        .withLease(workerLease),
                remote == null ? List.of() : remote.clocks());
        if (spec.cluster() != null) {
            console.line("Cluster: %s", spec.cluster());
        }
        RunResult result;
        try (workers) {
            result = new Coordinator(workers, clock, stop, console).run(spec);
        }
        FinalReport.print(result, console);
        try {
            Path written = ResultWriter.write(result, output, outputDir);
            console.line("Result written to %s", written);
        } catch (IOException e) {
            err.println("could not write the result file: " + e.getMessage());
            return false;
        }
        return result.status() == RunStatus.COMPLETED;
    }

    private List<Path> driverFiles() {
        if (drivers != null && !drivers.isEmpty()) {
            return drivers;
        }
        return List.of(Home.path().resolve("driver-kafka").resolve("kafka-local.yaml"));
    }

    private static String newRunId() {
        byte[] bytes = new byte[4];
        new SecureRandom().nextBytes(bytes);
        StringBuilder b = new StringBuilder();
        for (byte x : bytes) {
            b.append(String.format("%02x", x));
        }
        return b.toString();
    }

    static final class VersionProvider implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"kbench " + Versions.tool()};
        }
    }
}
