package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Transactional producers on the real broker: commits are timed and counted, consumers see committed data only. */
@Timeout(180)
class TransactionsTest {

    private static final int ABORTED = 50;
    private static final int COMMITTED = 7;

    @TempDir
    Path dir;

    @Test
    void transactionsCommitAndReadCommittedConsumersSeeOnlyCommittedData() throws Exception {
        // The run's own topic, so that the test can write into it while the run reads it.
        String topic = "kbench-txn-" + System.nanoTime();
        try (Admin admin = SharedKafka.admin()) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        Path driver = Cli.driverFile(dir, "driver.yaml", """
                transactional: true
                transactionDuration: 100ms
                producerConfig: |
                  acks=all
                  linger.ms=1
                """);
        Path workload = Cli.write(dir, "txn.yaml", """
                name: transactions
                existingTopics: [%s]
                messageSize: 100
                subscriptionsPerTopic: 1
                producerRate: 2000
                warmupDuration: 0s
                testDuration: 5s
                """.formatted(topic));
        CompletableFuture<Cli.Outcome> running = CompletableFuture.supplyAsync(() -> Cli.run("--drivers", driver.toString(),
                "--output-dir", dir.toString(), workload.toString()));

        // The run's producers start once its consumers own every partition: from then on the test's
        // messages reach them, unless their transaction aborts.
        awaitFirstMessages(topic, running);
        writeOneAbortedAndOneCommittedTransaction(topic);

        Cli.Outcome run = running.get(120, TimeUnit.SECONDS);
        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        GoldenFiles.assertHasEveryFieldOf("transactions", r, "warmup"); // this workload has no warmup
        assertEquals("completed", r.get("status").asText(), run.out());
        JsonNode m = r.get("measurement");
        JsonNode t = m.get("transactions");
        // A commit blocks its producer's thread, so on a busy machine there are fewer than 10 a second;
        // never more: each transaction is at least 100 ms old when it commits.
        assertTrue(t.get("committed").asLong() >= 5, t + "\n" + run.out());
        assertEquals(0, t.get("aborted").asLong());
        assertTrue(t.get("commitsPerSecond").asDouble() > 0 && t.get("commitsPerSecond").asDouble() <= 10.5, t.toString());
        JsonNode commit = t.get("commitLatency");
        assertEquals(t.get("committed").asLong(), commit.get("count").asLong(), "one sample per commit");
        assertTrue(commit.get("avgMicros").asDouble() > 0 && commit.get("p99Micros").asLong() > 0, commit.toString());
        assertFalse(m.get("histograms").get("commitLatencyMicros").asText().isEmpty());

        JsonNode counts = m.get("counts");
        long acked = counts.get("messagesAcked").asLong();
        assertTrue(acked >= 5_000, "2,000 msg/s for 5 s: " + counts);
        assertEquals(acked + COMMITTED, counts.get("messagesReceived").asLong(),
                "every committed message (the run's and the test's 7) and none of the test's aborted 50");
        assertEquals(0, r.get("integrity").get("lostMessages").asLong());
        assertEquals(0, r.get("integrity").get("duplicateMessages").asLong());
        assertTrue(m.get("endToEndLatency").get("count").asLong() >= acked);

        assertTrue(run.out().contains("transaction commit "), run.out());
        assertTrue(run.out().contains("Transactions: " + String.format("%,d", t.get("committed").asLong()) + " committed, "), run.out());
        assertTrue(run.out().contains("none aborted."), run.out());
        assertEquals(ABORTED + COMMITTED, unstampedMessagesInTheLog(topic),
                "the aborted messages were written: read_committed, not chance, kept them from the run's consumers");
    }

    @Test
    void transactionalWithAcksOtherThanAllIsRefusedNamingTheFileAndSetting() throws Exception {
        Path driver = Cli.driverFile(dir, "acks1.yaml", """
                transactional: true
                messagesPerTransaction: 100
                producerConfig: |
                  acks=1
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), Cli.write(dir, "w.yaml",
                "name: w\nmessageSize: 100\nproducerRate: 100\ntestDuration: 2s\n").toString());
        assertEquals(2, run.exitCode(), run.all());
        assertTrue(run.err().contains(driver + ": producerConfig sets acks=1 but transactional: true needs acks=all (or -1)"),
                run.err());
    }

    private static void awaitFirstMessages(String topic, CompletableFuture<Cli.Outcome> running) throws Exception {
        List<TopicPartition> partitions = List.of(new TopicPartition(topic, 0), new TopicPartition(topic, 1));
        try (Admin admin = SharedKafka.admin()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                if (running.isDone()) {
                    throw new AssertionError("the run ended before it produced anything:\n" + running.get().all());
                }
                long end = 0;
                for (var info : admin.listOffsets(Map.of(partitions.get(0), OffsetSpec.latest(), partitions.get(1),
                        OffsetSpec.latest())).all().get(10, TimeUnit.SECONDS).values()) {
                    end += info.offset();
                }
                if (end > 0) {
                    return;
                }
                Thread.sleep(50);
            }
        }
        throw new AssertionError("the run produced nothing within 60 s");
    }

    /** 50 messages written and then aborted, and 7 committed, from a plain kafka-clients producer. */
    private static void writeOneAbortedAndOneCommittedTransaction(String topic) {
        Properties p = new Properties();
        p.put("bootstrap.servers", SharedKafka.bootstrap());
        p.put("transactional.id", "kbench-test-raw-" + System.nanoTime());
        try (KafkaProducer<byte[], byte[]> raw = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            raw.initTransactions();
            raw.beginTransaction();
            for (int i = 0; i < ABORTED; i++) {
                raw.send(new ProducerRecord<>(topic, new byte[100]));
            }
            raw.flush(); // in the log, then aborted
            raw.abortTransaction();
            raw.beginTransaction();
            for (int i = 0; i < COMMITTED; i++) {
                raw.send(new ProducerRecord<>(topic, new byte[100]));
            }
            raw.commitTransaction();
        }
    }

    /** Messages without kbench's header in the whole log, read uncommitted: the test's, aborted or not. */
    private static long unstampedMessagesInTheLog(String topic) {
        Properties p = new Properties();
        p.put("bootstrap.servers", SharedKafka.bootstrap());
        p.put("isolation.level", "read_uncommitted");
        List<TopicPartition> partitions = List.of(new TopicPartition(topic, 0), new TopicPartition(topic, 1));
        long found = 0;
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            c.assign(partitions);
            c.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = c.endOffsets(partitions);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (partitions.stream().anyMatch(tp -> c.position(tp) < ends.get(tp)) && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : c.poll(Duration.ofMillis(200))) {
                    if (!record.headers().iterator().hasNext()) {
                        found++;
                    }
                }
            }
        }
        return found;
    }
}
