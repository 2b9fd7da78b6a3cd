package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A cluster that dies under a run: the run must say so, with the counts, and never blame the client. */
@Timeout(180)
class ClusterFailureTest {

    @TempDir
    Path dir;

    @Test
    void aBrokerKilledMidRunFailsTheRunWithinTheStallBoundAndCountsWhatWasNotDelivered() throws Exception {
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults(), line -> {})) {
            Path driver = Files.writeString(dir.resolve("driver.yaml"), "name: Kafka (dies)\n"
                    + "driverClass: io.kbench.kafka.KafkaBenchmarkDriver\nreplicationFactor: 1\n"
                    + "commonConfig: |\n  bootstrap.servers=" + cluster.bootstrapServers() + "\n");
            Path workload = Cli.write(dir, "dies.yaml", """
                    name: dies
                    topics: 1
                    partitionsPerTopic: 4
                    messageSize: 1024
                    subscriptionsPerTopic: 1
                    producerRate: 4000
                    warmupDuration: 1s
                    testDuration: 3m
                    """);
            CompletableFuture<Cli.Outcome> running = CompletableFuture.supplyAsync(() -> Cli.run("--drivers", driver.toString(),
                    "--output-dir", dir.resolve("out").toString(), "--progress-interval", "2s", "--stall-timeout", "10s",
                    workload.toString()));
            awaitMessages(cluster.bootstrapServers(), 12_000);
            long killedAt = System.nanoTime();
            ProcessHandle.of(cluster.brokerPid(0)).ifPresent(ProcessHandle::destroyForcibly);
            Cli.Outcome run = running.get(150, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - killedAt) / 1e9;

            assertEquals(1, run.exitCode(), run.all());
            assertTrue(seconds < 10 + 45, "the run ended " + seconds + " s after the kill: 10 s to notice, then cleanup");
            JsonNode r = run.result();
            assertEquals("failed", r.get("status").asText());
            String reason = r.get("failureReason").asText();
            assertTrue(reason.startsWith("no acknowledgement for 1"), reason);
            assertTrue(reason.contains("the last broker that answered was " + cluster.bootstrapServers()), reason);
            JsonNode delivery = r.get("delivery");
            long sent = delivery.get("sentMessages").asLong();
            long unacked = delivery.get("failedMessages").asLong() + delivery.get("undeliveredMessages").asLong();
            assertTrue(unacked > 0, delivery.toString());
            assertEquals(sent, delivery.get("ackedMessages").asLong() + unacked, "every message is accounted for: " + delivery);
            assertTrue(delivery.get("unsentDueMessages").asLong() > 0, "the schedule went on while nothing could be sent");
            assertEquals("cluster-bound", r.get("diagnosis").get("verdict").asText(), r.get("diagnosis").toString());
            assertFalse(r.get("clientBound").asBoolean());
            assertFalse(run.out().contains("client-bound"), run.out());
            assertTrue(run.out().contains("failed (no acknowledgement for"), run.out());
            assertTrue(r.get("warnings").toString().contains("left behind"), "topics that could not be deleted are named");
        }
    }

    /** Waits until the run's topic holds {@code count} messages: the load is flowing. */
    private static void awaitMessages(String bootstrap, long count) throws Exception {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(p)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (System.nanoTime() < deadline) {
                long total = 0;
                for (String topic : admin.listTopics().names().get(10, TimeUnit.SECONDS)) {
                    Map<TopicPartition, OffsetSpec> latest = admin.describeTopics(java.util.List.of(topic)).allTopicNames()
                            .get(10, TimeUnit.SECONDS).get(topic).partitions().stream()
                            .collect(Collectors.toMap(i -> new TopicPartition(topic, i.partition()), i -> OffsetSpec.latest()));
                    for (var o : admin.listOffsets(latest).all().get(10, TimeUnit.SECONDS).values()) {
                        total += o.offset();
                    }
                }
                if (total >= count) {
                    return;
                }
                Thread.sleep(200);
            }
            throw new AssertionError("the run never produced " + count + " messages");
        }
    }
}
