package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The traffic fields read from a file: what runs, and bad input as one line naming the file, the line and the field. */
class TrafficWorkloadTest {

    private static final String BASE = "name: w\nproducerRate: 10\ntestDuration: 5s\n";

    @TempDir
    Path dir;

    private LoadedWorkload load(String yaml) throws Exception {
        return new WorkloadLoader(new PlaceholderResolver()).load(Files.writeString(dir.resolve("w.yaml"), BASE + yaml),
                WorkloadOverrides.NONE);
    }

    private String refusal(String yaml) {
        ConfigException e = assertThrows(ConfigException.class, () -> load(yaml));
        assertEquals(1, e.getMessage().lines().count(), "one line: " + e.getMessage());
        return e.getMessage().replace(dir.resolve("w.yaml").toString(), "w.yaml");
    }

    @Test
    void eachBadTrafficFieldIsOneLineWithItsLine() {
        assertEquals("w.yaml:7: keys.exponent must be above 0 and at most 100 (e.g. 1.1: a few keys hot), got 0.0",
                refusal("messageSize: 10\nkeys:\n  distribution: zipf\n  exponent: 0\n"));
        assertEquals("w.yaml:6: partitionWeights gives every partition weight 0: give at least one partition a weight above 0",
                refusal("messageSize: 10\npartitionsPerTopic: 2\npartitionWeights: [0, 0]\n"));
        assertEquals("w.yaml:6: partitionWeights has 3 weights, but the topic has 2 partition(s) (0 to 1): there is no partition 2",
                refusal("messageSize: 10\npartitionsPerTopic: 2\npartitionWeights: [1, 1, 1]\n"));
        assertEquals("w.yaml:6: messageSizeDistribution \"0-300\" and \"256-1024\" overlap (sizes 256 to 299 bytes are in both): a "
                + "bucket holds from its first size up to, not including, its second, so \"0-256\" and \"256-1024\" meet",
                refusal("messageSizeDistribution:\n  \"0-300\": 1\n  \"256-1024\": 1\n"));
        assertEquals("w.yaml:5: messageSizeDistribution \"64-64\" is empty: it holds the sizes from 64 up to, not including, 64 bytes; "
                + "make the second size larger", refusal("messageSizeDistribution:\n  \"64-64\": 1\n"));
        assertEquals("w.yaml:5: partitionWeights and keys exclude each other: with weights the producers pick each partition, with keys "
                + "the key does; remove keys or partitionWeights",
                refusal("messageSize: 10\npartitionWeights: [1]\nkeys: {distribution: uniform}\n"));
    }

    @Test
    void aPayloadFolderWithNoFilesOrACorpusOverTheLimitIsRefused() throws Exception {
        Files.createDirectory(dir.resolve("none"));
        assertEquals("w.yaml:5: payloads.directory " + dir.resolve("none") + " has no files: put one payload per file in it",
                refusal("payloads:\n  directory: none\n"));
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("huge.bin").toFile(), "rw")) {
            f.setLength(PayloadSpec.MAX_BYTES + 1); // sparse: nothing written
        }
        String over = refusal("payloads:\n  files: [huge.bin]\n");
        assertTrue(over.startsWith("w.yaml:5: payloads: the corpus is over 67,108,864 bytes by "), over);
    }

    @Test
    void anOmbFileWithSizeBucketsRunsWithItsMeanAsMessageSize() throws Exception {
        LoadedWorkload w = load("messageSize: 1024\nmessageSizeDistribution:\n  \"0-256\": 234\n  \"256-1024\": 456\n  \"1024-4096\": 678\n");
        assertNotNull(w.payload().sizes());
        double mean = (0.5 * 256 * 234 + 640.0 * 456 + 2560.0 * 678) / (234 + 456 + 678);
        assertEquals(mean, w.workload().messageSize(), 2.0, "messageSize is the sizes' mean, for the figures that need one size");
        assertTrue(w.notes().get(0).startsWith("messageSize 1024 is not used: messageSizeDistribution (buckets 0-256 B 17%, 256-1024 B "
                + "33%, 1024-4096 B 50%) decides each message's size, "), w.notes().toString());
    }

    @Test
    void aCorpusAndHeadersAndKeysLoadWithoutAMessageSize() throws Exception {
        Files.writeString(dir.resolve("events.ndjson"), "{\"a\":1}\n{\"bb\":22}\n");
        LoadedWorkload w = load("payloads: {delimitedFile: events.ndjson}\nheaders: {count: 2, valueBytes: 8}\n"
                + "keys: {distribution: hot-set, count: 100, hotKeysPercent: 10, hotMessagesPercent: 90}\n");
        assertEquals(2, w.payload().corpus().size());
        assertEquals(8, w.workload().messageSize(), "the corpus's mean, rounded");
        assertEquals(2, w.workload().headers().count());
        assertEquals(5, w.headersLine());
        assertTrue(w.payload().sizesVary());
    }
}
