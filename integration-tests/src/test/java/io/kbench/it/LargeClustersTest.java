package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Large clusters on a real broker: topics beyond what one CreateTopics request may hold, created in
 * calls that say how far they got; a creation the broker refuses. (find-max when the clients are the
 * limit runs on the one-clock harness, SearchRunTest, with an in-memory producer whose sends cost it
 * time.) The clusters keep their data in memory (/dev/shm) where there is one: a broker on this
 * machine's disk takes 10,000 new partitions two to four times as long (their files' syncs), which is
 * the disk, not what these tests are about. Runs that need a cluster of their own (the brokers' own
 * figures, a partition limit) start one; the others share one broker.
 */
@Timeout(600)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LargeClustersTest {

    @TempDir
    static Path dir;

    /** A broker shared by the runs that do not need a cluster of their own (one start instead of one per run). */
    private static LocalKafkaCluster shared;

    private static boolean memoryBacked() {
        return Files.isDirectory(Path.of(SHM)) && Files.isWritable(Path.of(SHM));
    }

    private static final String SHM = "/dev/shm";

    @BeforeAll
    static void start() {
        LocalClusterConfig config = LocalClusterConfig.defaults();
        shared = LocalKafkaCluster.start(memoryBacked() ? config.withDataDir(SHM) : config, line -> {});
    }

    @AfterAll
    static void stop() {
        if (shared != null) {
            shared.close();
        }
    }

    /** A driver file that starts a cluster of its own, with {@code localExtra} in its localCluster section. */
    private static Path ownCluster(String name, String localExtra) throws Exception {
        return Cli.write(dir, name + ".yaml", "name: Kafka (" + name + ")\n"
                + "driverClass: io.kbench.kafka.KafkaBenchmarkDriver\n"
                + "replicationFactor: 1\n"
                + "localCluster:\n  brokers: 1\n" + (memoryBacked() ? "  dataDir: " + SHM + "\n" : "") + localExtra
                + CLIENTS);
    }

    /** A driver file for the shared broker, with {@code producerExtra} in producerConfig. */
    private static Path sharedCluster(String name, String producerExtra) throws Exception {
        return Cli.write(dir, name + ".yaml", "name: Kafka (" + name + ")\n"
                + "driverClass: io.kbench.kafka.KafkaBenchmarkDriver\n"
                + "replicationFactor: 1\n"
                + "commonConfig: |\n  bootstrap.servers=" + shared.bootstrapServers() + "\n"
                + CLIENTS.replace("  linger.ms=1\n", "  linger.ms=1\n" + producerExtra));
    }

    private static final String CLIENTS = "producerConfig: |\n  acks=1\n  linger.ms=1\n"
            + "consumerConfig: |\n  auto.offset.reset=earliest\n  enable.auto.commit=false\n";

    private static Path workload(String name, int topics, int partitions, String extra) throws Exception {
        return Cli.write(dir, name + ".yaml", """
                name: %s
                topics: %d
                partitionsPerTopic: %d
                messageSize: 256
                producersPerTopic: 1
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producerRate: 2000
                warmupDuration: 1s
                testDuration: 3s
                """.formatted(name, topics, partitions) + extra);
    }

    private static Cli.Outcome run(String... args) {
        List<String> all = new ArrayList<>();
        List<String> rest = new ArrayList<>(List.of(args));
        if (rest.get(0).equals("find-max")) {
            all.add(rest.remove(0));
        }
        all.addAll(List.of("--output-dir", dir.resolve("out").toString(), "--progress-interval", "1s", "--fixed-warmup"));
        all.addAll(rest);
        Cli.Outcome o = Cli.run(all.toArray(String[]::new));
        System.out.println(o.out()); // for the test report
        return o;
    }

    private static void assertIntegrityOk(Cli.Outcome o) throws Exception {
        assertEquals(0, o.exitCode(), o.all());
        JsonNode r = o.result();
        assertEquals("completed", r.get("status").asText(), o.out());
        JsonNode integrity = r.get("integrity");
        assertTrue(integrity.get("checkedMessages").asLong() > 0, integrity.toString());
        assertEquals(0, integrity.get("lostMessages").asLong(), integrity.toString());
        assertTrue(o.out().contains("Integrity OK: "), o.out());
    }

    @Test
    @Order(1)
    void tenTopicsOfAThousandPartitionsAreCreatedInCallsThatSayHowFarTheyGotAndRunWithIntegrityOk() throws Exception {
        // Before: "Kafka refused to create topic kbench-…-0 (1000 partitions, replication factor 1): Unable to perform
        // excessively large batch operation": every topic in one request, past the controller's 10,000 records.
        Cli.Outcome o = run("--drivers", ownCluster("ten", "").toString(), workload("ten-by-1000", 10, 1000, "").toString());

        assertIntegrityOk(o);
        String out = o.out();
        for (int done = 2; done <= 10; done += 2) {
            assertTrue(out.contains(String.format(Locale.ROOT, "  created %d of 10 topics, %,d of 10,000 partitions served, after ",
                    done, done * 1000)), out);
        }
        assertTrue(out.contains("Created 10 topic(s) with 10,000 partitions in "), out);
        assertTrue(out.contains(" s (5 call(s)); every partition is served."), out);
        JsonNode setup = o.result().get("topicSetup");
        assertEquals(10, setup.get("topics").asInt(), setup.toString());
        assertEquals(10_000, setup.get("partitions").asLong());
        assertEquals(5, setup.get("calls").asInt());
        assertTrue(setup.get("createMillis").asLong() > 0 && setup.get("deleteMillis").asLong() >= 0, setup.toString());
        // The run owns its cluster: the brokers' own request times over the measurement, and the tool's memory.
        JsonNode broker = o.result().get("brokerRequests");
        assertNotNull(broker, o.out());
        assertTrue(broker.get("partitions").asLong() >= 10_000, broker.toString());
        assertEquals("Produce", broker.get("requests").get(0).get("request").asText(), broker.toString());
        assertTrue(broker.get("requests").get(0).get("count").asLong() > 0, broker.toString());
        assertTrue(o.result().get("workerMemory").get("workers").get(0).get("liveHeapBytes").asLong() > 0);
        assertTrue(out.contains("Brokers over the measurement (the run's own cluster: "), out);
    }

    @Test
    @Order(2)
    void oneTopicOfTwelveThousandPartitionsIsCreatedThenGrownAndRunsWithIntegrityOk() throws Exception {
        // No single CreateTopics request may hold it: created with as many partitions as one holds, then grown.
        Cli.Outcome o = run("--drivers", sharedCluster("twelve", "").toString(), workload("one-by-12000", 1, 12_000, "").toString());

        assertIntegrityOk(o);
        JsonNode setup = o.result().get("topicSetup");
        assertEquals(12_000, setup.get("partitions").asLong(), setup.toString());
        assertEquals(1, setup.get("calls").asInt());
        assertTrue(o.out().contains("Created 1 topic(s) with 12,000 partitions in "), o.out());
    }

    @Test
    @Order(3)
    void aCreationTheBrokerRefusesNamesTheLimitAndTheRequestAndPrintsNothingOfALoadThatNeverRan() throws Exception {
        // The local cluster refuses topics beyond 1,500 partitions, as a managed service beyond its plan's.
        Cli.Outcome o = run("--drivers", ownCluster("limited", "  partitionLimit: 1500\n").toString(),
                workload("two-by-1000", 2, 1000, "").toString());

        assertEquals(1, o.exitCode(), o.all());
        String out = o.out();
        assertTrue(out.contains("Run failed: Kafka refused topic kbench-"), out);
        assertTrue(out.contains("(1,000 partitions) of CreateTopics request 1 of 1 (2 topics (kbench-"), out);
        assertTrue(out.contains("the cluster's partition limit is 1,500 partitions (localCluster.partitionLimit): it holds 0, "
                + "1,000 more are being created, and this topic asks for 1,000 more (PolicyViolationException) (during topic "
                + "creation)"), out);
        assertTrue(out.contains("Nothing was measured."), out);
        // Before: "Integrity OK: 0 messages checked", "Diagnosis: no limit found (the producers kept their schedule, ...)"
        // and the perf tools' lines of zeros, for a run that never sent a message.
        assertFalse(out.contains("Integrity"), out);
        assertFalse(out.contains("Diagnosis"), out);
        assertFalse(out.contains("As kafka-"), out);
        assertFalse(out.contains("Latency (ms)"), out);
        JsonNode r = o.result();
        assertEquals("failed", r.get("status").asText());
        assertTrue(r.get("failureReason").asText().endsWith("(during topic creation)"), r.get("failureReason").asText());
        assertTrue(r.get("measurement").isNull(), r.get("measurement").toString());
        assertTrue(r.get("integrity").isNull(), String.valueOf(r.get("integrity")));
        assertEquals("none", r.get("diagnosis").get("verdict").asText());
    }
}
