package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.BrokerActivity;
import io.kbench.driver.DriverException;
import io.kbench.kafka.cluster.LocalClusterConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Faults on one real 3-broker cluster with fault proxies, shared by the tests of this class
 * (each test leaves every broker running). Timing is asserted as lower bounds only.
 *
 * <p>The controller fences a broker that stops heartbeating after broker.session.timeout.ms
 * (Kafka's default 9 s); 4 s here keeps the kill test short. Pauses stay well below it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LocalClusterFaultsTest {

    private static final String TOPIC = "faults-rf3";
    private static LocalKafkaCluster cluster;
    private static Admin admin;

    @BeforeAll
    static void start() throws Exception {
        long t0 = System.nanoTime();
        cluster = LocalKafkaCluster.start(LocalClusterConfig.ofBrokers(3).withFaultProxy(true)
                .withBrokerConfig(Map.of("broker.session.timeout.ms", "4000", "broker.heartbeat.interval.ms", "500")), null);
        System.out.printf("3 brokers with fault proxies: ready in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        admin = admin(cluster.bootstrapServers());
        NewTopic topic = new NewTopic(TOPIC, 3, (short) 3).configs(Map.of(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, "2"));
        admin.createTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
    }

    /** close() after a kill and during a pause: no node JVM and no helper left, the directory gone. */
    @AfterAll
    static void closeAfterKillAndPause() throws Exception {
        if (admin != null) {
            admin.close(Duration.ofSeconds(2));
        }
        if (cluster == null) {
            return;
        }
        cluster.killBroker(2);
        cluster.pauseBroker(0, Duration.ofSeconds(60));
        assertTrue(cluster.isBrokerPaused(0));
        List<Long> pids = List.of(cluster.brokerPid(0), cluster.brokerPid(1), cluster.brokerPid(2));
        Path dir = cluster.directory();
        long t0 = System.nanoTime();
        cluster.close();
        System.out.printf("close with a paused and a killed broker: %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "node JVM " + pid + " still runs");
        }
        List<String> leftovers = ProcessHandle.current().descendants()
                .filter(ProcessHandle::isAlive)
                .map(p -> p.info().commandLine().orElse(""))
                .filter(c -> c.contains(dir.toString()) || c.contains("kbench-resume"))
                .toList();
        assertEquals(List.of(), leftovers, "child processes left after close()");
        assertFalse(Files.exists(dir), "temp dir deleted: " + dir);
        assertFalse(cluster.isAlive());
        DriverException e = assertThrows(DriverException.class, () -> cluster.killBroker(1));
        assertEquals("cannot kill a broker: the local cluster is closed", e.getMessage());
        cluster.close(); // idempotent
    }

    @Test
    void describesItselfAndItsBrokers() {
        assertEquals(3, cluster.brokerCount());
        assertTrue(cluster.hasFaultProxy());
        assertTrue(cluster.description().contains(" through fault proxies (data in "), cluster.description());
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            addresses.add(cluster.brokerAddress(i));
        }
        assertEquals(String.join(",", addresses), cluster.bootstrapServers());
        Map<String, Double> metrics = cluster.brokerMetrics();
        assertTrue(metrics.containsKey("Produce.TotalTimeMs.count"), "the nodes answer their request metrics: " + metrics.keySet());
    }

    @Test
    void badUseSaysWhatIsAllowed() {
        assertEquals("broker index 3 is out of range: this cluster has 3 brokers, indexes 0 to 2",
                assertThrows(DriverException.class, () -> cluster.killBroker(3)).getMessage());
        assertEquals("broker index -1 is out of range: this cluster has 3 brokers, indexes 0 to 2",
                assertThrows(DriverException.class, () -> cluster.brokerAddress(-1)).getMessage());
        assertEquals("broker 1 (node 2) is running; only a killed broker can be restarted (kill it first with killBroker(1))",
                assertThrows(DriverException.class, () -> cluster.restartBroker(1)).getMessage());
        assertEquals("a pause must last a positive duration (got 0 ms)",
                assertThrows(DriverException.class, () -> cluster.pauseBroker(0, Duration.ZERO)).getMessage());
        assertEquals("a network freeze must last a positive duration (got -1 ms)",
                assertThrows(DriverException.class, () -> cluster.freezeNetwork(Duration.ofMillis(-1))).getMessage());
        assertEquals("topic no-such-topic does not exist on the local cluster; create it first",
                assertThrows(DriverException.class, () -> cluster.leaderOf("no-such-topic", 0)).getMessage());
        assertEquals("topic " + TOPIC + " has 3 partition(s), numbered 0 to 2 (got 7)",
                assertThrows(DriverException.class, () -> cluster.leaderOf(TOPIC, 7)).getMessage());
    }

    @Test
    void leaderOfMatchesDescribeTopics() throws Exception {
        TopicDescription d = admin.describeTopics(List.of(TOPIC)).allTopicNames().get(15, TimeUnit.SECONDS).get(TOPIC);
        for (TopicPartitionInfo p : d.partitions()) {
            int index = cluster.leaderOf(TOPIC, p.partition());
            assertEquals(p.leader().id() - 1, index, "partition " + p.partition());
            assertTrue(cluster.isBrokerAlive(index));
        }
    }

    @Test
    void killOneOfThreeKeepsAcksAllWorkingAndTheRestartedBrokerServesAgain() throws Exception {
        int victim = cluster.leaderOf(TOPIC, 0);
        long pid = cluster.brokerPid(victim);
        // Every broker tells what it did since its JVM started; the restarted one below is a new JVM.
        Map<Integer, BrokerActivity> before = activity();
        assertEquals(Set.of(1, 2, 3), before.keySet(), before.toString());
        cluster.killBroker(victim);
        assertFalse(cluster.isBrokerAlive(victim));
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "killed JVM gone");
        assertTrue(cluster.isAlive(), "two brokers still run");
        DriverException again = assertThrows(DriverException.class, () -> cluster.killBroker(victim));
        assertTrue(again.getMessage().startsWith("broker " + victim + " (node " + (victim + 1) + ") is not running, so it "
                + "cannot be killed; running brokers: "), again.getMessage());

        // acks=all with min.insync.replicas=2 still succeeds on every partition, including the one
        // the victim led (once the controller has fenced it and moved the leadership).
        long t0 = System.nanoTime();
        try (KafkaProducer<String, String> producer = producer(cluster.bootstrapServers(), "all", 60_000)) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                sent.add(producer.send(new ProducerRecord<>(TOPIC, i % 3, "k" + i, "v" + i)));
            }
            for (Future<RecordMetadata> f : sent) {
                assertTrue(f.get(60, TimeUnit.SECONDS).offset() >= 0);
            }
        }
        System.out.printf("acks=all with a killed broker: 30 records acknowledged after %d ms%n",
                (System.nanoTime() - t0) / 1_000_000);
        awaitTrue("describeCluster shows 2 brokers", 30, () -> brokers(admin) == 2);

        long r0 = System.nanoTime();
        cluster.restartBroker(victim);
        System.out.printf("restart: registered again after %d ms%n", (System.nanoTime() - r0) / 1_000_000);
        assertTrue(cluster.isBrokerAlive(victim));
        assertFalse(pid == cluster.brokerPid(victim), "a new JVM");
        Map<Integer, BrokerActivity> after = activity();
        assertTrue(after.get(victim + 1).jvmStartEpochMillis() > before.get(victim + 1).jvmStartEpochMillis(), after.toString());
        int other = (victim + 1) % 3 + 1;
        assertEquals(before.get(other).jvmStartEpochMillis(), after.get(other).jvmStartEpochMillis(), after.toString());
        assertTrue(after.get(other).gcPauses() >= before.get(other).gcPauses(), "counts since the JVM started: " + after);
        awaitTrue("describeCluster shows 3 brokers", 30, () -> brokers(admin) == 3);
        // It serves again: on its own (same) address, and as a replica back in sync.
        try (Admin direct = admin(cluster.brokerAddress(victim))) {
            assertEquals(3, brokers(direct));
        }
        awaitTrue("broker " + victim + " back in the ISR of every partition", 60, () -> {
            TopicDescription d = admin.describeTopics(List.of(TOPIC)).allTopicNames().get(10, TimeUnit.SECONDS).get(TOPIC);
            return d.partitions().stream().allMatch(p -> p.isr().stream().anyMatch(n -> n.id() == victim + 1));
        });
        try (KafkaProducer<String, String> producer = producer(cluster.brokerAddress(victim), "all", 30_000)) {
            assertTrue(producer.send(new ProducerRecord<>(TOPIC, 0, "after", "restart")).get(30, TimeUnit.SECONDS).offset() > 0);
        }
        String log = Files.readString(cluster.logFile(), StandardCharsets.UTF_8);
        assertTrue(log.contains("broker-kill: broker " + victim + " (node " + (victim + 1) + ") (pid " + pid + ") killed with SIGKILL"), log);
        assertTrue(log.contains("broker-restart: broker " + victim + " (node " + (victim + 1) + ") registered again after "), log);
    }

    @Test
    void aPausedLeaderHoldsItsPartitionUntilResumed() throws Exception {
        int partition = 1;
        int leader = cluster.leaderOf(TOPIC, partition);
        try (KafkaProducer<String, String> producer = producer(cluster.bootstrapServers(), "1", 60_000)) {
            producer.send(new ProducerRecord<>(TOPIC, partition, "warm", "up")).get(30, TimeUnit.SECONDS);

            cluster.pauseBroker(leader, Duration.ofMillis(2500));
            long t0 = System.nanoTime();
            assertTrue(cluster.isBrokerPaused(leader));
            assertTrue(cluster.isBrokerAlive(leader), "a paused broker is alive");
            DriverException twice = assertThrows(DriverException.class, () -> cluster.pauseBroker(leader, Duration.ofSeconds(1)));
            assertTrue(twice.getMessage().contains(" is already paused until "), twice.getMessage());

            Future<RecordMetadata> during = producer.send(new ProducerRecord<>(TOPIC, partition, "during", "pause"));
            Thread.sleep(1500);
            assertFalse(during.isDone(), "acknowledged while its leader was stopped");
            during.get(60, TimeUnit.SECONDS);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("produce during a 2500 ms pause of its leader: acknowledged after %d ms%n", ms);
            assertTrue(ms >= 2000, "acknowledged after " + ms + " ms of a 2500 ms pause");
        }
        awaitTrue("the pause is over", 10, () -> !cluster.isBrokerPaused(leader));
        String log = Files.readString(cluster.logFile(), StandardCharsets.UTF_8);
        assertTrue(log.contains("broker-pause: broker " + leader + " (node " + (leader + 1) + ") (pid "), log);
        assertTrue(log.contains("broker-pause: broker " + leader + " (node " + (leader + 1) + ") resumed with SIGCONT"), log);
    }

    @Test
    void aNetworkFreezeHoldsAProduceForItsDuration() throws Exception {
        try (KafkaProducer<String, String> producer = producer(cluster.bootstrapServers(), "all", 60_000)) {
            for (int p = 0; p < 3; p++) {
                producer.send(new ProducerRecord<>(TOPIC, p, "warm", "up")).get(30, TimeUnit.SECONDS);
            }
            cluster.freezeNetwork(Duration.ofSeconds(2));
            long t0 = System.nanoTime();
            Future<RecordMetadata> during = producer.send(new ProducerRecord<>(TOPIC, 2, "during", "freeze"));
            during.get(60, TimeUnit.SECONDS);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("produce during a 2000 ms network freeze: acknowledged after %d ms%n", ms);
            assertTrue(ms >= 1500, "acknowledged after " + ms + " ms of a 2000 ms freeze");
            // The same connections carry on.
            producer.send(new ProducerRecord<>(TOPIC, 2, "after", "freeze")).get(30, TimeUnit.SECONDS);
        }
        String log = Files.readString(cluster.logFile(), StandardCharsets.UTF_8);
        assertTrue(log.contains("network-freeze: clients' traffic to every broker stopped for 2000 ms"), log);
        for (int node = 1; node <= 3; node++) {
            assertTrue(log.contains("[node " + node + "] [kbench-node-control] INFO io.kbench.kafka.local.FaultProxy - Network freeze: "),
                    "node " + node + " logged the freeze:\n" + log);
        }
    }

    @Test
    void aNetworkDelayHoldsEachProduceForTwiceTheDelayAndEndsByItself() throws Exception {
        try (KafkaProducer<String, String> producer = producer(cluster.bootstrapServers(), "all", 60_000)) {
            for (int p = 0; p < 3; p++) {
                producer.send(new ProducerRecord<>(TOPIC, p, "warm", "up")).get(30, TimeUnit.SECONDS);
            }
            cluster.delayNetwork(Duration.ofMillis(100), Duration.ofSeconds(3));
            long t0 = System.nanoTime();
            producer.send(new ProducerRecord<>(TOPIC, 1, "during", "delay")).get(30, TimeUnit.SECONDS);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("produce during a 100 ms network delay (each way): acknowledged after %d ms%n", ms);
            assertTrue(ms >= 200, "acknowledged after " + ms + " ms: the request and its answer are held 100 ms each");
        }
        String log = Files.readString(cluster.logFile(), StandardCharsets.UTF_8);
        assertTrue(log.contains("network-delay: every byte between the clients and every broker held 100.000 ms each way for 3000 ms"),
                log);
        awaitTrue("every proxy logs the end of the delay", 15, () -> {
            String now = Files.readString(cluster.logFile(), StandardCharsets.UTF_8);
            for (int node = 1; node <= 3; node++) {
                if (!now.contains("[node " + node + "] [kbench-fault-proxy-") || !now.matches("(?s).*\\[node " + node
                        + "\\] \\[kbench-fault-proxy-\\d+\\] INFO io.kbench.kafka.local.FaultProxy - Network delay over.*")) {
                    return false;
                }
            }
            return true;
        });
        assertEquals("a network delay must be from 1 ms to 5000 ms each way (got 0 ms)",
                assertThrows(DriverException.class, () -> cluster.delayNetwork(Duration.ZERO, Duration.ofSeconds(1))).getMessage());
        assertEquals("a network delay must be from 1 ms to 5000 ms each way (got 60000 ms)",
                assertThrows(DriverException.class, () -> cluster.delayNetwork(Duration.ofMinutes(1), Duration.ofSeconds(1)))
                        .getMessage());
        assertEquals("a network delay must last a positive duration (got 0 ms)",
                assertThrows(DriverException.class, () -> cluster.delayNetwork(Duration.ofMillis(5), Duration.ZERO)).getMessage());
    }

    // ---- helpers

    static Admin admin(String bootstrap) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000");
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        return Admin.create(p);
    }

    static int brokers(Admin admin) throws Exception {
        return admin.describeCluster(new DescribeClusterOptions().timeoutMs(10_000)).nodes().get(15, TimeUnit.SECONDS).size();
    }

    /** Each running broker's activity, by broker id. */
    private static Map<Integer, BrokerActivity> activity() {
        Map<Integer, BrokerActivity> out = new java.util.TreeMap<>();
        cluster.brokerActivity().orElseThrow().forEach(a -> out.put(a.brokerId(), a));
        return out;
    }

    static KafkaProducer<String, String> producer(String bootstrap, String acks, int deliveryTimeoutMs) {
        return producer(bootstrap, acks, deliveryTimeoutMs, 60_000);
    }

    /** @param maxBlockMs how long send() may wait for metadata (the client's default: 60 s) */
    static KafkaProducer<String, String> producer(String bootstrap, String acks, int deliveryTimeoutMs, int maxBlockMs) {
        Properties p = new Properties();
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, String.valueOf(maxBlockMs));
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, acks);
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, String.valueOf(deliveryTimeoutMs));
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(Math.min(30_000, deliveryTimeoutMs)));
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    interface Check {
        boolean test() throws Exception;
    }

    /** Polls {@code check} until it holds or {@code seconds} pass. */
    static void awaitTrue(String what, int seconds, Check check) throws Exception {
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
