package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/benchmark sweep's bad input: reported in one place, exit 2, nothing run or written. */
class SweepCommandTest {

    @TempDir
    Path dir;

    private Path files(String sweep) throws Exception {
        Files.writeString(dir.resolve("w.yaml"), "messageSize: 100\nproducerRate: 1000\nmessageCount: 1000\n");
        Files.writeString(dir.resolve("remote.yaml"), "name: remote\ndriverClass: x.Driver\ncommonConfig: |\n  bootstrap.servers=h:9092\n");
        Files.writeString(dir.resolve("mem.yaml"), "name: mem\ndriverClass: inmemory\nackLatencyMicros: 0\n");
        return Files.writeString(dir.resolve("s.yaml"), sweep);
    }

    @Test
    void unknownParameterIsBadInput() throws Exception {
        Path sweep = files("workload: w.yaml\nparameters:\n  mesageSize: [1]\ndrivers: [mem.yaml]\n");
        CommandRun r = CommandRun.of("sweep", "--output-dir", dir.resolve("out").toString(), sweep.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("s.yaml:3: unknown parameter 'mesageSize'; did you mean 'messageSize'?"), r.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void aPrefixTheDriverDoesNotDeclareIsBadInputBeforeAnyRun() throws Exception {
        // The in-memory driver declares no sweep targets: producer.* is the Kafka driver's, not the framework's.
        Path sweep = files("workload: w.yaml\ndrivers: [mem.yaml]\nparameters:\n  messageSize: [10, 20]\n  producer.batch.size: [1, 2]\n");
        CommandRun r = CommandRun.of("sweep", "--output-dir", dir.resolve("out").toString(), sweep.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("s.yaml:5: unknown parameter 'producer.batch.size'. Parameters for "), r.err());
        assertTrue(r.err().contains("mem.yaml are a workload field (messageSize, partitionsPerTopic, producerRate, ...) or "
                + "driver.<field> (a top-level field of the driver file)"), r.err());
        assertFalse(r.err().contains("combination"), "found before any combination is built: " + r.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void driverFieldsWorkForEveryDriver() throws Exception {
        Path sweep = files("workload: w.yaml\ndrivers: [mem.yaml]\nparameters:\n  driver.ackLatencyMicros: [0, 500]\n");
        CommandRun r = CommandRun.of("sweep", "--plan", "--output-dir", dir.resolve("out").toString(), sweep.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("driver.ackLatencyMicros=500, repeat 1"), r.out());
        assertTrue(r.out().contains("every combination is valid"), r.out());
    }

    @Test
    void anUnknownDriverClassIsBadInputBeforeAnyCombination() throws Exception {
        Path sweep = files("workload: w.yaml\ndrivers: [remote.yaml]\nparameters:\n  messageSize: [1, 2]\n");
        CommandRun r = CommandRun.of("sweep", "--output-dir", dir.resolve("out").toString(), sweep.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("remote.yaml: no driver 'x.Driver' on the class path"), r.err());
        assertFalse(r.err().contains("combination"), r.err());
    }

    @Test
    void aBadValueNamesTheCombinationAndTheFile() throws Exception {
        Path sweep = files("workload: w.yaml\ndrivers: [mem.yaml]\nparameters:\n  messageSize: [0]\n");
        CommandRun r = CommandRun.of("sweep", "--output-dir", dir.resolve("out").toString(), sweep.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("messageSize=0: "), r.err());
        assertTrue(r.err().contains("w.yaml (as edited): messageSize must be"), r.err());
    }

    @Test
    void repeatMustBePositive() throws Exception {
        Path sweep = files("workload: w.yaml\n");
        CommandRun r = CommandRun.of("sweep", "--repeat", "0", sweep.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--repeat must be at least 1"), r.err());
    }

    @Test
    void helpShowsTheFileFormat() {
        CommandRun r = CommandRun.of("sweep", "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("--repeat"), r.out());
        assertTrue(r.out().contains("--duration"), r.out());
        assertTrue(r.out().contains("parameters:"), r.out());
        assertTrue(r.out().contains("the Kafka driver's prefixes: producer, consumer, common, topic, broker"), r.out());
    }
}
