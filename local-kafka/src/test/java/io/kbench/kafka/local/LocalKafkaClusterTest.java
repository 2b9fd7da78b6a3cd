package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.DriverException;
import io.kbench.kafka.cluster.LocalClusterConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LocalKafkaClusterTest {

    private final List<String> progress = new ArrayList<>();

    @Test
    @Timeout(value = 40, unit = TimeUnit.SECONDS)
    void oneBrokerRoundTripAndCleanup() throws Exception {
        long pid;
        Path dir;
        long t0 = System.nanoTime();
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults(), progress::add)) {
            long readyMs = (System.nanoTime() - t0) / 1_000_000;
            pid = cluster.brokerPid(0);
            dir = cluster.directory();
            report("1 broker", readyMs, cluster);
            assertEquals(1, cluster.brokerCount());
            assertNull(cluster.security());
            assertEquals(Map.of("bootstrap.servers", cluster.bootstrapServers()), cluster.clientSettings());
            assertTrue(cluster.bootstrapServers().matches("127\\.0\\.0\\.1:\\d+"), cluster.bootstrapServers());
            assertTrue(cluster.description().startsWith("local Kafka " + cluster.kafkaVersion() + ", 1 broker at 127.0.0.1:"),
                    cluster.description());
            assertTrue(cluster.description().endsWith("(data in " + dir + ", deleted at exit)"), cluster.description());
            assertEquals(List.of("Starting local Kafka " + cluster.kafkaVersion() + " (1 broker)..."), progress.subList(0, 1));
            assertTrue(progress.get(1).matches("Local Kafka ready at 127\\.0\\.0\\.1:\\d+ in \\d+\\.\\d s"), progress.get(1));

            try (Admin admin = admin(cluster)) {
                admin.createTopics(List.of(new NewTopic("round-trip", 3, (short) 1))).all().get(15, TimeUnit.SECONDS);
            }
            try (KafkaProducer<String, String> producer = producer(cluster, "1")) {
                for (int i = 0; i < 10; i++) {
                    producer.send(new ProducerRecord<>("round-trip", "k" + i, "v" + i));
                }
                producer.flush();
            }
            Set<String> received = new TreeSet<>();
            try (KafkaConsumer<String, String> consumer = consumer(cluster)) {
                consumer.subscribe(List.of("round-trip"));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (received.size() < 10 && System.nanoTime() < deadline) {
                    for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                        received.add(r.value());
                    }
                }
            }
            assertEquals(10, received.size(), "received " + received);

            // The broker logs into broker.log (our console stays clean), each line naming its node;
            // stdout carried only READY, which the node's ready line in the log confirms was sent.
            String log = Files.readString(cluster.logFile(), StandardCharsets.UTF_8);
            assertTrue(log.contains(" [node 1] [main] INFO " + LocalNodeMain.class.getName() + " - Node ready at "
                    + cluster.bootstrapServers()), log);
            assertTrue(log.contains(" [cluster] [") && log.contains("LocalKafkaCluster - Local Kafka ready at "
                    + cluster.bootstrapServers()), log);
            assertFalse(log.contains(" INFO kafka.") || log.contains(" INFO org.apache.kafka."),
                    "broker INFO lines should be filtered out:\n" + log);
        }
        assertFalse(Files.exists(dir), "temp dir deleted: " + dir);
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "child process gone");
        System.out.printf("1 broker: start+round trip+close in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
    }

    @Test
    @Timeout(value = 50, unit = TimeUnit.SECONDS)
    void threeBrokersAllowReplicationFactorThreeWithAcksAll() throws Exception {
        long t0 = System.nanoTime();
        LocalKafkaCluster cluster = LocalKafkaCluster.start(LocalClusterConfig.ofBrokers(3), progress::add);
        try {
            report("3 brokers", (System.nanoTime() - t0) / 1_000_000, cluster);
            Set<Long> pids = new TreeSet<>();
            for (int i = 0; i < 3; i++) {
                pids.add(cluster.brokerPid(i));
                assertTrue(cluster.isBrokerAlive(i));
            }
            assertEquals(3, pids.size(), "one JVM per node: " + pids);
            assertEquals(3, cluster.brokerCount());
            assertEquals(3, cluster.bootstrapServers().split(",").length);
            assertTrue(cluster.description().contains(", 3 brokers at "), cluster.description());
            try (Admin admin = admin(cluster)) {
                assertEquals(3, admin.describeCluster().nodes().get(10, TimeUnit.SECONDS).size());
                NewTopic topic = new NewTopic("replicated", 2, (short) 3)
                        .configs(Map.of(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, "2"));
                admin.createTopics(List.of(topic)).all().get(15, TimeUnit.SECONDS);
            }
            try (KafkaProducer<String, String> producer = producer(cluster, "all")) {
                for (int i = 0; i < 5; i++) {
                    RecordMetadata md = producer.send(new ProducerRecord<>("replicated", "k" + i, "v" + i))
                            .get(15, TimeUnit.SECONDS);
                    assertTrue(md.offset() >= 0);
                }
            }
        } finally {
            long closeStart = System.nanoTime();
            cluster.close();
            System.out.printf("3 brokers: close took %d ms%n", (System.nanoTime() - closeStart) / 1_000_000);
        }
        assertFalse(Files.exists(cluster.directory()));
        assertFalse(cluster.isAlive());
        cluster.close(); // idempotent
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void brokerConfigOverridesAreApplied() throws Exception {
        LocalClusterConfig config = new LocalClusterConfig(1, Map.of("log.flush.interval.messages", "1000"), 384, null);
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(config, null);
             Admin admin = admin(cluster)) {
            ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, "1");
            Config brokerConfig = admin.describeConfigs(List.of(broker)).all().get(10, TimeUnit.SECONDS).get(broker);
            assertEquals("1000", brokerConfig.get("log.flush.interval.messages").value());
            // Defaults the tool sets are there too.
            assertEquals("false", brokerConfig.get("auto.create.topics.enable").value());
            assertEquals("0", brokerConfig.get("group.initial.rebalance.delay.ms").value());
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void startFailureReportsLogTailAndCleansUp() throws Exception {
        Set<Path> before = tempDirs();
        LocalClusterConfig config = new LocalClusterConfig(1, Map.of("num.partitions", "not-a-number"), null, null);
        DriverException e = assertThrows(DriverException.class, () -> LocalKafkaCluster.start(config, null));
        assertTrue(e.getMessage().startsWith("Cannot start the local Kafka cluster (1 broker): "), e.getMessage());
        assertTrue(e.getMessage().contains("Last lines of the broker log"), e.getMessage());
        assertTrue(e.getMessage().contains("num.partitions"), e.getMessage());
        assertEquals(before, tempDirs(), "no temp dir left behind");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aNodeJvmThatCannotStartSaysWhy() throws Exception {
        // The JVM reports this on stdout, before any code of ours runs.
        Set<Path> before = tempDirs();
        LocalClusterConfig config = new LocalClusterConfig(3, null, Integer.MAX_VALUE, null);
        assertEquals(List.of(), config.problems());
        assertEquals(Integer.MAX_VALUE / 3 + 1, config.heapMbPerNode());
        DriverException e = assertThrows(DriverException.class, () -> LocalKafkaCluster.start(config, null));
        assertTrue(e.getMessage().startsWith("Cannot start the local Kafka cluster (3 brokers): the JVM of node "), e.getMessage());
        assertTrue(e.getMessage().contains(" exited with status 1 before it was ready (it printed: Error occurred during "
                + "initialization of VM / Could not reserve enough space for "), e.getMessage());
        assertEquals(before, tempDirs(), "no temp dir left behind");
    }

    @Test
    void invalidConfigIsRejectedBeforeStarting() {
        LocalClusterConfig config = new LocalClusterConfig(0, Map.of("listeners", "PLAINTEXT://:9092"), null, null);
        DriverException e = assertThrows(DriverException.class, () -> LocalKafkaCluster.start(config, null));
        assertEquals("localCluster", e.field());
        assertTrue(e.getMessage().contains("localCluster.brokers"), e.getMessage());
        assertTrue(e.getMessage().contains("localCluster.brokerConfig.listeners"), e.getMessage());
    }

    @Test
    void defaults() {
        LocalClusterConfig c = new LocalClusterConfig(null, null, null, null);
        assertEquals(1, c.brokers());
        assertEquals(Map.of(), c.brokerConfig());
        assertEquals(512, c.heapMb());
        assertNull(c.security());
        assertEquals(List.of(), c.problems());
        assertNull(c.advice());
        assertEquals(1024, LocalClusterConfig.ofBrokers(3).heapMb());
        assertEquals(300, new LocalClusterConfig(3, null, 300, null).heapMb());

        Map<String, String> given = new HashMap<>(Map.of("a", "b"));
        LocalClusterConfig copy = new LocalClusterConfig(null, given, null, null);
        given.put("c", "d");
        assertEquals(Map.of("a", "b"), copy.brokerConfig());
        assertThrows(UnsupportedOperationException.class, () -> copy.brokerConfig().put("x", "y"));
    }

    @Test
    void problemsForBrokerCounts() {
        for (int ok = 1; ok <= 5; ok++) {
            assertEquals(List.of(), LocalClusterConfig.ofBrokers(ok).problems(), "brokers=" + ok);
        }
        for (int bad : new int[] {0, -1, 6, 100}) {
            List<String> problems = LocalClusterConfig.ofBrokers(bad).problems();
            assertEquals(1, problems.size(), problems.toString());
            assertTrue(problems.get(0).startsWith("localCluster.brokers must be between 1 and 5 (got " + bad + ")"),
                    problems.get(0));
            assertTrue(problems.get(0).contains("min.insync.replicas=2"), problems.get(0));
        }
        assertTrue(LocalClusterConfig.ofBrokers(2).advice().contains("1 or 3 is recommended"));
        assertNull(LocalClusterConfig.ofBrokers(3).advice());
        assertEquals(1, new LocalClusterConfig(1, null, 64, null).problems().size());
    }

    @Test
    void problemsForReservedKeys() {
        for (String key : List.of("node.id", "process.roles", "listeners", "advertised.listeners",
                "controller.quorum.voters", "controller.listener.names", "listener.security.protocol.map",
                "log.dirs", "log.dir", "inter.broker.listener.name")) {
            List<String> problems = new LocalClusterConfig(1, Map.of(key, "x"), null, null).problems();
            assertEquals(1, problems.size(), key + ": " + problems);
            assertTrue(problems.get(0).startsWith("localCluster.brokerConfig." + key + " cannot be set: the local cluster sets "
                    + key + " itself"), problems.get(0));
        }
        assertEquals(List.of(), new LocalClusterConfig(1, Map.of("num.io.threads", "4"), null, null).problems());
        List<String> two = new LocalClusterConfig(7, Map.of("log.dirs", "/x"), null, null).problems();
        assertEquals(2, two.size(), two.toString());
    }

    // ---- helpers

    private static Set<Path> tempDirs() throws Exception {
        Set<Path> dirs = new TreeSet<>();
        try (var s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            // This JVM's own: test classes in another JVM start and stop clusters meanwhile.
            s.filter(p -> p.getFileName().toString().startsWith(LocalKafkaCluster.ownTempPrefix())).forEach(dirs::add);
        }
        return dirs;
    }

    private static void report(String what, long readyMs, LocalKafkaCluster cluster) {
        List<String> rss = new ArrayList<>();
        for (int i = 0; i < cluster.brokerCount(); i++) {
            try {
                Process ps = new ProcessBuilder("ps", "-o", "rss=", "-p", String.valueOf(cluster.brokerPid(i))).start();
                rss.add(new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
                ps.waitFor(5, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                rss.add("?"); // informational only
            }
        }
        System.out.printf("%s: ready in %d ms, node RSS %s KiB%n", what, readyMs, rss);
    }

    private static Admin admin(LocalKafkaCluster cluster) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        return Admin.create(p);
    }

    private static KafkaProducer<String, String> producer(LocalKafkaCluster cluster, String acks) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, acks);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "20000");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    private static KafkaConsumer<String, String> consumer(LocalKafkaCluster cluster) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "round-trip-test");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer());
    }
}
