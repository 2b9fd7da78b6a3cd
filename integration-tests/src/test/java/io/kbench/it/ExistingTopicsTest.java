package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Managed services often forbid creating topics: runs on existing ones use them as they are. */
@Timeout(180)
class ExistingTopicsTest {

    @TempDir
    Path dir;

    @Test
    void existingTopicsAreNeitherCreatedNorDeletedAndTheirOldDataIsNotMeasured() throws Exception {
        String topic = "kbench-existing-" + System.nanoTime();
        try (Admin admin = SharedKafka.admin()) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        // Old data, as a real topic has: the run's consumers start after it.
        // Not idempotent, and the first record acknowledged before the rest: an idempotent producer whose first batch met
        // the new topic's leader election once retried OUT_OF_ORDER_SEQUENCE_NUMBER every second until its 120 s delivery
        // timeout (a CI run: this test took 124 s).
        java.util.Properties p = new java.util.Properties();
        p.put("bootstrap.servers", SharedKafka.bootstrap());
        p.put("enable.idempotence", "false");
        p.put("acks", "1");
        p.put("delivery.timeout.ms", "60000");
        try (KafkaProducer<byte[], byte[]> old = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            old.send(new ProducerRecord<>(topic, new byte[100])).get(30, TimeUnit.SECONDS);
            List<java.util.concurrent.Future<?>> sent = new java.util.ArrayList<>();
            for (int i = 1; i < 500; i++) {
                sent.add(old.send(new ProducerRecord<>(topic, new byte[100])));
            }
            for (java.util.concurrent.Future<?> f : sent) {
                f.get(30, TimeUnit.SECONDS);
            }
        }
        Set<String> before = SharedKafka.topics();
        Path workload = Cli.write(dir, "existing.yaml", """
                name: existing
                existingTopics: [%s]
                messageSize: 200
                subscriptionsPerTopic: 1
                producerRate: 1000
                warmupDuration: 0s
                testDuration: 3s
                """.formatted(topic));
        Cli.Outcome run = Cli.run("--drivers", Cli.driverFile(dir, "driver.yaml", "").toString(), "--output-dir", dir.toString(),
                workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals(List.of(topic), List.of(r.get("topicNames").get(0).asText()));
        assertEquals(3, r.get("workloadConfig").get("partitionsPerTopic").asInt(), "read from the cluster");
        assertTrue(run.out().contains("Using 1 existing topic(s) as they are (not created, not deleted): " + topic + " (3 partitions)"),
                run.out());
        assertFalse(run.out().contains("Deleting"), run.out());
        assertEquals(before, SharedKafka.topics(), "no topic created, none deleted");
        JsonNode m = r.get("measurement");
        assertEquals(m.get("counts").get("messagesAcked").asLong(), m.get("counts").get("messagesReceived").asLong(),
                "the consumers read the run's messages, not the 500 already there");
        assertEquals(0, r.get("integrity").get("lostMessages").asLong());
    }

    @Test
    void aMissingTopicOrADisagreeingPartitionCountIsAClearError() throws Exception {
        Path missing = Cli.write(dir, "missing.yaml", """
                name: missing
                existingTopics: [no-such-topic-here]
                messageSize: 100
                producerRate: 100
                testDuration: 2s
                """);
        Cli.Outcome run = Cli.run("--drivers", Cli.driverFile(dir, "driver.yaml", "").toString(), "--output-dir", dir.toString(),
                missing.toString());
        assertEquals(1, run.exitCode(), run.all());
        assertTrue(run.out().contains("existingTopics: topic no-such-topic-here does not exist on the cluster: create it first"),
                run.out());

        String topic = "kbench-existing-two-" + System.nanoTime();
        try (Admin admin = SharedKafka.admin()) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        Cli.Outcome wrong = Cli.run("--drivers", Cli.driverFile(dir, "driver.yaml", "").toString(), "--output-dir", dir.toString(),
                "--existing-topics", topic, Cli.write(dir, "six.yaml", "name: six\npartitionsPerTopic: 6\nmessageSize: 100\n"
                        + "producerRate: 100\ntestDuration: 2s\n").toString());
        assertEquals(1, wrong.exitCode(), wrong.all());
        assertTrue(wrong.out().contains("partitionsPerTopic is 6 but " + topic + " has 2 partitions: remove partitionsPerTopic"),
                wrong.out());

        Cli.Outcome disagree = Cli.run("--drivers", Cli.driverFile(dir, "driver.yaml", "").toString(),
                Cli.write(dir, "two.yaml", "name: two\ntopics: 2\nexistingTopics: [a]\nmessageSize: 100\nproducerRate: 100\n"
                        + "testDuration: 2s\n").toString());
        assertEquals(2, disagree.exitCode(), disagree.all());
        assertTrue(disagree.err().contains("existingTopics lists 1 topic(s) but topics is 2"), disagree.err());
    }
}
