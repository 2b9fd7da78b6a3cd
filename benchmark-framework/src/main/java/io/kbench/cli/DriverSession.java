package io.kbench.cli;

import io.kbench.driver.ConsumerFeature;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializerBase;
import io.kbench.config.ConfigSource;
import io.kbench.config.DurationParser;
import io.kbench.driver.ClusterOperations;
import io.kbench.driver.DriverException;
import io.kbench.driver.Fault;
import io.kbench.driver.FaultType;
import io.kbench.driver.ProvisionedCluster;
import io.kbench.features.FaultApplier;
import io.kbench.secret.Redactor;
import io.kbench.worker.DriverFile;
import io.kbench.worker.DriverLoader;
import io.kbench.worker.LoadedDriver;
import io.kbench.workload.Workload;
import io.kbench.driver.SweepTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One driver file for the runs of one command: validated up front; when it asks for a cluster of
 * its own (a local KRaft cluster), that cluster is started once and shared by the runs, and the
 * workers get a driver file pointing at it.
 */
final class DriverSession implements AutoCloseable {

    // Durations of a driver's config (e.g. Kafka's transactionDuration) are written as the driver file has them (100ms),
    // which is what the workers' binder reads back.
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER))
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            .registerModule(new SimpleModule("kbench-driver-file").addSerializer(Duration.class, new ToStringSerializerBase(Duration.class) {
                @Override
                public String valueToString(Object value) {
                    return DurationParser.format((Duration) value);
                }
            }));

    private final DriverFile original;
    private final LoadedDriver<?> loaded;
    private final Map<String, Object> redactedConfig;
    private final Set<FaultType> expectedFaults = EnumSet.noneOf(FaultType.class);
    private ProvisionedCluster<?> cluster;
    private java.util.Optional<ClusterOperations> operations;
    private DriverFile forWorkers;

    /** What this driver lets a sweep set; written into each result so reports need not load the driver. */
    List<SweepTarget> settingGroups() {
        return loaded.driver().sweepTargets();
    }

    private DriverSession(DriverFile original, LoadedDriver<?> loaded, Map<String, Object> redactedConfig) {
        this.original = original;
        this.loaded = loaded;
        this.redactedConfig = redactedConfig;
    }

    /** Reads and validates a driver file; touches no cluster. */
    static DriverSession validate(Path file, DriverLoader loader, Redactor redactor) {
        ConfigSource source = ConfigSource.read(file);
        return validate(new DriverFile(source.name(), source.text(),
                source.baseDir() == null ? null : source.baseDir().toString()), loader, redactor);
    }

    /** Validates driver text, e.g. a driver file edited by a sweep; touches no cluster. */
    static DriverSession validate(DriverFile driverFile, DriverLoader loader, Redactor redactor) {
        LoadedDriver<?> loaded = loader.load(driverFile);
        return new DriverSession(driverFile, loaded, redactor.redact(rawTree(ConfigSource.of(driverFile.name(), driverFile.text()))));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> rawTree(ConfigSource source) {
        try {
            // Unresolved: a placeholder such as ${env:PASSWORD} is kept as written, never its value.
            return YAML.readValue(source.text(), Map.class);
        } catch (IOException e) {
            return Map.of();
        }
    }

    /**
     * Starts the driver's own cluster if it has one, ready for the kinds of fault the runs will
     * inject (announced by {@link #expectFaults} before the first run).
     */
    void provision(Consumer<String> progress) {
        if (forWorkers != null) {
            return;
        }
        cluster = provisionTyped(loaded, expectedFaults, progress);
        forWorkers = cluster == null ? original : serialize(cluster.workerConfig());
    }

    /** The runs of this session will inject these kinds of fault. */
    void expectFaults(Set<FaultType> types) {
        expectedFaults.addAll(types);
    }

    /** The largest record the driver's producers send with this file, bytes; empty when it sets no limit. */
    java.util.Optional<Integer> maxRecordBytes() {
        return maxRecordBytesTyped(loaded);
    }

    private static <C> java.util.Optional<Integer> maxRecordBytesTyped(LoadedDriver<C> driver) {
        return driver.driver().maxRecordBytes(driver.config());
    }

    /** Why the workload's faults cannot be injected into this session's cluster; empty when they can. */
    List<String> faultProblems(Workload workload) {
        return faultProblemsTyped(loaded, workload.faults().stream().map(f -> f.toFault(null)).toList());
    }

    /** Why the cluster of this driver file cannot hold the workload's partitions, or null (see BenchmarkDriver#partitionProblem). */
    String partitionProblem(long partitions) {
        return partitionProblemTyped(loaded, partitions);
    }

    private static <C> String partitionProblemTyped(LoadedDriver<C> driver, long partitions) {
        return driver.driver().partitionProblem(driver.config(), partitions).orElse(null);
    }

    private static <C> List<String> faultProblemsTyped(LoadedDriver<C> driver, List<Fault> faults) {
        return driver.driver().faultProblems(driver.config(), faults);
    }

    /** Applies a fault to the cluster this session started; fails when it started none. */
    String applyFault(Fault fault) {
        if (cluster == null) {
            throw new DriverException("faults need a cluster the run starts (a localCluster section in the driver file)");
        }
        return cluster.applyFault(fault);
    }

    /** The counters of the cluster this session started (e.g. bytes read from a remote tier); empty when it started none. */
    Map<String, Double> clusterMetrics() {
        return cluster == null ? Map.of() : cluster.metrics();
    }

    /** What the coordinator acts on the cluster through: faults, and the cluster's own counters. */
    FaultApplier clusterAccess() {
        return new FaultApplier() {
            @Override
            public String apply(Fault fault) {
                return applyFault(fault);
            }

            @Override
            public Map<String, Double> metrics() {
                return clusterMetrics();
            }

            @Override
            public java.util.Optional<ClusterOperations> operations() {
                return clusterOperations();
            }

            @Override
            public java.util.Optional<ProvisionedCluster<?>> startedCluster() {
                return java.util.Optional.ofNullable(cluster);
            }
        };
    }

    /** The admin interface to this session's cluster (the one it started, or the driver file's), opened on first use. */
    synchronized java.util.Optional<ClusterOperations> clusterOperations() {
        if (operations == null) {
            operations = cluster != null ? operationsTyped(loaded, cluster) : operationsTyped(loaded);
        }
        return operations;
    }

    private static <C> java.util.Optional<ClusterOperations> operationsTyped(LoadedDriver<C> driver) {
        return driver.driver().clusterOperations(driver.config());
    }

    @SuppressWarnings("unchecked")
    private static <C> java.util.Optional<ClusterOperations> operationsTyped(LoadedDriver<C> driver, ProvisionedCluster<?> started) {
        return driver.driver().clusterOperations(((ProvisionedCluster<C>) started).workerConfig());
    }

    /** Whether the driver file asks for a cluster the run starts (its operations then need no consent). */
    boolean startsCluster() {
        return startsClusterTyped(loaded);
    }

    private static <C> boolean startsClusterTyped(LoadedDriver<C> driver) {
        return driver.driver().startsCluster(driver.config());
    }

    private static <C> ProvisionedCluster<C> provisionTyped(LoadedDriver<C> driver, Set<FaultType> faults, Consumer<String> progress) {
        return driver.driver().provisionCluster(driver.config(), Set.copyOf(faults), progress).orElse(null);
    }

    private DriverFile serialize(Object workerConfig) {
        ObjectNode node = YAML.createObjectNode();
        node.put("name", loaded.name());
        node.put("driverClass", loaded.driver().getClass().getName());
        node.setAll((ObjectNode) YAML.valueToTree(workerConfig));
        try {
            return new DriverFile(original.name(), YAML.writeValueAsString(node), original.baseDir());
        } catch (IOException e) {
            throw new IllegalStateException("could not write the worker's driver config", e);
        }
    }

    /** The cluster's own metrics, when this session started it; empty otherwise or when it cannot say. */
    Map<String, Double> serverMetrics() {
        try {
            return cluster == null ? Map.of() : cluster.serverMetrics();
        } catch (RuntimeException e) {
            return Map.of();
        }
    }

    String name() {
        return loaded.name();
    }

    String fileName() {
        return original.name();
    }

    DriverFile forWorkers() {
        return forWorkers;
    }

    String clusterDescription() {
        return cluster == null ? null : cluster.description();
    }

    /** How long the driver's client keeps trying to deliver a message, or null if unknown. */
    Duration deliveryTimeout() {
        return deliveryTimeoutTyped(loaded);
    }

    private static <C> Duration deliveryTimeoutTyped(LoadedDriver<C> driver) {
        return driver.driver().deliveryTimeout(driver.config()).orElse(null);
    }

    /** What the driver can do with consumers beyond plain consumer group members. */
    Set<ConsumerFeature> consumerFeatures() {
        return loaded.driver().consumerFeatures();
    }

    String driverClassName() {
        return loaded.driver().getClass().getSimpleName();
    }

    String clientVersion() {
        return loaded.driver().clientVersion();
    }

    Map<String, Object> redactedConfig() {
        return redactedConfig;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (operations != null) {
                operations.ifPresent(ClusterOperations::close);
                operations = null;
            }
        }
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
        try {
            loaded.driver().close();
        } catch (Exception e) {
            // never initialized on the coordinator: nothing held
        }
    }
}
