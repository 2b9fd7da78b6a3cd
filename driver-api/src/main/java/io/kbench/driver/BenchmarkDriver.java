package io.kbench.driver;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A messaging system as the benchmark sees it: topics, producers and consumers.
 *
 * <p>Found by {@link java.util.ServiceLoader} (list the class in
 * {@code META-INF/services/io.kbench.driver.BenchmarkDriver}) and chosen by the {@code driverClass}
 * field of a driver YAML file. One instance serves one run on one worker; it is created with the
 * no-argument constructor, then {@link #initialize} is called once before anything else.
 *
 * <p>The framework owns the driver file's {@code name} and {@code driverClass} fields. Every other
 * top-level field is bound, strictly, to {@link #configType()}: a record whose components are the
 * field names. Unknown fields are rejected by the framework before the driver sees them.
 *
 * @param <C> the driver's configuration record
 */
public interface BenchmarkDriver<C> extends AutoCloseable {

    /** The record type the driver file's fields (other than name and driverClass) bind to. */
    Class<C> configType();

    /**
     * Other {@code driverClass} values this driver answers to, so that files written for other
     * tools run unchanged (for example OpenMessaging Benchmark's Kafka driver class name).
     */
    default Set<String> driverClassAliases() {
        return Set.of();
    }

    /**
     * The groups of settings in this driver's files that a sweep may vary one key at a time, e.g.
     * Kafka's {@code producer.<key>} inside {@code producerConfig}. The framework knows no driver's
     * fields, so a sweep parameter {@code <prefix>.<key>} is accepted only for a prefix declared here;
     * {@code driver.<field>} (a top-level scalar field) works for every driver without declaring it.
     * Prefixes must be unique. The default declares none.
     */
    default List<SweepTarget> sweepTargets() {
        return List.of();
    }

    /** The client library and its version, for the result, e.g. "kafka-clients 4.3.1". */
    default String clientVersion() {
        return "unknown";
    }

    /**
     * Checks the configuration for values the type system cannot catch, without touching any
     * cluster. Runs on the coordinator before the run starts; throw a {@link DriverException}
     * naming the field.
     */
    default void validate(C config) throws DriverException {}

    /**
     * Starts infrastructure this run owns, such as a local cluster, on the coordinator's machine.
     *
     * @param faults the kinds of fault the runs will inject, so the cluster can prepare for them
     *     (e.g. a proxy for network freezes); empty for none
     * @param progress receives one-line progress messages for the console
     * @return the started cluster, or {@code null} when the config points at an existing cluster
     */
    default ProvisionedCluster<C> provisionCluster(C config, Set<FaultType> faults, Consumer<String> progress)
            throws DriverException {
        return null;
    }

    /**
     * Why these faults cannot be injected into the cluster this config describes (e.g. it is not
     * one the run starts, or a broker index is out of range), one sentence each; empty when they
     * can. Checked before anything starts.
     */
    default List<String> faultProblems(C config, List<Fault> faults) {
        return faults.isEmpty() ? List.of() : List.of("driver " + getClass().getSimpleName() + " cannot inject faults");
    }

    /**
     * Why the cluster this config describes cannot hold a run's {@code partitions} partitions (before
     * replication): for a cluster the run starts on this machine, what the machine lacks (open files,
     * memory) and what would do, in one sentence. Null when it can, or when the driver cannot tell (the
     * default). Checked on the coordinator before any cluster starts.
     */
    default String partitionProblem(C config, long partitions) {
        return null;
    }

    /**
     * Connects to the cluster. Must fail within a bounded time (30 s at most) with a
     * {@link DriverException} naming the address it tried when the cluster cannot be reached.
     */
    void initialize(C config) throws DriverException;

    /**
     * Creates one batch of topics. The framework splits large counts into batches and reports
     * progress; the driver retries transient errors a bounded number of times and completes
     * exceptionally with a {@link DriverException} carrying the cluster's reason otherwise.
     */
    CompletableFuture<Void> createTopics(List<TopicSpec> topics);

    /** Deletes topics created by {@link #createTopics}; missing topics are not an error. */
    CompletableFuture<Void> deleteTopics(List<String> topics);

    /**
     * The partition count of each of these existing topics, for runs on topics the benchmark may
     * not create; a topic that does not exist is absent from the map. Completes exceptionally with a
     * {@link DriverException} when the system cannot say.
     */
    default CompletableFuture<Map<String, Integer>> describeTopics(List<String> topics) {
        return CompletableFuture.failedFuture(new DriverException("driver " + getClass().getSimpleName()
                + " cannot describe existing topics: create the run's topics instead (drop existingTopics)"));
    }

    CompletableFuture<BenchmarkProducer> createProducer(String topic);

    /**
     * Like {@link #createProducer(String)}, knowing which producer of the run it is: a driver that sends
     * in transactions names them after {@code options.name()} and reports how each ended to
     * {@code options.transactions()}. The default ignores the options.
     */
    default CompletableFuture<BenchmarkProducer> createProducer(String topic, ProducerOptions options) {
        return createProducer(topic);
    }

    /**
     * Creates a consumer in the consumer group named {@code subscriptionName} (one group per
     * subscription) and starts delivering to {@code callback} from the earliest offset.
     */
    CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback callback);

    /**
     * Like {@link #createConsumer(String, String, ConsumerCallback)}, but a consumer of a topic that
     * already holds other data starts at its end ({@code fromEnd}): the run measures only its own
     * messages. The default handles the beginning only.
     */
    default CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback callback,
                                                                boolean fromEnd) {
        if (fromEnd) {
            return CompletableFuture.failedFuture(new DriverException("driver " + getClass().getSimpleName()
                    + " cannot start consumers at the end of a topic: use topics the run creates (drop existingTopics)"));
        }
        return createConsumer(topic, subscriptionName, callback);
    }

    /**
     * What this driver can do with consumers beyond plain consumer group members: share groups, a
     * choice of group protocol, static membership, a session timeout, closing as a crash. The
     * framework checks a workload's needs against this before anything runs, on the coordinator and
     * without a cluster, and refuses the workload naming the driver. Declare a feature only when the
     * methods it needs are implemented (their defaults refuse). The default declares none.
     */
    default Set<ConsumerFeature> consumerFeatures() {
        return Set.of();
    }

    /**
     * Like {@link #createConsumer(String, String, ConsumerCallback, boolean)}, with the member's group
     * protocol, static identity and session timeout ({@link ConsumerOptions}). The default handles
     * options that need no {@link ConsumerFeature} and refuses the others with a {@link DriverException}
     * naming the driver.
     */
    default CompletableFuture<BenchmarkConsumer> createConsumer(String topic, String subscriptionName, ConsumerCallback callback,
                                                                ConsumerOptions options) {
        Set<ConsumerFeature> missing = EnumSet.noneOf(ConsumerFeature.class);
        missing.addAll(options.needs());
        missing.removeAll(consumerFeatures());
        if (!missing.isEmpty()) {
            return CompletableFuture.failedFuture(new DriverException("driver " + getClass().getSimpleName() + " does not offer "
                    + String.join(", ", missing.stream().map(ConsumerFeature::description).toList())
                    + ": leave the subscription's group protocol, group instance id and session timeout unset"));
        }
        return createConsumer(topic, subscriptionName, callback, options.fromEnd());
    }

    /**
     * Readies the share group {@code group} (one per share subscription) before its first consumer
     * starts: checks that the cluster has share groups, and applies {@code settings}. Called on the
     * coordinator once the driver is initialized, before any client is created; calling it again with
     * the same settings is harmless. Completes exceptionally with a {@link DriverException} when the
     * cluster has no share groups (saying which version it runs and how to enable them) or refuses a
     * setting (naming it and the allowed range). The default refuses, naming the driver.
     */
    default CompletableFuture<Void> prepareShareGroup(String group, ShareGroupSettings settings) {
        return CompletableFuture.failedFuture(noShareGroups());
    }

    /**
     * Creates a member of the share group {@code group} reading {@code topic}, and starts delivering
     * to {@code callback} on its own thread. Members of a share group share records, not partitions:
     * each record goes to one member at a time, any number of members may read one partition, and
     * there may be more members than partitions. A record is held by the member it was delivered to
     * until acknowledged or until the group's record lock duration runs out. {@link
     * BenchmarkConsumer#pause()} stops fetching new records (the ones delivered are acknowledged first).
     * The default refuses, naming the driver.
     */
    default CompletableFuture<BenchmarkConsumer> createShareConsumer(String topic, String group, AcknowledgementMode mode,
                                                                     ShareConsumerCallback callback) {
        return CompletableFuture.failedFuture(noShareGroups());
    }

    /** The refusal of a driver without share groups. */
    private DriverException noShareGroups() {
        return new DriverException("driver " + getClass().getSimpleName() + " has no share groups (queues): run the "
                + "subscription as a consumer group, or use a driver that declares ConsumerFeature.SHARE_GROUPS (e.g. Kafka 4.2+)");
    }

    /**
     * How long the client keeps trying to deliver a message before failing it (Kafka:
     * {@code delivery.timeout.ms}), or {@code null} when unknown. The framework stops a run whose
     * acknowledgements have stalled no later than this. Called on the coordinator, before
     * {@link #initialize}.
     */
    default Duration deliveryTimeout(C config) {
        return null;
    }

    /**
     * The current metrics of every producer and consumer this driver holds, one entry per client
     * and metric. Called when the measurement ends, before the clients are closed.
     */
    default List<ClientMetric> clientMetrics() {
        return List.of();
    }

    /**
     * The server that most recently answered one of this driver's clients, or {@code null} when
     * unknown. Called once per reporting period, so it may compare counters between calls; it
     * must be quick and never block on the network.
     */
    default ServerContact lastServerContact() {
        return null;
    }

    /** Closes every producer, consumer and connection the driver still holds. */
    @Override
    void close() throws Exception;
}
