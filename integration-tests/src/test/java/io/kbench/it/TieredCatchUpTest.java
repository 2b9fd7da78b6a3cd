package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.cli.BenchmarkCommand;
import io.kbench.coordinator.StopSignal;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catch-up from a remote tier, on a local cluster the run starts with tiered storage (Kafka's LocalTieredStorage):
 * while the catch-up group waits, closed segments go to the tier and leave the local disk; the group then reads them
 * back from the tier, every record (integrity OK), and the brokers count the bytes they read from it.
 */
@Timeout(150)
class TieredCatchUpTest {

    @TempDir
    Path dir;

    @Test
    void theCatchUpReadsSegmentsOnlyTheRemoteTierStillHoldsAndTheBrokersCountTheBytes() throws Exception {
        Path driver = Cli.write(dir, "tiered.yaml", """
                name: Kafka (local, tiered)
                driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                localCluster:
                  brokers: 1
                  tieredStorage: true
                producerConfig: |
                  acks=1
                  linger.ms=5
                  batch.size=131072
                """);
        // 2,000 msg/s × 1 KiB for the warmup and the delay: about 20 segments of 1 MiB before the catch-up group joins.
        Path workload = Cli.write(dir, "tiered-catch-up.yaml", """
                name: tiered-catch-up
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                producersPerTopic: 1
                subscriptionsPerTopic: 2
                consumerPerSubscription: 1
                producerRate: 2000
                warmupDuration: 2s
                testDuration: 2s
                consumeDelaySeconds: 8
                tieredStorage: true
                catchUp:
                  subscriptions: 1
                  from: earliest
                """);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> BenchmarkCommand.commandLine(o, e, new StopSignal())
                .execute("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(), "--fixed-warmup",
                        "--progress-interval", "1s", workload.toString()));

        // Once the catch-up group joins, the run's topic must hold records only the remote tier has.
        String printed = awaitPrinted(out, "Catch-up: 1 group(s) join", run);
        Matcher at = Pattern.compile("Local Kafka ready at (\\S+)").matcher(printed);
        assertTrue(at.find(), printed);
        Matcher topicName = Pattern.compile("Creating 1 topic\\(s\\)").matcher(printed);
        assertTrue(topicName.find(), printed);
        long earliest;
        long earliestLocal;
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, at.group(1));
        try (Admin admin = Admin.create(p)) {
            String topic = admin.listTopics().names().get(30, TimeUnit.SECONDS).stream().filter(t -> t.startsWith("kbench-"))
                    .findFirst().orElseThrow();
            TopicPartition tp = new TopicPartition(topic, 0);
            earliest = admin.listOffsets(Map.of(tp, OffsetSpec.earliest())).partitionResult(tp).get(30, TimeUnit.SECONDS).offset();
            earliestLocal = admin.listOffsets(Map.of(tp, OffsetSpec.earliestLocal())).partitionResult(tp).get(30, TimeUnit.SECONDS)
                    .offset();
        }
        int exit = run.get(120, TimeUnit.SECONDS);
        String all = out.toString(StandardCharsets.UTF_8) + "\n" + err.toString(StandardCharsets.UTF_8);
        assertEquals(0, earliest, "the remote tier still holds the first records");
        assertTrue(earliestLocal > 1_000, "the local log start offset moved past records the remote tier holds: " + earliestLocal);

        assertEquals(0, exit, all);
        JsonNode r = Cli.JSON.readTree(Cli.resultFile(out.toString(StandardCharsets.UTF_8)).toFile());
        assertEquals("completed", r.get("status").asText(), all);
        assertEquals(0, r.get("integrity").get("lostMessages").asLong(), r.get("integrity").toString());
        JsonNode readPast = r.get("readPast");
        JsonNode catchUp = null;
        for (JsonNode g : readPast.get("groups")) {
            if (g.get("role").asText().equals("catch-up")) {
                catchUp = g;
            }
        }
        assertFalse(catchUp.get("catchUpMillis").isNull(), "caught up: " + catchUp);
        assertTrue(catchUp.get("lagAtStartRecords").asLong() >= earliestLocal, catchUp.toString());
        JsonNode tier = readPast.get("remoteTier");
        long read = tier.get("bytesReadDuringReading").asLong();
        long copied = tier.get("bytesCopiedInRun").asLong();
        // The records below the local log start offset came from the tier: about 1 KiB each, and at most what was copied to it.
        assertTrue(read >= earliestLocal * 1024, "bytes read from the remote tier: " + tier + " for " + earliestLocal
                + " records only it held");
        assertTrue(read <= copied, "no more read from the tier than was copied to it: " + tier);
        assertTrue(all.contains("Remote tier: "), all);
    }

    /** Waits until the run printed {@code text}; fails if the run ends first. */
    private static String awaitPrinted(ByteArrayOutputStream out, String text, CompletableFuture<Integer> run) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(100);
        while (System.nanoTime() < deadline) {
            String printed = out.toString(StandardCharsets.UTF_8);
            if (printed.contains(text)) {
                return printed;
            }
            if (run.isDone()) {
                throw new AssertionError("the run ended (" + run.get() + ") before printing '" + text + "':\n" + printed);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the run never printed '" + text + "':\n" + out.toString(StandardCharsets.UTF_8));
    }
}
