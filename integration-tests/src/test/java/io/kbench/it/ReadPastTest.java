package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.tools.ProducerPerformance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Consumers that read the past, on a real broker: an existing topic written by Kafka's own ProducerPerformance read in
 * a consume-only run; a catch-up group beside a tailing one, with the producers at their rate, at one of their own, and
 * stopped; and consumers too slow for the producers, which the diagnosis names.
 */
@Timeout(120)
class ReadPastTest {

    @TempDir
    Path dir;

    private static JsonNode group(JsonNode readPast, String role) {
        for (JsonNode g : readPast.get("groups")) {
            if (g.get("role").asText().equals(role)) {
                return g;
            }
        }
        throw new AssertionError("no " + role + " group in " + readPast);
    }

    @Test
    void aConsumeOnlyRunReadsEveryRecordKafkasProducerPerformanceWroteUpToTheEndOffsets() throws Exception {
        String topic = "kbench-perf-written-" + System.nanoTime();
        long ends = 0;
        try (Admin admin = SharedKafka.admin()) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get(30, TimeUnit.SECONDS);
            ProducerPerformance.main(new String[] {"--topic", topic, "--num-records", "30000", "--record-size", "512",
                    "--throughput", "-1", "--producer-props", "bootstrap.servers=" + SharedKafka.bootstrap(), "acks=1"});
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            for (int p = 0; p < 3; p++) {
                latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
            for (var o : admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS).values()) {
                ends += o.offset();
            }
        }
        assertEquals(30_000, ends, "ProducerPerformance wrote every record");
        Path workload = Cli.write(dir, "read-existing.yaml", """
                name: read-existing
                existingTopics: [%s]
                messageSize: 512
                producersPerTopic: 0
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                """.formatted(topic));
        Cli.Outcome run = Cli.run("--drivers", Cli.driverFile(dir, "driver.yaml", "").toString(), "--output-dir", dir.resolve("out")
                .toString(), "--progress-interval", "1s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("completed", r.get("status").asText());
        JsonNode p = r.get("readPast");
        assertEquals("end offsets", p.get("endedBy").asText(), p.toString());
        JsonNode g = group(p, "consume-only");
        assertEquals(ends, g.get("recordsRead").asLong(), "kbench read every record, up to the end offsets");
        assertEquals(ends * 512, g.get("bytesRead").asLong());
        assertEquals(ends, g.get("notWrittenByKbench").asLong());
        assertEquals(ends, g.get("createTimeRecords").asLong(), "ProducerPerformance's records carry their CreateTime");
        assertEquals(ends, p.get("endToEndFromCreateTime").get("count").asLong());
        assertEquals(ends, r.get("measurement").get("counts").get("messagesReceived").asLong());
        assertEquals("records not written by kbench", r.get("integrity").get("notChecked").asText());
        assertEquals(ends, r.get("consumerMetrics").get("consumedMessages").asLong(), r.get("consumerMetrics").toString());
        assertTrue(run.out().contains("Integrity not checked: records not written by kbench"), run.out());
        assertEquals(1, run.out().split("records not written by kbench", -1).length - 1, "said once: " + run.out());
        assertTrue(run.out().contains("e2e from CreateTime"), run.out());
        assertTrue(run.out().contains("As kafka-consumer-perf-test reports it:"), run.out());
        assertTrue(SharedKafka.topics().contains(topic), "an existing topic is kept");
    }

    @Test
    void anEmptyTopicAnAgeBeyondItsRetentionAndATierTheRunCannotCountAreOneLineBeforeAnythingRuns() throws Exception {
        String empty = "kbench-empty-" + System.nanoTime();
        String brief = "kbench-brief-" + System.nanoTime();
        try (Admin admin = SharedKafka.admin()) {
            admin.createTopics(List.of(new NewTopic(empty, 1, (short) 1),
                    new NewTopic(brief, 1, (short) 1).configs(Map.of("retention.ms", "60000")))).all().get(30, TimeUnit.SECONDS);
        }
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Cli.Outcome nothing = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(), Cli.write(dir,
                "empty.yaml", "name: empty\nexistingTopics: [" + empty + "]\nproducersPerTopic: 0\n").toString());
        assertEquals(1, nothing.exitCode(), nothing.all());
        assertTrue(nothing.out().contains("existing topic " + empty + " holds no record: a consume-only run reads what its topics "
                + "hold"), nothing.out());
        assertFalse(nothing.out().contains("Creating 1 consumer(s)"), "nothing ran: " + nothing.out());

        Cli.Outcome old = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(), Cli.write(dir,
                "old.yaml", "name: old\nexistingTopics: [" + brief + "]\nproducersPerTopic: 0\ntestDuration: 5s\ncatchUp: {from: 10m}\n")
                .toString());
        assertEquals(1, old.exitCode(), old.all());
        assertTrue(old.out().contains("catchUp.from 10m reaches back further than topic " + brief + " keeps records (retention 1m)"),
                old.out());

        Cli.Outcome tier = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(), Cli.write(dir,
                "tier.yaml", "name: tier\nmessageSize: 100\nproducerRate: 100\nsubscriptionsPerTopic: 2\ntestDuration: 2s\n"
                        + "consumeDelaySeconds: 1\ntieredStorage: true\ncatchUp: {}\n").toString());
        assertTrue(tier.exitCode() != 0, tier.all());
        assertTrue(tier.err().contains("tieredStorage: the workload reads the past from a remote storage tier, and the run does not "
                + "start its cluster"), tier.all());
        assertFalse(tier.out().contains("Creating"), "nothing ran: " + tier.out());
    }

    @Test
    void aCatchUpGroupReadsTheBacklogAndTheNewRecordsBesideATailingGroupWhileTheProducersKeepTheirRate() throws Exception {
        Path workload = Cli.write(dir, "catch-up.yaml", """
                name: catch-up
                topics: 1
                partitionsPerTopic: 2
                messageSize: 512
                producersPerTopic: 1
                subscriptionsPerTopic: 2
                consumerPerSubscription: 1
                producerRate: 2000
                warmupDuration: 2s
                testDuration: 2s
                consumeDelaySeconds: 3
                catchUp:
                  subscriptions: 1
                  from: earliest
                """);
        Cli.Outcome run = Cli.run("--drivers", Cli.driverFile(dir, "driver.yaml", "").toString(), "--output-dir", dir.resolve("out")
                .toString(), "--fixed-warmup", "--progress-interval", "1s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("completed", r.get("status").asText(), run.all());
        JsonNode integrity = r.get("integrity");
        assertEquals(0, integrity.get("lostMessages").asLong(), integrity.toString());
        assertTrue(integrity.get("notChecked").isNull(), integrity.toString());
        JsonNode p = r.get("readPast");
        JsonNode catchUp = group(p, "catch-up");
        JsonNode tailing = group(p, "tailing");
        long acked = r.get("measurement").get("counts").get("messagesAcked").asLong();
        assertTrue(catchUp.get("lagAtStartRecords").asLong() >= 8_000, "the warmup's and the delay's records waited: " + catchUp);
        assertFalse(catchUp.get("catchUpMillis").isNull(), "caught up: " + catchUp);
        assertTrue(catchUp.get("catchUpMBps").asDouble() > 0, catchUp.toString());
        assertEquals(tailing.get("recordsRead").asLong(), catchUp.get("recordsRead").asLong(), "both read every record: " + p);
        assertEquals(tailing.get("ownRecords").asLong(), tailing.get("recordsRead").asLong());
        assertTrue(tailing.get("recordsRead").asLong() >= acked, tailing + " against " + acked + " acknowledged in the window");
        assertTrue(catchUp.get("lagOverTime").size() >= 1);
        JsonNode impact = p.get("impact");
        assertNotNull(impact, "consumeDelaySeconds gives a window before the catch-up");
        assertTrue(impact.get("beforeMillis").asLong() >= 3_000, impact.toString());
        assertEquals(2000, impact.get("requestedRateDuring").asDouble(), 1e-9, "the producers keep their rate");
        assertTrue(impact.get("tailingEndToEndBefore").get("count").asLong() > 0, impact.toString());
        assertTrue(run.out().contains("Effect of the catch-up on the same brokers (KAFKA-7504): publish p99"), run.out());
        assertTrue(run.out().contains("Catch-up of " + catchUp.get("group").asText() + " (from earliest)"), run.out());
    }

    /** A slow catch-up (each record takes 0.2 ms: 5,000 msg/s a consumer), so the producers' rate during it can be measured. */
    private JsonNode catchUpWithTheProducersAt(int drainProducerRate) throws Exception {
        Path workload = Cli.write(dir, "drain-" + drainProducerRate + ".yaml", """
                name: drain-%d
                topics: 1
                partitionsPerTopic: 1
                messageSize: 256
                producersPerTopic: 1
                subscriptionsPerTopic: 2
                consumerPerSubscription: 1
                producerRate: 3000
                warmupDuration: 1s
                testDuration: 2s
                consumeDelaySeconds: 4
                drainProducerRate: %d
                subscription:
                  processingTime: 0.2ms
                catchUp:
                  subscriptions: 1
                """.formatted(drainProducerRate, drainProducerRate));
        Cli.Outcome run = Cli.run("--drivers", Cli.driverFile(dir, "driver.yaml", "").toString(), "--output-dir", dir.resolve("out")
                .toString(), "--fixed-warmup", "--progress-interval", "500ms", workload.toString());
        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("completed", r.get("status").asText(), run.all());
        assertEquals(0, r.get("integrity").get("lostMessages").asLong(), r.get("integrity").toString());
        return r;
    }

    @Test
    void producersStoppedOrAtARateOfTheirOwnDoWhatTheWorkloadSaysWhileTheGroupCatchesUp() throws Exception {
        JsonNode stopped = catchUpWithTheProducersAt(0).get("readPast").get("impact");
        assertEquals(0, stopped.get("requestedRateDuring").asDouble(), 1e-9);
        assertTrue(stopped.get("publishRateBefore").asDouble() > 2_700, stopped.toString());
        assertTrue(stopped.get("publishRateDuring").asDouble() < 100, "about stopped while the group caught up: " + stopped);
        assertTrue(stopped.get("duringMillis").asLong() >= 1_000, "a catch-up long enough to measure: " + stopped);

        JsonNode r = catchUpWithTheProducersAt(500);
        JsonNode own = r.get("readPast").get("impact");
        assertEquals(500, own.get("requestedRateDuring").asDouble(), 1e-9);
        assertEquals(500, own.get("publishRateDuring").asDouble(), 150, "at the rate of their own: " + own);
        assertTrue(own.get("publishRateBefore").asDouble() > 2_700, own.toString());
        // The measurement's requested rate is the average of what was asked (3,000 msg/s, then 500), not either one: the
        // producers reach it within a few percent (a busy machine held them to 97.9% once, which "fell behind" reports),
        // where against 3,000 or 500 they would be at about half or three times it.
        JsonNode m = r.get("measurement");
        assertEquals(1.0, m.get("publishRate").asDouble() / m.get("requestedRate").asDouble(), 0.05, m.toString());
    }

    @Test
    void consumersTooSlowForTheProducersAreNamedByTheDiagnosis() throws Exception {
        // The plainest case: 1,000 msg/s in, one consumer that takes 2 ms a record (about 480 msg/s).
        Path workload = Cli.write(dir, "slow-consumer.yaml", """
                name: slow-consumer
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                producersPerTopic: 1
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producerRate: 1000
                warmupDuration: 1s
                testDuration: 6s
                subscription:
                  processingTime: 2ms
                """);
        Cli.Outcome run = Cli.run("--drivers", Cli.driverFile(dir, "driver.yaml", "").toString(), "--output-dir", dir.resolve("out")
                .toString(), "--fixed-warmup", "--progress-interval", "500ms", "--drain-timeout", "1s", workload.toString());

        JsonNode d = run.result().get("diagnosis");
        assertEquals("consumer-bound", d.get("verdict").asText(), run.all());
        String reason = d.get("reasons").toString();
        // Either evidence: a backlog that doubled, or one that did not shrink under an end-to-end p99 far over publish's (a busy
        // machine's consumer once went from 2,561 to 5,010 messages behind, short of doubling, at an end-to-end p99 of 6 s).
        assertTrue(reason.contains("the consumers fell behind: their backlog grew")
                || reason.contains("the consumers fell behind: end-to-end p99 was"), reason);
        assertTrue(reason.contains("processing records between polls (poll-idle-ratio-avg"), reason);
        assertTrue(run.out().contains("Diagnosis: consumer-bound: the consumers fell behind"), run.out());
        assertFalse(run.out().contains("no limit found"), run.out());
    }
}
