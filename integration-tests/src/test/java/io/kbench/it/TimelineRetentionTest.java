package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retention at work during a run shows on its timeline: a compressed soak on a local broker that checks retention every
 * second from its start, its topic given 2 s segments and 2 s of retention by the workload (an alter-config at the measurement's start,
 * as workloads/soak/compressed.yaml does), so segments are deleted while the load runs and the partitions' log start
 * offsets rise; the broker sees them too, its own segment counts falling, and tells its GC pauses.
 */
class TimelineRetentionTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(180)
    void retentionDeletingSegmentsDuringTheRunShowsOnTheTimelineAsTheBrokerSawIt() throws Exception {
        Path driver = Cli.write(dir, "kafka-retention.yaml", """
                name: Kafka (retention checked every second)
                driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                localCluster:
                  brokers: 1
                  brokerConfig:
                    log.retention.check.interval.ms: 1000
                    log.initial.task.delay.ms: 1000   # Kafka's first retention check waits 30 s after the start otherwise
                """);
        Path workload = Cli.write(dir, "soak.yaml", """
                name: compressed-soak-test
                topics: 1
                partitionsPerTopic: 2
                messageSize: 512
                subscriptionsPerTopic: 1
                producerRate: 1000
                warmupDuration: 2s
                testDuration: 20s
                operations:
                  - after: 0s
                    type: alter-config
                    configs: {retention.ms: "2000", segment.ms: "2000"}
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(), "--fixed-warmup",
                "--no-report", "--progress-interval", "1s", "--sample-interval", "1s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode timeline = run.result().get("timeline");
        System.out.println("timeline of a 20 s run with 2 s segments and 2 s retention: " + timeline);
        JsonNode retention = timeline.get("retention");
        assertTrue(retention.get("known").asBoolean(), retention.toString());
        assertTrue(retention.get("polls").asInt() >= 8, "polled every 2 s over 22 s of load: " + retention);
        assertTrue(retention.get("eventCount").asInt() >= 2, "segments rolled and deleted more than once: " + retention);
        assertEquals(2, retention.get("partitionsTouched").asInt(), retention.toString());
        long removed = retention.get("messagesRemoved").asLong();
        assertTrue(removed >= 2_000 && removed <= 22_000, "retention removed some of the ~22,000 messages sent: " + retention);
        long summed = 0;
        for (JsonNode e : retention.get("events")) {
            summed += e.get("messagesRemoved").asLong();
            assertTrue(e.get("elapsedMicros").asLong() > 0 && e.get("elapsedMicros").asLong() < 40_000_000L, e.toString());
        }
        assertEquals(removed, summed, "every event kept: " + retention);
        // The clients' GC pauses are recorded (this JVM's: the run is in-process), the spike rule stated.
        JsonNode gc = timeline.get("gcPauses");
        assertTrue(gc.get("count").asLong() >= gc.get("longest").size(), gc.toString());
        assertEquals(20_000, timeline.get("gcThresholdMicros").asLong());
        assertTrue(run.out().contains("Retention removed " + String.format(java.util.Locale.ROOT, "%,d", removed)
                + " messages from 2 partitions during the run (first at "), run.out());
        // The broker saw the same deletions itself: its segment counts fell, on the run's topic only (its internal topics left out).
        run.out().lines().filter(l -> l.startsWith("Broker") || l.startsWith("Spikes") || l.startsWith("Retention"))
                .forEach(l -> System.out.println("summary: " + l));
        JsonNode brokers = timeline.get("brokers");
        assertTrue(brokers.get("seen").asBoolean(), brokers.toString());
        assertEquals(1, brokers.get("brokerJvms").asInt(), brokers.toString());
        assertTrue(brokers.get("reads").asInt() >= 3, "at the load's start, every 10 s and at the end: " + brokers);
        assertTrue(brokers.get("deletionCount").asInt() >= 2, "segments deleted more than once: " + brokers);
        long segments = 0;
        for (JsonNode d : brokers.get("deletions")) {
            assertEquals(1, d.get("brokerId").asInt(), d.toString());
            assertEquals(retention.get("events").get(0).get("topic").asText(), d.get("topic").asText(), d.toString());
            assertTrue(d.get("segments").asInt() >= 1 && d.get("elapsedMicros").asLong() > 0, d.toString());
            segments += d.get("segments").asInt();
        }
        assertEquals(brokers.get("segmentsDeleted").asLong(), segments, "every deletion kept: " + brokers);
        // The broker's GC pauses are counted from the load's start: those kept lie in the run.
        assertTrue(brokers.get("gcPauseCount").asLong() >= brokers.get("longestGcPauses").size(), brokers.toString());
        for (JsonNode p : brokers.get("longestGcPauses")) {
            assertTrue(p.get("startEpochMicros").asLong() + p.get("durationMicros").asLong() >= timeline.get("loadStartEpochMicros").asLong(),
                    p.toString());
        }
        assertTrue(run.out().contains("Broker segment deletions: " + String.format(java.util.Locale.ROOT, "%,d", segments) + " segments in "),
                run.out());
        assertTrue(run.out().contains("Broker GC: "), run.out());
        assertTrue(run.out().contains("Client GC: "), run.out());
        assertTrue(run.out().contains("Spikes: "), run.out());
    }
}
