package io.kbench.driver;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
     * @return the started cluster; empty when the config points at an existing cluster (the default)
     */
    default Optional<ProvisionedCluster<C>> provisionCluster(C config, Set<FaultType> faults, Consumer<String> progress)
            throws DriverException {
        return Optional.empty();
    }

    /**
     * Whether this config asks for a cluster the run starts ({@link #provisionCluster} would start one), so that the
     * framework knows before anything starts whether a workload's operations act on a cluster the user owns (they
     * then need the user's consent). The default: false.
     */
    default boolean startsCluster(C config) {
        return false;
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
     * memory) and what would do, in one sentence. Empty when it can, or when the driver cannot tell (the
     * default). Checked on the coordinator before any cluster starts.
     */
    default Optional<String> partitionProblem(C config, long partitions) {
        return Optional.empty();
    }

    /**
     * The zone (e.g. availability zone) of the worker this driver runs on, told once before {@link #initialize} when the
     * worker has one, so that its clients can tell the system where they are (Kafka: {@code client.rack}, unless the
     * driver file sets it, which lets consumers fetch from a replica in their own zone). The default ignores it.
     */
    default void clientZone(String zone) {}

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

    /**
     * The positions of each of these existing topics' partitions now ({@link TopicOffsets}): the first a
     * reader from the start gets, and the end the next record written gets. The framework counts from them
     * what a catch-up must read and each group's lag at the end. A topic that does not exist is absent from
     * the map. Completes exceptionally with a {@link DriverException} when the system cannot say; the default
     * refuses, naming the driver.
     */
    default CompletableFuture<Map<String, TopicOffsets>> topicOffsets(List<String> topics) {
        return CompletableFuture.failedFuture(new DriverException("driver " + getClass().getSimpleName()
                + " cannot read the offsets of topics: reading existing topics from a position, and lag at the end, are not "
                + "available with it"));
    }

    /**
     * How long each of these existing topics keeps records, in milliseconds ({@code -1}: no time limit), for runs that
     * read a topic from an age: an age longer than this reads nothing older than the topic keeps, so the framework
     * refuses it before the run. A topic that does not exist is absent from the map. Completes exceptionally with a
     * {@link DriverException} when the system cannot say; the default refuses, naming the driver, and the framework then
     * leaves the check out.
     */
    default CompletableFuture<Map<String, Long>> topicRetentionMillis(List<String> topics) {
        return CompletableFuture.failedFuture(new DriverException("driver " + getClass().getSimpleName()
                + " cannot say how long topics keep records"));
    }

    /**
     * Creates a producer of {@code topic}, one per producer of the run. A driver that sends in transactions
     * names them after {@code options.name()} and reports how each ended to {@code options.transactions()};
     * every driver adds {@code options.headers()} to every record. Completes exceptionally with a
     * {@link DriverException} when the client cannot be made.
     */
    CompletableFuture<BenchmarkProducer> createProducer(String topic, ProducerOptions options);

    /**
     * Creates the consumer {@code request} describes and starts it delivering, on its own thread, to the
     * request's callback:
     * <ul>
     *   <li>a {@link ConsumerRequest.GroupMember} joins its consumer group (one per subscription) and reads
     *       from its {@link StartPosition} in partitions the group has no position in. Every driver makes
     *       one from {@link StartPosition#EARLIEST}; a driver that cannot start at the end or at an age
     *       refuses those with a {@link DriverException} telling the user what to do (runs on existing topics
     *       need them);</li>
     *   <li>a {@link ConsumerRequest.ShareMember} joins its share group, which
     *       {@link #prepareShareGroup} readied.</li>
     * </ul>
     * A request that needs a {@link ConsumerFeature} the driver does not declare is refused with
     * {@link ConsumerRequest#unmetBy}'s exception. Refusals and failures complete the future exceptionally;
     * the call itself does not throw.
     */
    CompletableFuture<BenchmarkConsumer> createConsumer(ConsumerRequest request);

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
     * Readies the share group {@code group} (one per share subscription) before its first consumer
     * starts: checks that the cluster has share groups, and applies {@code settings}. Called on the
     * coordinator once the driver is initialized, before any client is created; calling it again with
     * the same settings is harmless. Completes exceptionally with a {@link DriverException} when the
     * cluster has no share groups (saying which version it runs and how to enable them) or refuses a
     * setting (naming it and the allowed range). The default refuses, naming the driver.
     */
    default CompletableFuture<Void> prepareShareGroup(String group, ShareGroupSettings settings) {
        return CompletableFuture.failedFuture(ConsumerFeature.refusal(getClass().getSimpleName(), Set.of(ConsumerFeature.SHARE_GROUPS)));
    }

    /**
     * How long the client keeps trying to deliver a message before failing it (Kafka:
     * {@code delivery.timeout.ms}), positive; empty when the driver does not know (the default). The
     * framework stops a run whose acknowledgements have stalled no later than this. Called on the
     * coordinator, before {@link #initialize}.
     */
    default Optional<Duration> deliveryTimeout(C config) {
        return Optional.empty();
    }

    /**
     * The largest record this driver's producers may send with this configuration, in bytes, counting the payload,
     * the key, the headers and the system's framing (Kafka: the producer's {@code max.request.size}, 1,048,576 by
     * default); empty when the driver sets no limit (the default). The framework refuses, before anything runs, a
     * workload whose largest message would not fit. Called on the coordinator, before {@link #initialize}.
     */
    default Optional<Integer> maxRecordBytes(C config) {
        return Optional.empty();
    }

    /**
     * The codec this driver's producers compress records with (Kafka: the producer's {@code compression.type},
     * {@code none} by default), for the result's compression figures; empty when the system does not compress or the
     * driver cannot say (the default). Called after {@link #initialize}.
     */
    default Optional<String> producerCompression() {
        return Optional.empty();
    }

    /**
     * The current metrics of every producer and consumer this driver holds, one entry per client
     * and metric. Called when the measurement ends, before the clients are closed.
     */
    default List<ClientMetric> clientMetrics() {
        return List.of();
    }

    /**
     * The bytes this driver's live clients have exchanged with each broker since they were made, from the clients' own
     * per-broker counters (Kafka: {@code producer-node-metrics outgoing-byte-total} and {@code consumer-node-metrics
     * incoming-byte-total} by {@code node-id}); requests' framing and metadata included. Empty (the default) when the
     * driver cannot tell. Called a few times per run, off the hot path.
     */
    default Optional<BrokerBytes> brokerBytes() {
        return Optional.empty();
    }

    /**
     * The server that most recently answered one of this driver's clients; empty when no server has
     * answered yet, or the driver cannot tell (the default). Called once per reporting period, so it may
     * compare counters between calls; it must be quick (the conformance suite allows 1 s) and never block
     * on the network.
     */
    default Optional<ServerContact> lastServerContact() {
        return Optional.empty();
    }

    /**
     * What the cluster says about itself, read-only, for the result's provenance: its brokers and their settings,
     * the configs of {@code topics} (the run's, created or existing), and what this driver hands its clients.
     * Called on one worker once the run's topics exist. Must return within 30 s and never throw: what the cluster
     * refuses to describe (or cannot) goes in {@link ClusterDescription#notAvailable()} with the reason, and the run
     * goes on. Empty (the default) when the driver cannot describe its cluster at all.
     */
    default Optional<ClusterDescription> describeCluster(List<String> topics) {
        return Optional.empty();
    }

    /**
     * Opens an admin connection, on the coordinator, to the cluster {@code config} points at, for operations measured
     * under load (moving replicas, changing configs). Must fail within 30 s with a {@link DriverException} naming the
     * address when the cluster cannot be reached. Empty (the default) when the driver has no such interface; the
     * framework then refuses a workload with operations before anything runs.
     */
    default Optional<ClusterOperations> clusterOperations(C config) throws DriverException {
        return Optional.empty();
    }

    /** Closes every producer, consumer and connection the driver still holds. */
    @Override
    void close() throws Exception;
}
