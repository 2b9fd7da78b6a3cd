package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.workload.traffic.KeySpec;
import io.kbench.workload.traffic.KeyTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Traffic that looks like production, on a real broker: keys from a Zipf distribution land where Kafka's own
 * partitioner puts them, partition weights are honoured, the sizes sent follow their distribution, user headers
 * reach the records, the compression the producers achieve is in the result, and a partition whose consumer cannot
 * keep up is named by the diagnosis. Short runs: the whole class takes about a minute.
 */
@Timeout(300)
class TrafficTest {

    @TempDir
    Path dir;

    private Cli.Outcome run(String workload, String driverExtra, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("--drivers", Cli.driverFile(dir, "driver.yaml", driverExtra).toString(),
                "--output-dir", dir.resolve("results").toString(), "--no-report", "--fixed-warmup", "--progress-interval", "1s",
                "--sample-interval", "1s"));
        args.addAll(List.of(options));
        args.add(Cli.write(dir, "w.yaml", workload).toString());
        Cli.Outcome run = Cli.run(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.all());
        return run;
    }

    /** Each partition's share of the messages the producers had acknowledged. */
    private static double[] producedShares(JsonNode result) {
        JsonNode rows = result.get("perPartition").get("topics").get(0).get("partitions");
        double[] shares = new double[rows.size()];
        long total = 0;
        for (int p = 0; p < rows.size(); p++) {
            total += rows.get(p).get("producedMessages").asLong();
        }
        for (int p = 0; p < rows.size(); p++) {
            shares[p] = rows.get(p).get("producedMessages").asLong() / (double) total;
        }
        return shares;
    }

    /** The share of the sent messages whose size is from {@code from} up to, not including, {@code to} (powers of two). */
    private static double sizeShare(JsonNode result, long from, long to) {
        double share = 0;
        for (JsonNode b : result.get("traffic").get("sentSizes").get("histogram")) {
            if (b.get("fromBytes").asLong() >= from && b.get("toBytes").asLong() <= to) {
                share += b.get("share").asDouble();
            }
        }
        return share;
    }

    /** Each partition's share of the messages, from the keys' probabilities and Kafka's own partitioner (murmur2). */
    private static double[] expectedShares(KeySpec keys, int partitions) {
        KeyTable table = KeyTable.of(keys);
        double[] p = table.probabilities();
        double[] shares = new double[partitions];
        for (int k = 0; k < table.count(); k++) {
            shares[Utils.toPositive(Utils.murmur2(table.key(k))) % partitions] += p[k];
        }
        return shares;
    }

    @Test
    void zipfKeysLandWhereKafkasPartitionerPutsThemAndOmbSizeBucketsKeepTheirShares() throws Exception {
        Cli.Outcome run = run("""
                name: zipf
                partitionsPerTopic: 6
                keys: {distribution: zipf, count: 1000, exponent: 1.1}
                messageSizeDistribution: {"0-256": 20, "256-1024": 50, "1024-8192": 30}
                producersPerTopic: 2
                subscriptionsPerTopic: 0
                producerRate: 4000
                warmupDuration: 0s
                testDuration: 4s
                """, "");
        JsonNode r = run.result();
        double[] expected = expectedShares(new KeySpec("zipf", 1000, null, 1.1, null, null), 6);
        double[] got = producedShares(r);
        for (int p = 0; p < 6; p++) {
            assertTrue(Math.abs(got[p] - expected[p]) <= 0.10 * expected[p], String.format(Locale.ROOT,
                    "partition %d got %.4f of the messages, Kafka's partitioner gives its keys %.4f: %s", p, got[p], expected[p], run.out()));
        }
        assertEquals(r.get("measurement").get("counts").get("messagesAcked").asLong() > 0, true);
        assertEquals(0.20, sizeShare(r, 0, 256), 0.02, "0-256");
        assertEquals(0.50, sizeShare(r, 256, 1024), 0.02, "256-1024");
        assertEquals(0.30, sizeShare(r, 1024, 8192), 0.02, "1024-8192");
        assertTrue(run.out().contains("Partitions: 6, skew "), run.out());
        assertTrue(run.out().contains("Message sizes sent: mean "), run.out());
    }

    @Test
    void partitionWeightsGiveTheirSharesAndUniformSizesStayInTheirBounds() throws Exception {
        JsonNode r = run("""
                name: weights
                partitionsPerTopic: 5
                partitionWeights: [4, 1, 1, 1, 1]
                messageSizes: {distribution: uniform, min: 100, max: 1123}
                subscriptionsPerTopic: 0
                producerRate: 3000
                warmupDuration: 0s
                testDuration: 3s
                """, "").result();
        double[] got = producedShares(r);
        assertEquals(0.50, got[0], 0.05, "partition 0's share");
        for (int p = 1; p < 5; p++) {
            assertEquals(0.125, got[p], 0.03, "partition " + p + "'s share");
        }
        // 1,024 sizes from 100 to 1,123, in ranges of powers of two.
        assertEquals(28 / 1024.0, sizeShare(r, 64, 128), 0.02);
        assertEquals(128 / 1024.0, sizeShare(r, 128, 256), 0.02);
        assertEquals(256 / 1024.0, sizeShare(r, 256, 512), 0.02);
        assertEquals(512 / 1024.0, sizeShare(r, 512, 1024), 0.02);
        assertEquals(100 / 1024.0, sizeShare(r, 1024, 2048), 0.02);
        JsonNode sizes = r.get("traffic").get("sentSizes");
        assertTrue(sizes.get("minBytes").asLong() >= 100 && sizes.get("maxBytes").asLong() <= 1123, sizes.toString());
    }

    @Test
    void logNormalSizesFollowTheirShapeAndUserHeadersReachTheRecords() throws Exception {
        Cli.Outcome run = run("""
                name: sizes
                partitionsPerTopic: 2
                messageSizes: {distribution: log-normal, mean: 2000, stddev: 3000, min: 64, max: 65536}
                headers: {count: 3, valueBytes: 16}
                subscriptionsPerTopic: 1
                producerRate: 2000
                warmupDuration: 0s
                testDuration: 3s
                """, "", "--keep-topics");
        JsonNode r = run.result();
        double[] bounds = {64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65537};
        double sigma2 = Math.log(1 + 9.0 / 4);
        double mu = Math.log(2000) - sigma2 / 2;
        double all = logNormalMass(mu, Math.sqrt(sigma2), 63.5, 65536.5);
        for (int i = 0; i + 1 < bounds.length; i++) {
            double expected = logNormalMass(mu, Math.sqrt(sigma2), bounds[i] - 0.5, bounds[i + 1] - 0.5) / all;
            assertEquals(expected, sizeShare(r, (long) bounds[i], (long) bounds[i + 1] == 65537 ? 131072 : (long) bounds[i + 1]), 0.02,
                    "sizes from " + bounds[i]);
        }
        // Lag at the end, per partition, from the end offsets: the consumers read everything.
        JsonNode lag = r.get("perPartition").get("lag").get(0);
        assertEquals(0, lag.get("totalMessages").asLong(), lag.toString());
        assertEquals(2, lag.get("partitions").size());

        String topic = r.get("topicNames").get(0).asText();
        Properties p = new Properties();
        p.put("bootstrap.servers", SharedKafka.bootstrap());
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            TopicPartition tp = new TopicPartition(topic, 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            List<ConsumerRecord<byte[], byte[]>> got = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (got.isEmpty() && System.nanoTime() < deadline) {
                c.poll(Duration.ofMillis(500)).forEach(got::add);
            }
            assertTrue(!got.isEmpty(), "records in " + topic);
            List<String> names = new ArrayList<>();
            for (Header h : got.get(0).headers()) {
                names.add(h.key());
                if (!h.key().equals("kb")) {
                    assertEquals(16, h.value().length, h.key());
                    assertTrue(new String(h.value(), StandardCharsets.US_ASCII).matches("[A-Z]{16}"), h.key());
                }
            }
            assertEquals(List.of("h0", "h1", "h2", "kb"), names.stream().sorted().toList());
        } finally {
            try (var admin = SharedKafka.admin()) {
                admin.deleteTopics(List.of(topic)).all().get();
            }
        }
    }

    /** The log-normal's probability between a and b, by Simpson's rule over log-size. */
    private static double logNormalMass(double mu, double sigma, double a, double b) {
        int n = 2000;
        double la = Math.log(a);
        double lb = Math.log(b);
        double h = (lb - la) / n;
        double sum = 0;
        for (int i = 0; i <= n; i++) {
            double x = la + i * h;
            double f = Math.exp(-(x - mu) * (x - mu) / (2 * sigma * sigma)) / (sigma * Math.sqrt(2 * Math.PI));
            sum += f * (i == 0 || i == n ? 1 : i % 2 == 1 ? 4 : 2);
        }
        return sum * h / 3;
    }

    @Test
    void zstdKeepsUnderHalfOfTheJsonCorpusAndNothingOfRandomBytes() throws Exception {
        String driver = "producerConfig: |\n  compression.type=zstd\n  linger.ms=20\n  acks=1\n";
        Path corpus = Cli.HOME.resolve("workloads/payloads/json-events.ndjson");
        Cli.Outcome json = run("""
                name: json
                payloads: {delimitedFile: %s}
                subscriptionsPerTopic: 0
                producerRate: 2000
                warmupDuration: 0s
                testDuration: 3s
                """.formatted(corpus), driver);
        JsonNode c = json.result().get("traffic").get("compression");
        assertEquals("zstd", c.get("codec").asText(), c.toString());
        assertTrue(c.get("ratio").asDouble() < 0.5, "zstd on JSON events: " + c);
        assertTrue(c.get("batchBytesPerSecond").asDouble() < c.get("recordBytesPerSecond").asDouble(), c.toString());
        assertTrue(json.out().matches("(?s).*Compression: zstd, ratio 0\\.\\d\\d: records [\\d.]+ MB/s, [\\d.]+ MB/s sent.*"), json.out());
        assertTrue(json.result().get("traffic").get("sentSizes").get("maxBytes").asLong() > 4096, "the corpus's sizes vary");

        JsonNode random = run("""
                name: random
                messageSize: 1024
                useRandomizedPayloads: true
                randomBytesRatio: 1.0
                subscriptionsPerTopic: 0
                producerRate: 2000
                warmupDuration: 0s
                testDuration: 3s
                """, driver).result().get("traffic").get("compression");
        assertEquals(1.0, random.get("ratio").asDouble(), 0.05, "zstd on random bytes: " + random);
    }

    @Test
    void headersThatMakeAMessageLargerThanTheDriversLimitAreRefusedBeforeAnythingRuns() throws Exception {
        Path workload = Cli.write(dir, "big.yaml", """
                name: big-headers
                messageSize: 100
                headers: {count: 5, valueBytes: 1000}
                producerRate: 10
                testDuration: 2s
                """);
        Cli.Outcome run = Cli.run("--drivers", Cli.driverFile(dir, "small.yaml", "producerConfig: |\n  max.request.size=4096\n").toString(),
                "--output-dir", dir.resolve("results").toString(), workload.toString());
        assertEquals(2, run.exitCode(), run.all());
        assertEquals(workload + ":3: headers: the largest message would be 5,278 bytes (payload 100 + key 0 + headers 5,060 + kbench's "
                + "stamp 36 + framing 82), over the driver's limit of 4,096 bytes per record (" + dir.resolve("small.yaml") + "): lower "
                + "headers.count or headers.valueBytes, send smaller payloads, or raise the limit (Kafka: max.request.size in "
                + "producerConfig, and the topic's max.message.bytes)", run.err().strip());
        assertEquals(null, run.resultFile(), "nothing ran");
    }

    @Test
    void aPartitionWhoseConsumerCannotKeepUpIsNamedByTheDiagnosis() throws Exception {
        // Zipf 3.0: one key takes most messages, so the other partitions' consumers keep up with room to spare even on a busy
        // machine, where a consumer's pauses run long. The hot partition's lag grows with the run (about 150 messages a second)
        // while the others' stays what one fetch brings (up to about 100 on a busy machine): 10 s make it ten times theirs.
        KeySpec keys = new KeySpec("zipf", 1000, null, 3.0, null, null);
        double[] shares = expectedShares(keys, 4);
        int hot = Utils.toPositive(Utils.murmur2(KeyTable.of(keys).key(0))) % 4;
        double rate = 300;
        double capacity = 100; // a consumer of 10 ms per record
        for (int p = 0; p < 4; p++) {
            assertTrue(p == hot ? shares[p] * rate > 1.5 * capacity : shares[p] * rate < 0.5 * capacity,
                    "the test's premise: only the hot partition is more than its consumer can take: " + java.util.Arrays.toString(shares));
        }
        Cli.Outcome run = run("""
                name: hot
                partitionsPerTopic: 4
                keys: {distribution: zipf, count: 1000, exponent: 3.0}
                subscriptionsPerTopic: 1
                consumerPerSubscription: 4
                subscription: {processingTime: 10ms}
                producerRate: 300
                messageSize: 100
                warmupDuration: 2s
                testDuration: 8s
                """, "", "--drain-timeout", "1s");
        JsonNode r = run.result();
        JsonNode diagnosis = r.get("diagnosis");
        assertEquals("hot-partition", diagnosis.get("verdict").asText(), run.out());
        String reason = diagnosis.get("reasons").toString();
        assertTrue(reason.contains("partition " + hot + " of topic "), reason);
        assertTrue(run.out().contains("Diagnosis: hot-partition: partition " + hot + " of topic "), run.out());
        JsonNode lag = r.get("perPartition").get("lag").get(0).get("partitions");
        assertTrue(lag.get(hot).get("lagMessages").asLong() >= 100, lag.toString());
    }
}
