package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Whole runs through the CLI against a real broker: the numbers must be right. */
@Timeout(120)
class LocalRunTest {

    @TempDir
    Path dir;

    @Test
    void fixedRateRunAchievesItsRateAndFillsEveryHistogram() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "producerConfig: |\n  acks=1\n  linger.ms=1\n");
        Path workload = Cli.write(dir, "fixed.yaml", """
                name: fixed-rate
                topics: 1
                partitionsPerTopic: 4
                messageSize: 512
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 3000
                warmupDuration: 2s
                testDuration: 8s
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(),
                "--progress-interval", "2s", "--sample-interval", "2s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("completed", r.get("status").asText());
        JsonNode m = r.get("measurement");
        double rate = m.get("publishRate").asDouble();
        assertTrue(Math.abs(rate - 3000) <= 0.02 * 3000, "achieved " + rate + " msg/s for 3000 requested");
        assertFalse(m.get("fellBehind").asBoolean());
        for (String h : new String[] {"publishLatency", "sendLatency", "scheduleDelay", "endToEndLatency"}) {
            assertTrue(m.get(h).get("count").asLong() > 20_000, h + " has " + m.get(h).get("count") + " samples");
        }
        // Every acknowledged message is a publish sample; every consumed one an end-to-end sample.
        assertEquals(m.get("counts").get("messagesAcked").asLong(), m.get("publishLatency").get("count").asLong());
        assertEquals(m.get("counts").get("messagesReceived").asLong(), m.get("endToEndLatency").get("count").asLong());
        assertEquals(0, m.get("counts").get("sendErrors").asLong());
        // OMB fields are present and agree with ours (OMB's publish latency is in milliseconds).
        assertEquals(m.get("publishLatency").get("p99Micros").asDouble() / 1000.0,
                r.get("aggregatedPublishLatency99pct").asDouble(), 1e-9);
        assertEquals(4, r.get("publishRate").size(), "one OMB publishRate entry per 2 s period of the 8 s test");
        assertTrue(run.out().contains("records sent,"), run.out());
        assertTrue(run.out().contains("rebalance.time.ms"), run.out());
        assertTopicsDeleted(r);
    }

    @Test
    void messageCountRunSendsExactlyN() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Path workload = Cli.write(dir, "count.yaml", """
                name: count
                topics: 2
                partitionsPerTopic: 3
                messageSize: 100
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                producerRate: -1
                messageCount: 12345
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.toString(), workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode counts = run.result().get("measurement").get("counts");
        assertEquals(12345, counts.get("messagesSent").asLong());
        assertEquals(12345, counts.get("messagesAcked").asLong());
        assertEquals(12345, counts.get("messagesReceived").asLong());
        assertTrue(run.out().contains("12345 records sent,"), run.out());
    }

    @Test
    void openMessagingBenchmarkFilesRunUnchanged() throws Exception {
        // A driver and a workload file exactly as OpenMessaging Benchmark ships them (only the address differs).
        Path driver = Cli.write(dir, "kafka-throughput.yaml", """
                name: Kafka
                driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver

                # Kafka client-specific configuration
                replicationFactor: 1
                reset: true

                topicConfig: |
                  min.insync.replicas=1

                commonConfig: |
                  bootstrap.servers=%s
                  default.api.timeout.ms=600000

                producerConfig: |
                  acks=all
                  linger.ms=1
                  batch.size=1048576

                consumerConfig: |
                  auto.offset.reset=earliest
                  enable.auto.commit=false
                  max.partition.fetch.bytes=10485760
                """.formatted(SharedKafka.bootstrap()));
        Cli.write(dir, "payload-json.data", "{\"id\":1234567,\"name\":\"benchmark\",\"tags\":[\"a\",\"b\",\"c\"],\"ok\":true,\"v\":1.5}");
        Path workload = Cli.write(dir, "1-topic-3-partition-json-3producers-with-key.yaml", """
                name: 1 topic / 3 partition / json / 3 producers

                topics: 1
                partitionsPerTopic: 3
                messageSize: 72
                payloadFile: "payload-json.data"
                keyDistributor: "KEY_ROUND_ROBIN"
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 3
                producerRate: 50
                consumerBacklogSizeGB: 0
                testDurationMinutes: 15
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.toString(),
                "--duration", "4s", "--warmup", "1s", "--progress-interval", "2s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("Kafka", r.get("driver").asText());
        assertEquals(72, r.get("messageSize").asInt());
        assertTrue(r.get("measurement").get("counts").get("messagesAcked").asLong() >= 190, r.get("measurement").toString());
        assertEquals(0, r.get("measurement").get("counts").get("sendErrors").asLong());
    }

    static void assertTopicsDeleted(JsonNode result) throws Exception {
        assertTrue(result.get("topicNames").size() > 0, "the run created no topics");
        for (int attempt = 0; ; attempt++) {
            java.util.Set<String> existing = SharedKafka.topics();
            boolean anyLeft = false;
            for (JsonNode topic : result.get("topicNames")) {
                anyLeft |= existing.contains(topic.asText());
            }
            if (!anyLeft) {
                return;
            }
            // Deletion is acknowledged before every broker's metadata cache has caught up.
            assertTrue(attempt < 50, "topics " + result.get("topicNames") + " were not deleted: " + existing);
            Thread.sleep(100);
        }
    }

    @Test
    void aWarmupGoesOnWhileTheProducersAreBehindAndSaysSoWhenItIsCappedUnsettled() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        // Far more than one broker on this machine takes: the producers fall ever further behind.
        Path workload = Cli.write(dir, "behind.yaml", """
                name: behind
                topics: 1
                partitionsPerTopic: 2
                messageSize: 1024
                subscriptionsPerTopic: 0
                producerRate: 400000
                warmupDuration: 1s
                testDuration: 1s
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.toString(), "--progress-interval", "500ms",
                "--max-warmup", "3s", "--drain-timeout", "20s", workload.toString());

        JsonNode r = run.result();
        JsonNode warmup = r.get("warmup");
        assertFalse(warmup.get("settled").asBoolean(), warmup.toString());
        assertTrue(warmup.get("usedMillis").asLong() >= 3_000, "went on to its cap: " + warmup);
        assertTrue(warmup.get("endReason").asText().contains("messages behind their schedule"), warmup.toString());
        assertTrue(warmup.get("scheduleLagAtMeasureStartMessages").asLong() > 0, "the debt carried in is reported: " + warmup);
        assertTrue(run.out().contains("warmup goes on: the producers are"), run.out());
        assertTrue(r.get("warnings").toString().contains("the warmup did not settle within its cap of 3 s"), r.get("warnings").toString());
    }
}
