package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.DriverException;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import io.kbench.kafka.local.LocalNodeMain;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The operations on the brokers themselves (graceful restart, add, remove) on one real 1-node cluster started once
 * for the class, in order: a graceful restart, then a broker added, a partition moved onto it and back, the broker
 * removed. Here rather than in local-kafka's own tests, whose module runs beside the framework's timing tests (its brokers
 * starved them); a rolling restart of 3 brokers under load is tested end to end (OperationsOnLocalBrokersTest). Timing
 * is printed, not asserted.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LocalBrokerOperationsTest {

    private static final String TOPIC = "operations";
    private static final TopicPartition MOVED = new TopicPartition(TOPIC, 0);
    private static LocalKafkaCluster cluster;
    private static Admin admin;
    /** The JVM of the added broker, gone after close. */
    private static long addedPid;

    @BeforeAll
    static void start() throws Exception {
        long t0 = System.nanoTime();
        cluster = LocalKafkaCluster.start(LocalClusterConfig.ofBrokers(1), null);
        System.out.printf("1 broker: ready in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        admin = admin(cluster.bootstrapServers());
        NewTopic topic = new NewTopic(TOPIC, 3, (short) 1);
        admin.createTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
    }

    @AfterAll
    static void closeDeletesEverything() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(2));
        }
        if (cluster == null) {
            return;
        }
        Path dir = cluster.directory();
        cluster.close();
        assertFalse(Files.exists(dir), "temp dir deleted: " + dir);
        if (addedPid != 0) {
            assertFalse(ProcessHandle.of(addedPid).map(ProcessHandle::isAlive).orElse(false), "added broker's JVM " + addedPid);
        }
    }

    @Test
    @Order(1)
    void aGracefulRestartStopsToTheEndAndStartsOnItsData() throws Exception {
        produce(0, 6, null);
        long pid = cluster.brokerPid(0);
        String done = cluster.restartBrokerGracefully(1);
        System.out.println("graceful restart: " + done);
        assertTrue(done.matches("restarted broker 1 \\(127\\.0\\.0\\.1:\\d+\\): controlled shutdown \\d+\\.\\d s, "
                + "started and registered again in \\d+\\.\\d s"), done);
        assertNotEquals(pid, cluster.brokerPid(0), "a new JVM");
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the old JVM is gone");
        awaitTrue("describeCluster lists broker 1 again", 30, () -> brokerIds(false).equals(List.of(1)));
        produce(6, 12, null);
        assertEquals(12, readAll().size(), "every record, before and after the restart");

        String log = Files.readString(cluster.logFile(), StandardCharsets.UTF_8);
        assertTrue(log.contains("broker-graceful-restart: broker 0 (node 1) (pid " + pid + ") sent SIGTERM: controlled shutdown"),
                log);
        // The node's shutdown hook stopped the broker to the end (a controlled shutdown), not cut short by the JVM's exit.
        assertTrue(log.contains("[node 1] [kbench-node-shutdown-hook] INFO " + LocalNodeMain.class.getName() + " - Node stopped in "),
                log);
        assertTrue(log.contains("broker-graceful-restart: " + done), log);
        assertEquals("broker 9 is not in this cluster; its brokers are [1]",
                assertThrows(DriverException.class, () -> cluster.restartBrokerGracefully(9)).getMessage());
    }

    @Test
    @Order(2)
    void anAddedBrokerTakesAPartitionAndIsRemovedOnceItIsMovedBack() throws Exception {
        long t0 = System.nanoTime();
        assertEquals(2, cluster.addBroker());
        System.out.printf("add-broker: registered after %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        addedPid = cluster.brokerPid(1);
        assertEquals(2, cluster.brokerCount());
        assertTrue(cluster.description().contains(", 2 brokers (broker 2 added, broker only) at "), cluster.description());
        assertEquals(2, cluster.bootstrapServers().split(",").length, cluster.bootstrapServers());
        awaitTrue("describeCluster lists 2 brokers", 30, () -> brokerIds(false).equals(List.of(1, 2)));

        List<Integer> before = replicas();
        reassign(List.of(2));
        awaitTrue("broker 2 leads " + MOVED, 30, () -> describe().leader() != null && describe().leader().id() == 2);
        produce(12, 15, 0);
        reassign(before);

        long r0 = System.nanoTime();
        String removed = cluster.removeBroker(2);
        System.out.printf("remove-broker: %s (%d ms)%n", removed, (System.nanoTime() - r0) / 1_000_000);
        assertTrue(removed.matches("removed broker 2 \\(127\\.0\\.0\\.1:\\d+\\): controlled shutdown \\d+\\.\\d s, "
                + "unregistered from the cluster's metadata"), removed);
        // Fenced brokers included: a stopped broker stays registered (fenced) until it is unregistered.
        awaitTrue("describeCluster, fenced brokers included, lists broker 1 only", 10, () -> brokerIds(true).equals(List.of(1)));
        assertEquals(1, cluster.brokerCount());
        assertFalse(ProcessHandle.of(addedPid).map(ProcessHandle::isAlive).orElse(false), "the removed broker's JVM is gone");
        assertEquals("broker 2 was removed from this cluster; its brokers are [1]",
                assertThrows(DriverException.class, () -> cluster.removeBroker(2)).getMessage());
        String killRemoved = assertThrows(DriverException.class, () -> cluster.killBroker(1)).getMessage();
        assertTrue(killRemoved.startsWith("broker index 1 was removed: this cluster has 1 broker"), killRemoved);
        produce(15, 18, null);
        assertEquals(18, readAll().size());
        String log = Files.readString(cluster.logFile(), StandardCharsets.UTF_8);
        assertTrue(log.contains("broker-add: broker 2 registered and unfenced after "), log);
        assertTrue(log.contains("broker-remove: " + removed), log);
    }

    @Test
    @Order(3)
    void anOriginalNodeIsAControllerAndCannotBeRemoved() {
        String refused = assertThrows(DriverException.class, () -> cluster.removeBroker(1)).getMessage();
        assertTrue(refused.startsWith("broker 1 cannot be removed: it is also a controller, a voter of the cluster's "
                + "KRaft quorum"), refused);
        assertTrue(refused.contains("remove a broker added by add-broker instead"), refused);
        assertTrue(cluster.isBrokerAlive(0), "untouched");
    }

    // ---- helpers

    /** Records {@code from} to {@code to} - 1 with acks=all, to {@code partition} or spread by key when null. */
    private static void produce(int from, int to, Integer partition) throws Exception {
        try (KafkaProducer<String, String> producer = producer(cluster.bootstrapServers(), "all", 30_000)) {
            for (int i = from; i < to; i++) {
                producer.send(new ProducerRecord<>(TOPIC, partition, "k" + i, "v" + i)).get(30, TimeUnit.SECONDS);
            }
        }
    }

    /** Every record of the topic, read from the start without a group. */
    private static List<String> readAll() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p, new StringDeserializer(),
                new StringDeserializer())) {
            List<TopicPartition> partitions = List.of(new TopicPartition(TOPIC, 0), new TopicPartition(TOPIC, 1),
                    new TopicPartition(TOPIC, 2));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(15));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp)) && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(r.value());
                }
            }
        }
        return values;
    }

    private static List<Integer> brokerIds(boolean includeFenced) throws Exception {
        return admin.describeCluster(new DescribeClusterOptions().includeFencedBrokers(includeFenced).timeoutMs(10_000)).nodes()
                .get(15, TimeUnit.SECONDS).stream().map(Node::id).sorted().toList();
    }

    private static TopicPartitionInfo describe() throws Exception {
        TopicDescription d = admin.describeTopics(List.of(TOPIC)).allTopicNames().get(15, TimeUnit.SECONDS).get(TOPIC);
        return d.partitions().get(MOVED.partition());
    }

    private static List<Integer> replicas() throws Exception {
        return describe().replicas().stream().map(Node::id).toList();
    }

    /** Moves {@link #MOVED}'s replicas to {@code target} and waits until the reassignment is over. */
    private static void reassign(List<Integer> target) throws Exception {
        long t0 = System.nanoTime();
        admin.alterPartitionReassignments(Map.of(MOVED, Optional.of(new NewPartitionReassignment(target))))
                .all().get(15, TimeUnit.SECONDS);
        awaitTrue("reassignment of " + MOVED + " to " + target + " over", 30,
                () -> admin.listPartitionReassignments().reassignments().get(10, TimeUnit.SECONDS).isEmpty());
        // The controller's answer comes first; the broker's metadata that describeTopics reads follows a moment later.
        awaitTrue("replicas of " + MOVED + " are " + target, 10, () -> replicas().equals(target));
        System.out.printf("reassignment of %s to %s: over after %d ms%n", MOVED, target, (System.nanoTime() - t0) / 1_000_000);
    }

    private static Admin admin(String bootstrap) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000");
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        return Admin.create(p);
    }

    private static KafkaProducer<String, String> producer(String bootstrap, String acks, int deliveryTimeoutMs) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, acks);
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, String.valueOf(deliveryTimeoutMs));
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(Math.min(30_000, deliveryTimeoutMs)));
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    private interface Check {
        boolean test() throws Exception;
    }

    /** Polls {@code check} until it holds or {@code seconds} pass. */
    private static void awaitTrue(String what, int seconds, Check check) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try {
                if (check.test()) {
                    return;
                }
            } catch (Exception e) {
                last = e;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("not within " + seconds + " s: " + what + (last == null ? "" : " (last error: " + last + ")"));
    }
}
