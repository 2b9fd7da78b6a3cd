package io.kbench.cli;

import io.kbench.config.ConfigSource;
import io.kbench.config.PlaceholderResolver;
import io.kbench.config.YamlBinder;
import io.kbench.coordinator.CoordinatorOptions;
import io.kbench.secret.Secrets;
import io.kbench.workload.WorkloadOverrides;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.kbench.config.DurationConverter;
/** Options of every command that runs benchmarks (bin/benchmark and bin/benchmark sweep). */
public final class RunCommandOptions {

    @Option(names = {"-d", "--drivers"}, split = ",", paramLabel = "FILE",
            description = "Driver files, comma-separated; each workload runs on each driver. Default: driver-kafka/kafka-local.yaml.")
    List<Path> drivers;

    @Option(names = "--output-dir", paramLabel = "DIR",
            description = "Directory for result files named after workload, driver and time (default: ${DEFAULT-VALUE}).")
    Path outputDir;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Measure for this long instead of the workload's test duration or message count, e.g. 30s.")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Warm up for this long instead of the workload's warmup, e.g. 10s or 0s.")
    Duration warmup;

    @Option(names = "--scale", paramLabel = "FACTOR",
            description = "Multiply every workload's rates, message counts and backlog size by FACTOR (e.g. 0.01 to try a "
                    + "full-size study on a laptop); partitions and message sizes are kept.")
    Double scale;

    @Option(names = "--rate", paramLabel = "MSG_PER_SEC",
            description = "Replace every workload's producerRate: messages per second across all producers, -1 for unthrottled.")
    Double rate;

    @Option(names = "--existing-topics", split = ",", paramLabel = "TOPIC",
            description = "Run on these existing topics as they are (not created, not deleted), e.g. when the service "
                    + "forbids creating topics; partitions are read from the cluster. Replaces every workload's topics.")
    List<String> existingTopics;

    @Option(names = "--cku", paramLabel = "N",
            description = "The cluster is Confluent Cloud with N CKUs: print what N CKUs sustain and allow, warn about "
                    + "limits the workload breaks, and end with PASS or FAIL of the measured bandwidth (the CKU check). "
                    + "Sets the workloads' cku; without a producerRate the rate becomes N × 50 MB/s. A FAIL exits with "
                    + "status 4.")
    Integer cku;

    @Option(names = "--service-version", paramLabel = "LABEL",
            description = "The label written as the result's version, which the Redpanda fork's chart scripts use to tell "
                    + "series apart (version, driver, workload), e.g. --service-version kafka-4.3.1-tuned. Default: the "
                    + "cluster's version where the run knows it (a cluster it starts), else the driver's name, and the "
                    + "run's start time, so two runs of one workload never share a label.")
    String serviceVersion;

    @Option(names = "--progress-interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How often to print progress and collect stats (default: ${DEFAULT-VALUE}); a measurement that would "
                    + "make more than 4,000 progress periods gets a whole multiple of it.")
    Duration progressInterval;

    @Option(names = "--fixed-warmup",
            description = "Warm up exactly as long as the workload says. Without it the warmup goes on, up to --max-warmup, "
                    + "until the producers keep their schedule and publish p99 has settled.")
    boolean fixedWarmup;

    @Option(names = "--max-warmup", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "The longest a warmup may go on while waiting for steady state (default: 5 × the workload's warmup).")
    Duration maxWarmup;

    @Option(names = "--sample-interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Length of the periods the result keeps, for its time series and OMB's chart scripts, which assume "
                    + "10 s (default: 10s, or the workload's sampleRateMillis); a run that would make more than 2,000 gets a whole "
                    + "multiple of it (a week: 5 min 10 s). Progress lines come every --progress-interval.")
    Duration sampleInterval;

    @Option(names = "--drain-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "After producers stop, wait at most this long for in-flight and unconsumed messages (default: ${DEFAULT-VALUE}).")
    Duration drainTimeout;

    @Option(names = "--no-report",
            description = "Write no HTML report next to the results (by default a run writes <result>.html, a sweep report.html).")
    boolean noReport;

    @Option(names = "--keep-topics", description = "Keep the topics after the run instead of deleting them.")
    boolean keepTopics;

    @Option(names = "--keep-journal",
            description = "Keep the run journal (<result>.journal.jsonl: the periods as they were measured) after the result is "
                    + "written; by default it is removed then. A coordinator that dies leaves it: bin/benchmark recover reads it.")
    boolean keepJournal;

    @Option(names = "--delete-left-topics",
            description = "Before the run, delete the topics that runs which lost their coordinator left on the cluster, as "
                    + "their journals in --output-dir name them (without it, they are only listed).")
    boolean deleteLeftTopics;

    @Option(names = "--allow-operations",
            description = "Let the workload's operations (rolling restarts, reassignments, config changes) change a cluster "
                    + "kbench did not start; without it such a run is refused before anything starts. What they change is "
                    + "put back when the run ends (bin/benchmark recover puts it back after a crash).")
    boolean allowOperations;

    @Option(names = "--stall-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Fail the run when messages are in flight and none is acknowledged for this long; never longer "
                    + "than the producers' delivery.timeout.ms (default: ${DEFAULT-VALUE}).")
    Duration stallTimeout;

    @Option(names = "--max-unacked-percent", paramLabel = "PERCENT",
            description = "A run with more failed plus undelivered messages than this share of those sent is marked "
                    + "degraded, not completed (default: ${DEFAULT-VALUE}%%).")
    double maxUnackedPercent;

    @Option(names = "--no-integrity-check", negatable = false,
            description = "Do not stamp messages with producer id and sequence (16 more bytes of record header) and do not "
                    + "check consumed messages for losses, duplicates and reordering.")
    boolean noIntegrityCheck;

    @Option(names = "--print-metrics",
            description = "Print every client metric at the end, combined over all clients, like kafka-producer-perf-test "
                    + "--print-metrics (they are always in the result's clientMetrics).")
    boolean printMetrics;

    @Option(names = {"-v", "--verbose"},
            description = "Also print the log lines of the Kafka clients and other libraries on stderr as they come, with "
                    + "stack traces. Without it their warnings are summarised: the first of each kind once, the counts at "
                    + "the end of the run, all of them in the run's log file (next to its result).")
    boolean verbose;

    @Option(names = "--workers", split = ",", paramLabel = "URL",
            description = "Worker agents (bin/benchmark-worker) to run the load on, comma-separated, e.g. http://10.0.0.5:8080. "
                    + "Default: run in this process.")
    List<String> workerUrls;

    @Option(names = "--zones", split = ",", paramLabel = "ZONE",
            description = "Run in this process as one worker per zone, e.g. --zones az1,az2,az3: producers and consumers are "
                    + "spread over them as over remote workers, and each worker's clients say their zone to the cluster "
                    + "(Kafka: the consumers' client.rack). For a local cluster whose brokers are in zones (localCluster.racks).")
    List<String> localZones;

    @Option(names = "--workers-file", paramLabel = "FILE",
            description = "YAML file listing workers: 'workers:', and optionally 'producerWorkers:' and 'consumerWorkers:' (dedicated roles) "
                    + "and 'zones:' (each worker's zone, by its URL).")
    Path workersFile;

    @Mixin
    DnsWorkerOptions dns = new DnsWorkerOptions();

    @Option(names = "--producer-workers", split = ",", paramLabel = "URL", description = "Workers that only run producers.")
    List<String> producerWorkerUrls;

    @Option(names = "--consumer-workers", split = ",", paramLabel = "URL", description = "Workers that only run consumers.")
    List<String> consumerWorkerUrls;

    @Option(names = "--worker-token-file", paramLabel = "FILE",
            description = "File holding the workers' bearer token (instead of the KBENCH_WORKER_TOKEN variable).")
    Path workerTokenFile;

    @Option(names = "--worker-truststore", paramLabel = "FILE.p12",
            description = "PKCS12 truststore for https:// workers (password in KBENCH_TLS_TRUSTSTORE_PASSWORD or "
                    + "--worker-truststore-password-file).")
    Path workerTruststore;

    @Option(names = "--worker-truststore-password-file", paramLabel = "FILE",
            description = "File holding the truststore's password (instead of KBENCH_TLS_TRUSTSTORE_PASSWORD).")
    Path workerTruststorePasswordFile;

    @Option(names = "--worker-lease", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Workers stop all load when they hear nothing from this coordinator for this long; a worker silent "
                    + "this long fails the run (default: ${DEFAULT-VALUE}).")
    Duration workerLease;

    @Option(names = "--stats-port", paramLabel = "PORT",
            description = "Serve the run's merged figures (rate, latency percentiles, backlog, errors of the last period) and "
                    + "the JVM's metrics for Prometheus on http://ADDR:PORT/metrics while runs go on, as workers do with their "
                    + "--stats-port (0 picks a free one; default: none). See docs/guide/dashboards.md.")
    Integer statsPort;

    @Option(names = "--stats-bind", paramLabel = "ADDR", defaultValue = "127.0.0.1",
            description = "Interface of the --stats-port endpoint (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface, "
                    + "e.g. in a pod that Prometheus scrapes).")
    String statsBind;

    List<Path> driverFiles() {
        if (drivers != null && !drivers.isEmpty()) {
            return drivers;
        }
        return List.of(Home.path().resolve("driver-kafka").resolve("kafka-local.yaml"));
    }

    boolean distributed() {
        return workerUrls != null || workersFile != null || producerWorkerUrls != null || consumerWorkerUrls != null
                || dns.given();
    }

    WorkloadOverrides overrides() {
        return new WorkloadOverrides(duration, warmup, scale, cku, rate, existingTopics);
    }

    /** The features' own options of a run ({@link io.kbench.features.Feature#runOptions()}), added to the command as mixins. */
    final List<io.kbench.features.FeatureOptions> featureOptions = io.kbench.features.Features.all().stream()
            .flatMap(f -> f.runOptions().stream()).toList();

    /** Adds the features' options to {@code command}, whose mixin these options are. */
    void addFeatureOptions(picocli.CommandLine command) {
        for (io.kbench.features.FeatureOptions o : featureOptions) {
            command.addMixin("feature-" + o.getClass().getName(), o);
        }
    }

    CoordinatorOptions runOptions() {
        CoordinatorOptions options = coordinatorOptions();
        for (io.kbench.features.FeatureOptions o : featureOptions) {
            options = options.withSettings(o);
        }
        return options;
    }

    private CoordinatorOptions coordinatorOptions() {
        return CoordinatorOptions.defaults().withProgressInterval(progressInterval).withKeepTopics(keepTopics)
                .withDrainTimeout(drainTimeout).withLease(workerLease).withStallTimeout(stallTimeout)
                .withMaxUnackedRatio(maxUnackedPercent / 100).withCheckIntegrity(!noIntegrityCheck)
                .withSampleInterval(sampleInterval == null ? CoordinatorOptions.DEFAULT_SAMPLE_INTERVAL : sampleInterval)
                .withSampleIntervalGiven(sampleInterval != null).withWarmup(fixedWarmup, maxWarmup);
    }

    /** Problems with the options themselves, or null. */
    String problem() {
        if (progressInterval.toMillis() < 100) {
            return "--progress-interval must be at least 100ms";
        }
        if (sampleInterval != null && sampleInterval.toMillis() < 100) {
            return "--sample-interval must be at least 100ms, e.g. 10s";
        }
        if (stallTimeout.toSeconds() < 1) {
            return "--stall-timeout must be at least 1s, e.g. 30s";
        }
        if (!(maxUnackedPercent >= 0 && maxUnackedPercent <= 100)) {
            return "--max-unacked-percent must be between 0 and 100, e.g. 0.1";
        }
        if (scale != null && !(scale > 0)) {
            return "--scale must be a number above 0, e.g. 0.1";
        }
        if (cku != null && cku < 1) {
            return "--cku must be at least 1 (the cluster's CKU count), got " + cku;
        }
        if (localZones != null) {
            if (distributed()) {
                return "--zones places the workers of this process; remote workers say their own zone (bin/benchmark-worker --zone, "
                        + "or zones: in the workers file): drop --zones or the remote workers";
            }
            if (localZones.stream().anyMatch(z -> z == null || z.isBlank()) || localZones.isEmpty()) {
                return "--zones needs zone names separated by commas, e.g. --zones az1,az2,az3, got '" + String.join(",", localZones) + "'";
            }
            if (new HashSet<>(localZones()).size() != localZones.size()) {
                return "--zones names a zone twice (" + String.join(",", localZones) + "): give each of this process's workers its own zone";
            }
        }
        if (statsPort != null && (statsPort < 0 || statsPort > 65535)) {
            return "--stats-port must be a port number from 0 to 65535 (0 picks a free one), got " + statsPort;
        }
        if (dns.problem() != null) {
            return dns.problem();
        }
        return featureOptions.stream().map(io.kbench.features.FeatureOptions::problem).filter(java.util.Objects::nonNull)
                .findFirst().orElse(null);
    }

    /** The zones of this process's workers ({@code --zones}), one worker each; empty for one worker without a zone. */
    List<String> localZones() {
        return localZones == null ? List.of() : localZones.stream().map(String::trim).toList();
    }

    /**
     * The remote workers named on the command line or in a workers file, or null to run in this process. Workers
     * found by DNS are added by {@link BenchmarkCommand#connectWorkers}.
     */
    RemoteWorkers remoteWorkers() {
        WorkersFile fromFile = workersFile == null ? new WorkersFile(null, null, null)
                : new YamlBinder(new PlaceholderResolver()).bind(ConfigSource.read(workersFile), WorkersFile.class);
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
        WorkersFile all = new WorkersFile(any, producers, consumers, fromFile.zones());
        if (all.isEmpty() && !dns.given()) {
            return null;
        }
        String token = Secrets.read("KBENCH_WORKER_TOKEN", workerTokenFile, "--worker-token-file");
        String truststorePassword = workerTruststore == null ? null
                : Secrets.read("KBENCH_TLS_TRUSTSTORE_PASSWORD", workerTruststorePasswordFile, "--worker-truststore-password-file");
        return new RemoteWorkers(all, token, workerTruststore, truststorePassword);
    }
}
