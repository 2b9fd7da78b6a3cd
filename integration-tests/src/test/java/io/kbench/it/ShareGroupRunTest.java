package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Share-group subscriptions end to end on the shared local broker (share groups on): consumers outnumbering
 * partitions, released and rejected records, the counts and the integrity check at least once, and the
 * scale-out past the partition count that a consumer group cannot follow. The same promises on three brokers,
 * with the topic and the share state replicated, are the Kafka driver's (local-kafka's
 * KafkaShareGroupsOnThreeBrokersTest): the command line adds nothing there that the shared broker does not show.
 */
class ShareGroupRunTest {

    /**
     * Short heartbeats, so that a new share group's members learn their assignment within a second; and
     * few records per poll, so that slow members do not each acquire a whole batch while others idle.
     */
    static final String GROUP_CONFIG = "groupConfig: |\n  share.heartbeat.interval.ms=500\n"
            + "consumerConfig: |\n  max.poll.records=10\n  share.acquire.mode=record_limit\n";

    @TempDir
    Path dir;

    @Test
    @Timeout(180)
    void shareConsumersOutnumberingPartitionsAllReceiveAndEveryRecordIsSettledOnce() throws Exception {
        Path driver = Cli.driverFile(dir, "kafka.yaml", GROUP_CONFIG);
        Path workload = Cli.write(dir, "share.yaml", """
                name: share-6-on-2
                topics: 1
                partitionsPerTopic: 2
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 6
                producerRate: 300
                warmupDuration: 0s
                testDuration: 5s
                subscription:
                  type: share
                  processingTime: 1ms
                  shareGroup:
                    releasePercent: 10
                    rejectPercent: 5
                    deliveryCountLimit: 5
                    recordLockDuration: 20s
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(), "--progress-interval", "1s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("completed", r.get("status").asText(), r.get("failureReason").asText());
        JsonNode g = r.get("shareGroups").get(0);
        System.out.println("ShareGroupRunTest: " + g);
        assertEquals(6, g.get("consumers").asInt(), g.toString());
        assertEquals(6, g.get("consumersReceiving").asInt(), "6 members on 2 partitions all got records: " + g);
        long delivered = g.get("delivered").asLong();
        long accepted = g.get("accepted").asLong();
        long released = g.get("released").asLong();
        long rejected = g.get("rejected").asLong();
        assertEquals(delivered, accepted + released + rejected, g.toString());
        assertTrue(released > 0 && rejected > 0, g.toString());
        assertEquals(0, g.get("lockExpiries").asLong(), g.toString());
        // Every release short of the limit comes back once (no warmup: the counts cover the whole run).
        JsonNode byCount = g.get("deliveriesByCount");
        assertEquals(released - g.get("archived").asLong(), g.get("redeliveries").asLong(), g.toString());
        assertTrue(byCount.size() >= 2 && byCount.get(1).asLong() > 0, "released records came back with delivery count 2: " + g);
        assertEquals(byCount.get(0).asLong() * 0.10, byCount.get(1).asLong(), byCount.get(0).asLong() * 0.06, g.toString());
        // Accepted and rejected records never came back: each was settled once, and every acknowledged message was.
        JsonNode integrity = r.get("integrity");
        assertEquals(0, integrity.get("lostMessages").asLong(), integrity.toString());
        assertEquals(0, integrity.get("duplicateMessages").asLong(), integrity.toString());
        assertEquals(0, integrity.get("redeliveredMessages").asLong(), "nothing settled came back: " + integrity);
        assertTrue(integrity.get("checkedMessages").asLong() >= r.get("delivery").get("ackedMessages").asLong(), integrity.toString());
        assertTrue(g.get("acknowledgementCommitLatency").get("count").asLong() > 0, g.toString());
        // Latency to first delivery is taken on every first delivery, to acceptance on every acceptance.
        assertEquals(byCount.get(0).asLong(), g.get("endToEndLatencyFirstDelivery").get("count").asLong(), g.toString());
        assertEquals(accepted, g.get("endToEndLatencyAccepted").get("count").asLong(), g.toString());
        assertTrue(run.out().contains("Share group "), run.out());
    }

    @Test
    @Timeout(240)
    void slowRecordsScaleWithShareConsumersPastThePartitionsButNotWithConsumerGroupMembers() throws Exception {
        // 2 partitions, 10 ms per record: a consumer group reads with 2 members at most, a share group with all 6.
        Path driver = Cli.driverFile(dir, "kafka.yaml", GROUP_CONFIG);
        double share2 = fetchRate(driver, "share", 2);
        double share6 = fetchRate(driver, "share", 6);
        double group6 = fetchRate(driver, "consumer", 6);
        String figures = String.format("msg/s: share 2 %.1f, share 6 %.1f, group 6 %.1f", share2, share6, group6);
        System.out.println("ShareGroupRunTest scale-out, " + figures);
        // A consumer group on 2 partitions at 10 ms per record can never read more than 2 x 100 msg/s, however many
        // members it has; a share group can. Ideal: 200 and 600 msg/s for the share group, 200 for the consumer group.
        // Measured here: share 6 reached 258-278 msg/s (each poll's acknowledgements are committed before the next),
        // and 2 share consumers 110-180 (they join over the first second of a few-second run). On a machine busy with
        // the other test JVM every figure falls (share 6 once 207, the consumer group 85), so the share group is compared
        // with the consumer group measured beside it, not with the ideal.
        double partitionsWorth = 2 * 100.0;
        assertTrue(group6 <= 1.1 * partitionsWorth, "the consumer group stays at 2 partitions' worth: " + figures);
        assertTrue(share6 > 1.3 * group6, "6 share consumers read more than 6 consumer group members on 2 partitions: "
                + figures);
        assertTrue(share6 / share2 > 1.3, "the share group grows past the partition count: " + figures);
    }

    /** Consume-only: 900 prefilled records at 10 ms each; msg/s from the first fetch to the last record. */
    private double fetchRate(Path driver, String type, int consumers) throws Exception {
        Path workload = Cli.write(dir, type + consumers + ".yaml", """
                name: %s-%d
                topics: 1
                partitionsPerTopic: 2
                messageSize: 100
                producersPerTopic: 0
                prefillMessages: 900
                subscriptionsPerTopic: 1
                consumerPerSubscription: %d
                subscription:
                  type: %s
                  processingTime: 10ms
                """.formatted(type, consumers, consumers, type));
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out-" + type + consumers).toString(),
                "--progress-interval", "1s", workload.toString());
        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals(900, r.get("consumerMetrics").get("consumedMessages").asLong(), run.out());
        if (type.equals("share")) {
            return r.get("shareGroups").get(0).get("consumedMessagesPerSecond").asDouble();
        }
        return r.get("consumerMetrics").get("fetchMessagesPerSec").asDouble();
    }

    @Test
    @Timeout(120)
    void aClusterWithShareGroupsSwitchedOffIsRefusedBeforeTheLoadNamingItsVersionAndTheCommand() throws Exception {
        Path driver = Cli.write(dir, "off.yaml", """
                name: Kafka (share groups off)
                driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                localCluster:
                  brokers: 1
                  shareGroups: false
                """);
        Path workload = Cli.write(dir, "share.yaml", """
                name: share-off
                partitionsPerTopic: 1
                messageSize: 100
                producerRate: 100
                testDuration: 2s
                subscription: {type: share}
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(), workload.toString());

        assertTrue(run.exitCode() != 0, run.all());
        assertTrue(run.out().contains("share.version") && run.out().contains("kafka-features.sh"), run.all());
        assertTrue(run.out().contains("during consumer creation"), "refused before any message was sent: " + run.out());
        // Nothing ran: the result has no delivery, measurement or integrity to report (issue 26).
        assertTrue(run.result().get("delivery").isNull() && run.result().get("measurement").isNull(), run.out());
    }
}
