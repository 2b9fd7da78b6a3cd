package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.ClusterOperations;
import io.kbench.driver.ConfigScope;
import io.kbench.driver.DriverException;
import io.kbench.driver.PartitionHealth;
import io.kbench.kafka.KafkaBenchmarkDriver;
import io.kbench.kafka.KafkaDriverConfig;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Kafka driver's cluster operations ({@link ClusterOperations}) on one real cluster of two brokers (ids 1 and 2),
 * checked against what Kafka's own Admin API says. Each test has topics of its own.
 *
 * <p>A change the controller accepted reaches the brokers' metadata a few milliseconds later (a read at once has
 * missed it), so what the brokers report after a change is awaited, for at most {@link #AWAIT_SECONDS}.
 */
@Timeout(60)
class KafkaClusterOperationsTest {

    static final long AWAIT_SECONDS = 20;
    static final String RATE = "leader.replication.throttled.rate";

    private static LocalKafkaCluster cluster;
    private static Admin admin;
    private static ClusterOperations ops;

    @BeforeAll
    static void start() {
        cluster = LocalKafkaCluster.start(LocalClusterConfig.ofBrokers(2), line -> {});
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        admin = Admin.create(p);
        ops = new KafkaBenchmarkDriver().clusterOperations(config("bootstrap.servers=" + cluster.bootstrapServers(), null))
                .orElseThrow();
    }

    @AfterAll
    static void stop() {
        if (ops != null) {
            ops.close();
        }
        if (admin != null) {
            admin.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    private static KafkaDriverConfig config(String commonConfig, LocalClusterConfig localCluster) {
        return new KafkaDriverConfig(1, null, null, commonConfig, null, null, localCluster);
    }

    /** A topic with these replicas (the preferred leader first), once the brokers know it. */
    private static void create(String topic, Map<Integer, List<Integer>> assignment) throws Exception {
        admin.createTopics(List.of(new NewTopic(topic, assignment))).all().get(30, TimeUnit.SECONDS);
        await(() -> ops.replicas(List.of(topic)).containsKey(topic), "topic " + topic + " known");
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "within " + AWAIT_SECONDS + " s: " + what);
            Thread.sleep(10);
        }
    }

    private static Map<String, String> removing(String name) {
        Map<String, String> values = new HashMap<>();
        values.put(name, null);
        return values;
    }

    @Test
    void brokersReplicasAndHealthAreWhatTheAdminApiSays() throws Exception {
        create("agree", Map.of(0, List.of(1, 2), 1, List.of(2, 1), 2, List.of(1, 2)));

        List<Integer> nodes = admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).stream().map(Node::id).sorted().toList();
        assertEquals(nodes, ops.brokerIds());
        assertEquals(List.of(1, 2), ops.brokerIds());

        TopicDescription d = admin.describeTopics(List.of("agree")).allTopicNames().get(30, TimeUnit.SECONDS).get("agree");
        List<List<Integer>> expected = d.partitions().stream().sorted(Comparator.comparingInt(p -> p.partition()))
                .map(p -> p.replicas().stream().map(Node::id).toList()).toList();
        Map<String, List<List<Integer>>> replicas = ops.replicas(List.of("agree", "no-such-topic"));
        assertEquals(Map.of("agree", expected), replicas, "a topic that does not exist is absent");
        assertEquals(List.of(List.of(1, 2), List.of(2, 1), List.of(1, 2)), replicas.get("agree"), "in the cluster's order");
        assertEquals(new PartitionHealth(3, 0, 0, 0), ops.health(List.of("agree", "no-such-topic")));
    }

    @Test
    void aReassignmentMovesAPartitionAndItsBytesToTheOtherBroker() throws Exception {
        create("moved", Map.of(0, List.of(1), 1, List.of(2)));
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
            for (int i = 0; i < 300; i++) {
                producer.send(new ProducerRecord<>("moved", 0, null, new byte[1024]));
            }
            producer.flush();
        }
        List<Long> before = ops.partitionBytes(List.of("moved", "no-such-topic")).get("moved");
        assertEquals(2, before.size(), before.toString());
        assertTrue(before.get(0) >= 300 * 1024, "300 KiB in partition 0: " + before);
        assertEquals(0L, before.get(1), "partition 1 got nothing: " + before);

        ops.reassign(Map.of("moved", Map.of(0, List.of(2))));
        await(() -> ops.health(List.of("moved")).reassigning() == 0, "the reassignment done");
        await(() -> ops.replicas(List.of("moved")).get("moved").equals(List.of(List.of(2), List.of(2))), "partition 0 on broker 2");
        assertTrue(ops.partitionBytes(List.of("moved")).get("moved").get(0) >= 300 * 1024, "the bytes moved with it");
        assertEquals(new PartitionHealth(2, 0, 0, 0), ops.health(List.of("moved")));
    }

    @Test
    void aTopicsOwnConfigIsSetReadBackAndRemoved() throws Exception {
        create("configured", Map.of(0, List.of(1, 2)));
        ConfigScope topic = ConfigScope.topic("configured");
        List<String> names = List.of("retention.ms", "segment.bytes", "min.insync.replicas");
        assertEquals(Map.of(), ops.configs(topic, names), "nothing set on the topic: its values are the brokers'");

        ops.alterConfigs(topic, Map.of("retention.ms", "123456"));
        await(() -> ops.configs(topic, names).equals(Map.of("retention.ms", "123456")), "retention.ms set on the topic");

        ops.alterConfigs(topic, removing("retention.ms"));
        await(() -> ops.configs(topic, names).isEmpty(), "retention.ms removed from the topic");
    }

    /**
     * Describing one broker reports the cluster default's value too (source DYNAMIC_DEFAULT_BROKER_CONFIG), and its
     * file's (STATIC_BROKER_CONFIG): neither is set on the broker itself.
     */
    @Test
    void aBrokerHasOnlyWhatIsSetOnItAndNotTheClusterDefault() throws Exception {
        ConfigScope defaults = ConfigScope.brokerDefault();
        ConfigScope broker1 = ConfigScope.broker(1);
        try {
            ops.alterConfigs(defaults, Map.of(RATE, "50000000"));
            await(() -> ops.configs(defaults, List.of(RATE)).equals(Map.of(RATE, "50000000")), "the default set");
            await(() -> rateSource("1") == ConfigEntry.ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG, "broker 1 inherits it");
            assertEquals(ConfigEntry.ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG, rateSource(""), "the default's own source");
            assertEquals(Map.of(), ops.configs(broker1, List.of(RATE)), "inherited from the default: not set on broker 1");
            assertEquals(Map.of(), ops.configs(broker1, List.of("log.cleaner.dedupe.buffer.size", "num.io.threads")),
                    "the broker's file (the local cluster sets the first) and Kafka's defaults are not set on it either");

            ops.alterConfigs(broker1, Map.of(RATE, "60000000"));
            await(() -> ops.configs(broker1, List.of(RATE)).equals(Map.of(RATE, "60000000")), "broker 1's own value");
            assertEquals(Map.of(RATE, "50000000"), ops.configs(defaults, List.of(RATE)), "the default stays");
            assertEquals(Map.of(), ops.configs(ConfigScope.broker(2), List.of(RATE)), "broker 2 has none of its own");

            ops.alterConfigs(broker1, removing(RATE));
            await(() -> ops.configs(broker1, List.of(RATE)).isEmpty(), "broker 1's value removed");
            ops.alterConfigs(defaults, removing(RATE));
            await(() -> ops.configs(defaults, List.of(RATE)).isEmpty(), "the default removed");
        } finally {
            ops.alterConfigs(broker1, removing(RATE));
            ops.alterConfigs(defaults, removing(RATE));
        }
    }

    /** The source Kafka's own Admin API reports for {@link #RATE} on a broker ("" the cluster default), or null. */
    private static ConfigEntry.ConfigSource rateSource(String broker) {
        ConfigResource r = new ConfigResource(ConfigResource.Type.BROKER, broker);
        try {
            Config c = admin.describeConfigs(List.of(r)).all().get(30, TimeUnit.SECONDS).get(r);
            return c.get(RATE) == null ? null : c.get(RATE).source();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void partitionsAreAddedAndPreferredLeadersElected() throws Exception {
        create("grown", Map.of(0, List.of(1, 2), 1, List.of(2, 1)));
        assertEquals(0, ops.electPreferredLeaders(List.of("grown", "no-such-topic")), "every leader is the preferred one");

        ops.addPartitions("grown", 4);
        await(() -> ops.replicas(List.of("grown")).get("grown").size() == 4, "4 partitions");

        // Only the order changes: the leader (broker 1) stays, and broker 2 is now the preferred one.
        ops.reassign(Map.of("grown", Map.of(0, List.of(2, 1))));
        await(() -> ops.replicas(List.of("grown")).get("grown").get(0).equals(List.of(2, 1)), "replicas reordered");
        int leader = leaderOf("grown", 0);
        assertEquals(leader == 2 ? 0 : 1, ops.electPreferredLeaders(List.of("grown")), "leader was broker " + leader);
        await(() -> leaderOf("grown", 0) == 2, "broker 2 leads partition 0");
        assertEquals(0, ops.electPreferredLeaders(List.of("grown")));
    }

    private static int leaderOf(String topic, int partition) {
        try {
            return admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic).partitions()
                    .get(partition).leader().id();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void endOffsetsAndCommittedOffsetsAreWhatTheClientsWroteAndCommitted() throws Exception {
        create("offsets", Map.of(0, List.of(1), 1, List.of(2)));
        assertEquals(Map.of("offsets", List.of(0L, 0L)), ops.endOffsets(List.of("offsets", "no-such-topic")),
                "nothing written yet; a topic that does not exist is absent");
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerProperties())) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>("offsets", 1, null, new byte[10]));
            }
            producer.flush();
        }
        assertEquals(Map.of("offsets", List.of(0L, 5L)), ops.endOffsets(List.of("offsets")));

        assertEquals(Optional.of(Map.of()), ops.committedOffsets("offsets-group", "offsets"), "a group that committed nothing");
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "offsets-group");
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(c)) {
            consumer.commitSync(Map.of(new TopicPartition("offsets", 1), new OffsetAndMetadata(3)));
        }
        assertEquals(Optional.of(Map.of(1, 3L)), ops.committedOffsets("offsets-group", "offsets"), "partition 0 has none");
        assertEquals(Optional.of(Map.of()), ops.committedOffsets("offsets-group", "no-such-topic"));
    }

    /**
     * A group of the consumer protocol has an epoch from its first member, which rises when another joins; a classic
     * group's generation is not in the Admin API, and a group that does not exist has none: both absent.
     */
    @Test
    void aConsumerJoiningRaisesItsGroupsEpochAndAClassicGroupHasNone() throws Exception {
        create("epochs", Map.of(0, List.of(1), 1, List.of(2)));
        assertEquals(Map.of(), ops.groupEpochs(List.of("epochs-new", "no-such-group")));
        try (KafkaConsumer<byte[], byte[]> a = consumer("epochs-new", "consumer");
             KafkaConsumer<byte[], byte[]> classic = consumer("epochs-classic", "classic")) {
            a.subscribe(List.of("epochs"));
            classic.subscribe(List.of("epochs"));
            await(() -> {
                a.poll(Duration.ofMillis(50));
                classic.poll(Duration.ofMillis(50));
                return !a.assignment().isEmpty() && !classic.assignment().isEmpty();
            }, "both groups assigned");
            int first = ops.groupEpochs(List.of("epochs-new")).get("epochs-new");
            assertTrue(first > 0, "epoch " + first);
            try (KafkaConsumer<byte[], byte[]> b = consumer("epochs-new", "consumer")) {
                b.subscribe(List.of("epochs"));
                await(() -> {
                    a.poll(Duration.ofMillis(50));
                    b.poll(Duration.ofMillis(50));
                    return ops.groupEpochs(List.of("epochs-new")).get("epochs-new") > first;
                }, "the epoch rose when the second member joined");
            }
            assertEquals(List.of("epochs-new"), List.copyOf(ops.groupEpochs(List.of("epochs-new", "epochs-classic")).keySet()),
                    "the classic group is described, without an epoch");
        }
    }

    private static KafkaConsumer<byte[], byte[]> consumer(String group, String protocol) {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        c.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        c.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, protocol);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return new KafkaConsumer<>(c);
    }

    private static Properties producerProperties() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }

    @Test
    void refusalsAreTheClustersOwnWordsInOneLine() throws Exception {
        create("refusing", Map.of(0, List.of(1), 1, List.of(2)));
        assertRefused("InvalidPartitionsException", () -> ops.addPartitions("refusing", 1));
        assertRefused("UnknownTopicOrPartitionException", () -> ops.addPartitions("no-such-topic", 3));
        assertRefused("UnknownTopicOrPartitionException", () -> ops.configs(ConfigScope.topic("no-such-topic"), List.of("retention.ms")));
        assertRefused("Not a number", () -> ops.alterConfigs(ConfigScope.topic("refusing"), Map.of("retention.ms", "soon")));
        assertRefused("no such broker", () -> ops.reassign(Map.of("refusing", Map.of(0, List.of(7)))));

        DriverException local = assertRefused("workerConfig", () -> new KafkaBenchmarkDriver()
                .clusterOperations(config("", LocalClusterConfig.defaults())));
        assertEquals("localCluster", local.field());
        long start = System.nanoTime();
        assertRefused("cannot reach Kafka at 127.0.0.1:1 within 2 s", () -> new KafkaBenchmarkDriver().clusterOperations(
                config("bootstrap.servers=127.0.0.1:1\ndefault.api.timeout.ms=2000\nrequest.timeout.ms=1000", null)));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "an unreachable cluster is told within its timeout");
    }

    private static DriverException assertRefused(String words, Runnable call) {
        DriverException e = assertThrows(DriverException.class, call::run);
        String m = e.getMessage();
        assertTrue(m.contains(words), m);
        assertFalse(m.contains("\n") || m.contains("\tat ") || m.contains("Exception: "), "one line, no stack trace: " + m);
        return e;
    }
}
