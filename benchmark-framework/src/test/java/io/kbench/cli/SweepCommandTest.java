package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.coordinator.StopSignal;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/benchmark sweep's bad input: reported in one place, exit 2, nothing run or written. */
class SweepCommandTest {

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {}

    private Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = BenchmarkCommand.commandLine(o, e, new StopSignal()).execute(args);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path files(String sweep) throws Exception {
        Files.writeString(dir.resolve("w.yaml"), "messageSize: 100\nproducerRate: 1000\nmessageCount: 1000\n");
        Files.writeString(dir.resolve("remote.yaml"), "name: remote\ndriverClass: x.Driver\ncommonConfig: |\n  bootstrap.servers=h:9092\n");
        return Files.writeString(dir.resolve("s.yaml"), sweep);
    }

    @Test
    void unknownParameterIsBadInput() throws Exception {
        Path sweep = files("workload: w.yaml\nparameters:\n  mesageSize: [1]\n");
        Result r = run("sweep", "--output-dir", dir.resolve("out").toString(), sweep.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("s.yaml:3: unknown parameter 'mesageSize'; did you mean 'messageSize'?"), r.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void brokerSettingWithoutLocalClusterIsBadInput() throws Exception {
        Path sweep = files("workload: w.yaml\ndrivers: [remote.yaml]\nparameters:\n  broker.log.flush.interval.messages: [1, 2]\n");
        Result r = run("sweep", "--output-dir", dir.resolve("out").toString(), sweep.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("2 of 2 combinations cannot run"), r.err());
        assertTrue(r.err().contains("remote.yaml: broker.log.flush.interval.messages is a broker setting, but this driver file has no localCluster"),
                r.err());
        assertTrue(r.err().contains("topic.flush.messages"), r.err());
    }

    @Test
    void aBadValueNamesTheCombinationAndTheFile() throws Exception {
        Path sweep = files("workload: w.yaml\ndrivers: [remote.yaml]\nparameters:\n  messageSize: [0]\n");
        Result r = run("sweep", "--output-dir", dir.resolve("out").toString(), sweep.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("messageSize=0: "), r.err());
        assertTrue(r.err().contains("w.yaml (as edited): messageSize must be"), r.err());
    }

    @Test
    void repeatMustBePositive() throws Exception {
        Path sweep = files("workload: w.yaml\n");
        Result r = run("sweep", "--repeat", "0", sweep.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--repeat must be at least 1"), r.err());
    }

    @Test
    void helpShowsTheFileFormat() {
        Result r = run("sweep", "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("--repeat"), r.out());
        assertTrue(r.out().contains("--duration"), r.out());
        assertTrue(r.out().contains("parameters:"), r.out());
    }
}
