package io.kbench.cli;

import io.kbench.driver.ConsumerFeature;
import io.kbench.workload.ConsumerNeeds;
import io.kbench.workload.FaultSpec;
import io.kbench.workload.OperationSpec;
import io.kbench.workload.LargestRecord;
import io.kbench.workload.LoadedWorkload;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks, before anything starts and without a cluster, that a workload can run on a driver file: its partitions
 * fit the cluster the run would start on this machine (the driver's {@code partitionProblem}), its faults
 * can be injected into the cluster (one the run starts, with enough brokers; the driver is then told which
 * kinds to prepare for), and the driver offers what the subscription and consumer events need (share groups,
 * a group protocol, static membership, a session timeout, closing as a crash: its {@code consumerFeatures()}).
 * Whether the cluster has them (e.g. share groups switched on) the driver says when the run prepares them.
 */
final class DriverFit {

    private DriverFit() {}

    /** @return the first problem, naming the workload file (and line) and the driver file; null when the workload fits */
    static String problem(DriverSession session, LoadedWorkload workload, boolean allowOperations) {
        String problem = operationProblem(session, workload, allowOperations);
        problem = problem != null ? problem : faultProblem(session, workload);
        problem = problem != null ? problem : partitionProblem(session, workload);
        problem = problem != null ? problem : recordSizeProblem(session, workload);
        return problem != null ? problem : consumerFeatureProblem(session, workload);
    }

    /** The partitions the run creates, against what the driver file's cluster can hold (a local cluster: this machine's limits). */
    private static String partitionProblem(DriverSession session, LoadedWorkload workload) {
        var w = workload.workload();
        if (w.existingTopics() != null || w.partitionsPerTopic() == null) {
            return null;
        }
        String problem = session.partitionProblem((long) w.topics() * w.partitionsPerTopic());
        return problem == null ? null : workload.file() + ": " + String.format(java.util.Locale.ROOT, "%d topic(s) × %,d partitions",
                w.topics(), w.partitionsPerTopic()) + " cannot run on " + session.fileName() + ": " + problem;
    }

    /** The largest message (payload, key, headers) fits the driver's limit on a record. */
    private static String recordSizeProblem(DriverSession session, LoadedWorkload workload) {
        Integer limit = session.maxRecordBytes().orElse(null);
        LargestRecord largest = LargestRecord.of(workload.workload(), workload.payload());
        if (limit == null || largest.totalBytes() <= limit || workload.workload().producersPerTopic() == 0) {
            return null;
        }
        boolean headers = largest.headerBytes() > 0;
        return workload.file() + (headers && workload.headersLine() != null ? ":" + workload.headersLine() : "") + ": "
                + (headers ? "headers: " : "") + "the largest message would be " + largest.describe() + ", over the driver's "
                + "limit of " + String.format(java.util.Locale.ROOT, "%,d", limit) + " bytes per record (" + session.fileName()
                + "): " + (headers ? "lower headers.count or headers.valueBytes, " : "") + "send smaller payloads, or raise the "
                + "limit (Kafka: max.request.size in producerConfig, and the topic's max.message.bytes)";
    }

    /**
     * Operations change the cluster: one kbench did not start only with the user's consent on the command line, and
     * those that start or stop brokers only on a cluster the run starts.
     */
    private static String operationProblem(DriverSession session, LoadedWorkload workload, boolean allowOperations) {
        List<OperationSpec> operations = workload.workload().operations();
        if (operations.isEmpty() || session.startsCluster()) {
            return null;
        }
        String listed = operations.stream().map(OperationSpec::describe).collect(Collectors.joining(", "));
        List<String> owned = operations.stream().filter(o -> o.type() != null && o.type().value().map(OperationSpec.Kind::needsStartedCluster).orElse(false)).map(OperationSpec::describe).toList();
        if (!owned.isEmpty()) {
            return workload.file() + ": operations " + String.join(", ", owned) + " start or stop brokers, which kbench can do only "
                    + "on a cluster it starts, and " + session.fileName() + " points at an existing one: use a driver file with a "
                    + "localCluster section (e.g. driver-kafka/kafka-local-3.yaml), or remove them";
        }
        if (!allowOperations) {
            return workload.file() + ": the workload's operations (" + listed + ") would change the cluster " + session.fileName()
                    + " points at, which kbench did not start: run with --allow-operations to let them (what they change is "
                    + "put back when the run ends)";
        }
        return null;
    }

    private static String faultProblem(DriverSession session, LoadedWorkload workload) {
        List<FaultSpec> faults = workload.workload().faults();
        if (faults.isEmpty()) {
            return null;
        }
        List<String> problems = session.faultProblems(workload.workload());
        if (!problems.isEmpty()) {
            return workload.file() + (workload.faultsLine() == null ? "" : ":" + workload.faultsLine()) + ": faults cannot run on "
                    + session.fileName() + ": " + String.join("; ", problems);
        }
        session.expectFaults(faults.stream().map(FaultSpec::faultType).collect(Collectors.toSet()));
        return null;
    }

    private static String consumerFeatureProblem(DriverSession session, LoadedWorkload workload) {
        Set<ConsumerFeature> missing = EnumSet.noneOf(ConsumerFeature.class);
        missing.addAll(ConsumerNeeds.of(workload.workload()));
        missing.removeAll(session.consumerFeatures());
        if (missing.isEmpty()) {
            return null;
        }
        return workload.file() + ": the driver " + session.name() + " (" + session.fileName() + ", " + session.driverClassName()
                + ") does not offer " + missing.stream().map(ConsumerFeature::description).collect(Collectors.joining(", "))
                + ", which the workload's " + (missing.contains(ConsumerFeature.CRASH_CLOSE) ? "consumerEvents and " : "")
                + "subscription section ask" + (missing.contains(ConsumerFeature.SHARE_GROUPS)
                ? " for: run the subscription as a consumer group (subscription.type: consumer), or use a driver with share "
                + "groups (the Kafka driver, on brokers of Kafka 4.2 or later with share.version=1)"
                : " for: remove those settings, or use a driver that has them (the Kafka driver)");
    }
}
