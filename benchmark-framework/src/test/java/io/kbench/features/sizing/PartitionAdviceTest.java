package io.kbench.features.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartitionAdviceTest {

    @TempDir
    Path dir;

    private Path result(double publishMBps, double requestedRate, boolean fellBehind) throws Exception {
        Path f = dir.resolve("r.json");
        Files.writeString(f, """
                {"status": "completed",
                 "workloadConfig": {"name": "probe", "topics": 2, "partitionsPerTopic": 5},
                 "measurement": {"publishMBps": %s, "requestedRate": %s, "fellBehind": %s}}
                """.formatted(publishMBps, requestedRate, fellBehind));
        return f;
    }

    @Test
    void ruleOfThumbIsAHundredTimesBrokersTimesReplicationFactor() {
        assertEquals(1_200, PartitionAdvice.maxPerBroker(4, 3));
        String text = String.join("\n", PartitionAdvice.lines(23.84, 4, 3, null));
        assertTrue(text.contains("at most 100 × 4 brokers × 3 (replication factor) = 1,200 partitions per broker"), text);
        assertTrue(text.contains("--from-result"), text);
    }

    @Test
    void partitionsFromAMeasuredRunWithHeadroom() throws Exception {
        PartitionAdvice.Measured m = PartitionAdvice.read(result(20.0, -1, false));
        assertEquals(10, m.partitions(), "2 topics × 5 partitions");
        assertEquals(2.0, m.perPartitionMBps(), 1e-12);
        assertFalse(m.onlyWhatWasAsked());
        // 23.84 MB/s × 1.25 / 2 MB/s = 14.9 -> 15 partitions.
        assertEquals(15, PartitionAdvice.needed(23.84, 2.0));
        assertEquals(10, PartitionAdvice.needed(16, 2.0), "an exact fit needs no extra partition");
        assertEquals(1, PartitionAdvice.needed(0.001, 2.0));
        String text = String.join("\n", PartitionAdvice.lines(23.84, 4, 3, m));
        assertTrue(text.contains("20.00 MB/s published over 10 partitions = 2.000 MB/s per partition"), text);
        assertTrue(text.contains("23.84 × 1.25 / 2.000 = 14.90 -> 15 partitions"), text);
        assertTrue(text.contains("15 partitions × 3 replicas / 4 brokers = 12 partition replicas per broker: within"), text);
        assertTrue(text.endsWith("Suggested partitions: 15"), text);
    }

    @Test
    void aThrottledRunThatKeptItsRateIsOnlyAnUpperBound() throws Exception {
        PartitionAdvice.Measured m = PartitionAdvice.read(result(9.77, 10_000, false));
        assertTrue(m.onlyWhatWasAsked());
        assertTrue(String.join("\n", PartitionAdvice.lines(23.84, 4, 3, m)).contains("what it was asked for"));
        assertFalse(PartitionAdvice.read(result(9.77, 10_000, true)).onlyWhatWasAsked(), "fell behind: it was at its limit");
    }

    @Test
    void unusableFilesAreOneLine() throws Exception {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> PartitionAdvice.read(dir.resolve("none.json")));
        assertTrue(missing.getMessage().endsWith("none.json: no such file"), missing.getMessage());
        Path notJson = Files.writeString(dir.resolve("x.json"), "<xml/>");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> PartitionAdvice.read(notJson));
        assertTrue(bad.getMessage().contains("not a kbench result file"), bad.getMessage());
        assertFalse(bad.getMessage().contains("\n"), bad.getMessage());
        IllegalArgumentException nothing = assertThrows(IllegalArgumentException.class, () -> PartitionAdvice.read(result(0, -1, false)));
        assertTrue(nothing.getMessage().contains("measured no published messages"), nothing.getMessage());
    }
}
