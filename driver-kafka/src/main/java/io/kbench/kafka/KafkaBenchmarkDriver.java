package io.kbench.kafka;

import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.BrokerActivity;
import io.kbench.driver.BrokerBytes;
import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClusterDescription;
import io.kbench.driver.ClusterOperations;
import io.kbench.driver.ConsumerFeature;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.DriverException;
import io.kbench.driver.Fault;
import io.kbench.driver.FaultType;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.ProvisionedCluster;
import io.kbench.driver.ServerContact;
import io.kbench.driver.GroupMembership;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.StartPosition;
import io.kbench.driver.SweepTarget;
import io.kbench.driver.TopicOffsets;
import io.kbench.driver.TopicSpec;
import io.kbench.kafka.cluster.LocalCluster;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.cluster.LocalClusterMeans;
import io.kbench.kafka.cluster.LocalClusterProvider;
import java.time.Duration;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.utils.AppInfoParser;

/**
 * Benchmarks Apache Kafka and the services that speak its protocol, through kafka-clients.
 * Answers to OpenMessaging Benchmark's Kafka driver class name, so OMB's driver files run as they are.
 */
public final class KafkaBenchmarkDriver implements BenchmarkDriver<KafkaDriverConfig> {

    /** How long closing waits for the admin client's calls still pending. */
    static final Duration ADMIN_CLOSE_TIMEOUT = Duration.ofSeconds(2);

    static final String OMB_DRIVER_CLASS = "io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver";
    /** Longest wait for the first answer from the cluster (shorter with default.api.timeout.ms); the SPI promises failure within 30 s. */
    static final int CONNECT_TIMEOUT_MS = 15_000;
    static final long DEFAULT_DELIVERY_TIMEOUT_MS = 120_000;
    /** Kafka's default max.request.size. */
    static final int DEFAULT_MAX_REQUEST_BYTES = 1_048_576;
    /** Prefix of the transactional ids of the producers, for ACLs on a secured cluster. */
    static final String TRANSACTIONAL_ID_PREFIX = "kbench-";

    private final List<AutoCloseable> clients = new CopyOnWriteArrayList<>();
    private KafkaClientConfigs configs;
    /** How producers send in transactions, or null when they do not. */
    private TransactionSettings transactions;
    private Admin admin;
    private TopicAdmin topics;
    private GroupAdmin groups;
    private OffsetLookup offsets;
    private RetentionLookup retention;
    private final AtomicInteger shareConsumers = new AtomicInteger();
    /** The worker's zone ({@link #clientZone}), or null. */
    private volatile String zone;
    private KafkaClientMetrics metrics = new KafkaClientMetrics(Map.of(), System::currentTimeMillis);

    @Override
    public Class<KafkaDriverConfig> configType() {
        return KafkaDriverConfig.class;
    }

    @Override
    public Set<String> driverClassAliases() {
        return Set.of(OMB_DRIVER_CLASS, "kafka");
    }

    @Override
    public List<SweepTarget> sweepTargets() {
        return KafkaSweepTargets.ALL;
    }

    @Override
    public String clientVersion() {
        return "kafka-clients " + AppInfoParser.getVersion();
    }

    @Override
    public void validate(KafkaDriverConfig config) {
        if (config.replicationFactor() < 1 || config.replicationFactor() > Short.MAX_VALUE) {
            throw new DriverException("replicationFactor", "replicationFactor must be at least 1, got " + config.replicationFactor(), null);
        }
        KafkaClientConfigs clientConfigs = new KafkaClientConfigs(config);
        clientConfigs.checkNames();
        TransactionSettings.of(config, clientConfigs);
        if (config.localCluster() != null) {
            List<String> problems = config.localCluster().problems();
            if (!problems.isEmpty()) {
                throw new DriverException("localCluster", String.join("; ", problems), null);
            }
            if (clientConfigs.bootstrapServers() != null) {
                throw new DriverException("commonConfig", "commonConfig sets bootstrap.servers and localCluster is given too: "
                        + "remove one (localCluster starts a cluster and points the clients at it)", null);
            }
            validateLocalSecurity(config, clientConfigs);
        } else if (clientConfigs.bootstrapServers() == null || clientConfigs.bootstrapServers().isBlank()) {
            throw new DriverException("commonConfig", "commonConfig has no bootstrap.servers: add bootstrap.servers=host:9092 "
                    + "(or ${env:KAFKA_BOOTSTRAP_SERVERS}), or a localCluster section to start a cluster on this machine", null);
        }
    }

    /** The local cluster sets the protocol and truststore; the file must bring SASL credentials if it uses SASL. */
    private static void validateLocalSecurity(KafkaDriverConfig config, KafkaClientConfigs clientConfigs) {
        Map<String, String> common = clientConfigs.common();
        for (String key : common.keySet()) {
            if (key.equals("security.protocol") || key.startsWith("ssl.truststore.")) {
                throw new DriverException("commonConfig", "commonConfig sets " + key + ", which the local cluster sets itself "
                        + "(from localCluster.security): remove it", null);
            }
        }
        if (config.localCluster().security() != null && config.localCluster().security().usesSasl()) {
            for (String key : new String[] {"sasl.mechanism", "sasl.jaas.config"}) {
                if (!common.containsKey(key)) {
                    throw new DriverException("commonConfig", "localCluster.security uses SASL, so commonConfig needs " + key
                            + " with one of the users of localCluster.security.users", null);
                }
            }
        }
    }

    /** {@code delivery.timeout.ms} of the producers, or Kafka's default (2 minutes): always known. */
    @Override
    public Optional<Duration> deliveryTimeout(KafkaDriverConfig config) {
        Object value = new KafkaClientConfigs(config).producer().get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
        long millis;
        try {
            millis = value == null ? DEFAULT_DELIVERY_TIMEOUT_MS : Long.parseLong(value.toString().trim());
        } catch (NumberFormatException e) {
            millis = DEFAULT_DELIVERY_TIMEOUT_MS; // the client rejects it with a clear message at start
        }
        return Optional.of(Duration.ofMillis(millis > 0 ? millis : DEFAULT_DELIVERY_TIMEOUT_MS));
    }

    /** A local cluster: whether this machine's limits let its brokers hold the partitions ({@link LocalClusterMeans}). */
    @Override
    public Optional<String> partitionProblem(KafkaDriverConfig config, long partitions) {
        return config.localCluster() == null ? Optional.empty()
                : Optional.ofNullable(LocalClusterMeans.ofThisMachine().problem(config.localCluster(), partitions,
                        config.replicationFactor()));
    }

    /** max.request.size of the producers: the largest record (with its batch's framing) they send. */
    @Override
    public Optional<Integer> maxRecordBytes(KafkaDriverConfig config) {
        Object value = new KafkaClientConfigs(config).producer().get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG);
        try {
            int bytes = value == null ? DEFAULT_MAX_REQUEST_BYTES : Integer.parseInt(value.toString().trim());
            return Optional.of(bytes > 0 ? bytes : DEFAULT_MAX_REQUEST_BYTES);
        } catch (NumberFormatException e) {
            return Optional.of(DEFAULT_MAX_REQUEST_BYTES); // the client rejects it with a clear message at start
        }
    }

    /** The producers' compression.type, "none" when the driver file sets none (Kafka's default). */
    @Override
    public Optional<String> producerCompression() {
        if (configs == null) {
            return Optional.empty();
        }
        Object value = configs.producer().get(ProducerConfig.COMPRESSION_TYPE_CONFIG);
        return Optional.of(value == null ? "none" : value.toString().trim());
    }

    @Override
    public boolean startsCluster(KafkaDriverConfig config) {
        return config.localCluster() != null;
    }

    @Override
    public List<String> faultProblems(KafkaDriverConfig config, List<Fault> faults) {
        return LocalClusterFaults.problems(config.localCluster(), faults);
    }

    @Override
    public Optional<ProvisionedCluster<KafkaDriverConfig>> provisionCluster(KafkaDriverConfig config, Set<FaultType> faults,
                                                                            Consumer<String> progress) {
        if (config.localCluster() == null) {
            return Optional.empty();
        }
        LocalClusterConfig local = config.localCluster();
        if ((faults.contains(FaultType.NETWORK_FREEZE) || faults.contains(FaultType.NETWORK_DELAY)) && !local.faultProxy()) {
            local = local.withFaultProxy(true); // a freeze or delay needs the proxy; other runs are spared its cost
        }
        LocalClusterProvider provider = LocalClusterProvider.find();
        LocalCluster cluster;
        try {
            cluster = provider.start(local, progress);
        } catch (RuntimeException e) {
            throw new DriverException("localCluster", "could not start the local Kafka cluster: " + e.getMessage(), e);
        }
        KafkaDriverConfig pointing = config.pointingAt(cluster.clientSettings());
        // A remote tier: the run's topics keep small segments locally for a second once the tier has them.
        KafkaDriverConfig workerConfig = local.tieredStorage() ? pointing.withTopicDefaults(LocalClusterConfig.TIERED_TOPIC_CONFIG)
                : pointing;
        LocalClusterFaults applier = new LocalClusterFaults(cluster);
        return Optional.of(new ProvisionedCluster<>() {
            @Override
            public KafkaDriverConfig workerConfig() {
                return workerConfig;
            }

            @Override
            public String description() {
                return cluster.description();
            }

            @Override
            public String applyFault(Fault fault) {
                return applier.apply(fault);
            }

            @Override
            public Map<String, Double> metrics() {
                return cluster.metrics();
            }

            @Override
            public Map<String, Double> serverMetrics() {
                return cluster.brokerMetrics();
            }

            @Override
            public Optional<List<BrokerActivity>> brokerActivity() {
                return cluster.brokerActivity();
            }

            @Override
            public String restartBrokerGracefully(int brokerId) {
                return cluster.restartBrokerGracefully(brokerId);
            }

            @Override
            public int addBroker() {
                return cluster.addBroker();
            }

            @Override
            public String removeBroker(int brokerId) {
                return cluster.removeBroker(brokerId);
            }

            @Override
            public void close() {
                cluster.close();
            }
        });
    }

    /**
     * An admin connection of its own ({@link KafkaClusterOperations}) to the cluster the config's commonConfig points at.
     * A config with a localCluster section is refused: for a cluster the run starts, the coordinator passes the
     * provisioned cluster's workerConfig, which points at it.
     */
    @Override
    public Optional<ClusterOperations> clusterOperations(KafkaDriverConfig config) {
        if (config.localCluster() != null) {
            throw new DriverException("localCluster", "cluster operations got a driver config with a localCluster section; "
                    + "the coordinator passes the started cluster's workerConfig (which points at it) instead", null);
        }
        validate(config);
        return Optional.of(new KafkaClusterOperations(config));
    }

    @Override
    public void clientZone(String zone) {
        this.zone = zone == null || zone.isBlank() ? null : zone.trim();
    }

    @Override
    public Optional<BrokerBytes> brokerBytes() {
        return Optional.of(metrics.brokerBytes());
    }

    @Override
    public void initialize(KafkaDriverConfig config) {
        validate(config);
        if (config.localCluster() != null) {
            throw new DriverException("localCluster", "this worker got a driver config with a localCluster section; "
                    + "the coordinator starts the local cluster and sends its address instead", null);
        }
        configs = new KafkaClientConfigs(config, zone);
        transactions = TransactionSettings.of(config, configs);
        String bootstrap = configs.bootstrapServers();
        if (MskIamCredentials.MECHANISM.equals(configs.common().get("sasl.mechanism"))) {
            MskIamCredentials.check(configs);
        }
        try {
            admin = Admin.create(configs.admin());
        } catch (KafkaException e) {
            throw new DriverException("commonConfig", "cannot create a Kafka client for " + bootstrap + ": " + rootMessage(e), e);
        }
        clients.add(admin);
        Collection<Node> nodes;
        int connectTimeoutMs = connectTimeoutMs(configs.common());
        try {
            nodes = admin.describeCluster(new DescribeClusterOptions().timeoutMs(connectTimeoutMs)).nodes()
                    .get(connectTimeoutMs + 5_000L, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            close();
            throw ConnectFailures.explain(e, configs, connectTimeoutMs);
        }
        Map<String, String> addresses = new HashMap<>();
        nodes.forEach(n -> addresses.put(n.idString(), n.host() + ":" + n.port()));
        metrics = new KafkaClientMetrics(addresses, System::currentTimeMillis);
        topics = new TopicAdmin(admin, (short) (int) config.replicationFactor(), configs.topicConfig());
        groups = new GroupAdmin(admin, bootstrap, configs.group(), transactions != null, System::currentTimeMillis);
        offsets = new OffsetLookup(admin, topics::describe, transactions != null);
        retention = new RetentionLookup(admin, topics::describe);
    }

    /**
     * How long the first answer from the cluster may take: {@link #CONNECT_TIMEOUT_MS}, or commonConfig's
     * {@code default.api.timeout.ms} when it is shorter (it bounds the clients' other calls too; a value that is not a
     * positive whole number is the Kafka client's to refuse).
     */
    static int connectTimeoutMs(Map<String, String> common) {
        String value = common.get("default.api.timeout.ms");
        try {
            int ms = value == null ? CONNECT_TIMEOUT_MS : Integer.parseInt(value.trim());
            return ms > 0 ? Math.min(ms, CONNECT_TIMEOUT_MS) : CONNECT_TIMEOUT_MS;
        } catch (NumberFormatException e) {
            return CONNECT_TIMEOUT_MS;
        }
    }

    /** The innermost cause's message, for users: its class name only when it has no message. */
    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName() : t.getMessage();
    }

    @Override
    public CompletableFuture<Void> createTopics(List<TopicSpec> specs) {
        return CompletableFuture.runAsync(() -> topics.create(specs));
    }

    @Override
    public CompletableFuture<Void> deleteTopics(List<String> names) {
        return CompletableFuture.runAsync(() -> topics.delete(names));
    }

    @Override
    public CompletableFuture<Map<String, Integer>> describeTopics(List<String> names) {
        return CompletableFuture.supplyAsync(() -> topics.describe(names));
    }

    /** The log start offsets and the high watermarks (the last stable offsets when the producers send in transactions). */
    @Override
    public CompletableFuture<Map<String, TopicOffsets>> topicOffsets(List<String> names) {
        return CompletableFuture.supplyAsync(() -> offsets.of(names));
    }

    /** Each topic's retention.ms as the brokers resolve it (the topic's setting, else the broker's default). */
    @Override
    public CompletableFuture<Map<String, Long>> topicRetentionMillis(List<String> names) {
        return CompletableFuture.supplyAsync(() -> retention.of(names));
    }

    /**
     * With transactions on, the producer's transactional.id is kbench-NAME, unique to the run and the producer.
     * The user headers go before kbench's own {@code kb} header in every record, built once ({@link StampedRecords}).
     */
    @Override
    public CompletableFuture<BenchmarkProducer> createProducer(String topic, ProducerOptions options) {
        return CompletableFuture.supplyAsync(() -> {
            Properties props = configs.producer();
            if (transactions != null) {
                props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, TRANSACTIONAL_ID_PREFIX + options.name());
            }
            KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props);
            clients.add(producer);
            metrics.add(producer::metrics);
            if (transactions == null) {
                return new KafkaBenchmarkProducer(producer, topic, options.headers());
            }
            try {
                producer.initTransactions();
            } catch (KafkaException e) {
                throw new DriverException("transactional", "the cluster did not start transactions for a producer: " + rootMessage(e)
                        + " (the brokers need a transaction coordinator: transaction.state.log.replication.factor and "
                        + "transaction.state.log.min.isr within the brokers available, and the principal allowed to write "
                        + "transactional ids starting with " + TRANSACTIONAL_ID_PREFIX + ")", e);
            }
            return new KafkaTransactionalProducer(producer, topic, options.headers(), transactions.newBoundary(), options.transactions(),
                    System::nanoTime);
        });
    }

    /** Share groups, both group protocols, static membership, session timeouts, and crashes (REMAIN_IN_GROUP). */
    @Override
    public Set<ConsumerFeature> consumerFeatures() {
        return EnumSet.allOf(ConsumerFeature.class);
    }

    /** A consumer group member or a share group member, as asked; what it needs and the driver lacks is refused first. */
    @Override
    public CompletableFuture<BenchmarkConsumer> createConsumer(ConsumerRequest request) {
        Optional<DriverException> refused = request.unmetBy(this);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return CompletableFuture.supplyAsync(() -> request instanceof ConsumerRequest.GroupMember member
                ? groupMember(member) : shareMember((ConsumerRequest.ShareMember) request));
    }

    /**
     * The start position sets {@code auto.offset.reset}: the driver file's (earliest unless it says otherwise)
     * from the earliest, {@code latest} from the end; from an age, the member seeks each partition new to the
     * group to the first record at least that new, or to its end ({@link AgeStart}). The protocol sets
     * {@code group.protocol}, leaving out the other protocol's client settings the file may hold for it (a sweep
     * may run both protocols on one file); the group instance id sets {@code group.instance.id}; the session
     * timeout sets {@code session.timeout.ms} under classic, and the group's {@code consumer.session.timeout.ms}
     * under the consumer protocol, whose groups get the file's {@code consumer.*} groupConfig too, before the
     * member starts.
     */
    private BenchmarkConsumer groupMember(ConsumerRequest.GroupMember request) {
        Properties props = configs.consumer(request.group());
        long startAgeMillis = request.start() instanceof StartPosition.Age age ? age.millis() : 0;
        if (!(request.start() instanceof StartPosition.Earliest)) {
            props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest"); // from an age too, where AgeStart does not seek
        }
        if (transactions != null) {
            // Only committed messages; end-to-end latency then includes the wait for the commit.
            props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        }
        GroupMembership membership = ProtocolChoice.membership(props, request); // before apply adds its own instance id
        boolean leaveOnClose = ProtocolChoice.apply(props, request);
        if (ProtocolChoice.isConsumerProtocol(props)) {
            groups.prepareConsumerProtocolGroup(request.group(), request.sessionTimeout().orElse(null));
        }
        CrashableKafkaConsumer consumer = new CrashableKafkaConsumer(props, leaveOnClose);
        KafkaBenchmarkConsumer member = new KafkaBenchmarkConsumer(consumer, request.topic(), request.callback(),
                configs.consumerAutoCommit(), membership, startAgeMillis);
        clients.add(member);
        metrics.add(() -> metricsOf(consumer::metrics));
        member.start();
        return member;
    }

    /** Checks that the cluster has share groups switched on and sets the group's settings (GroupAdmin). */
    @Override
    public CompletableFuture<Void> prepareShareGroup(String group, ShareGroupSettings settings) {
        return CompletableFuture.runAsync(() -> groups.prepareShareGroup(group, settings));
    }

    /** A {@link KafkaShareConsumer} with a client id of its own, by which its assignment is found. */
    private BenchmarkConsumer shareMember(ConsumerRequest.ShareMember request) {
        // Unique across workers too: the member's assignment is looked up by it.
        String clientId = "kbench-share-" + UUID.randomUUID().toString().substring(0, 8) + "-" + shareConsumers.incrementAndGet();
        Properties props = configs.shareConsumer(request.group(), clientId, request.mode() == AcknowledgementMode.EXPLICIT);
        KafkaShareConsumer<byte[], byte[]> consumer = new KafkaShareConsumer<>(props);
        KafkaShareBenchmarkConsumer member = new KafkaShareBenchmarkConsumer(consumer, request.topic(), request.group(), clientId,
                request.mode(), request.callback(), groups);
        clients.add(member);
        metrics.add(() -> metricsOf(consumer::metrics));
        member.start();
        return member;
    }

    /** A consumer closed as a crash during the run may refuse to tell its metrics: it then has none. */
    private static Map<MetricName, ? extends Metric> metricsOf(Supplier<Map<MetricName, ? extends Metric>> client) {
        try {
            return client.get();
        } catch (RuntimeException e) {
            return Map.of();
        }
    }

    /** Through the Admin API, read-only (KafkaClusterDescriber); what the cluster refuses is named, never thrown. */
    @Override
    public Optional<ClusterDescription> describeCluster(List<String> topicNames) {
        if (admin == null) {
            return Optional.empty(); // not initialized: nothing to ask
        }
        try {
            return Optional.of(new KafkaClusterDescriber(admin, configs).describe(topicNames));
        } catch (RuntimeException e) {
            return Optional.of(new ClusterDescription(null, null, List.of(), Map.of(), Map.of(), Map.of(),
                    Map.of("cluster", "could not be described: " + KafkaClusterDescriber.reason(e))));
        }
    }

    @Override
    public List<ClientMetric> clientMetrics() {
        return metrics.read();
    }

    @Override
    public Optional<ServerContact> lastServerContact() {
        return Optional.ofNullable(metrics.lastContact());
    }

    @Override
    public void close() {
        metrics.clear();
        for (AutoCloseable c : clients) {
            try {
                if (c instanceof Admin a) {
                    // Admin.close() waits for every pending call to time out (default.api.timeout.ms, 60 s): a call the
                    // run gave up on (a cluster that stopped answering) would hold the end of the run that long.
                    a.close(ADMIN_CLOSE_TIMEOUT);
                } else {
                    c.close();
                }
            } catch (Exception e) {
                // closing is best effort; clients closed twice are fine
            }
        }
        clients.clear();
    }
}
