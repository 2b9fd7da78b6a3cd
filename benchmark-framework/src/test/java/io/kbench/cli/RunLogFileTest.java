package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunLogFileTest {

    @TempDir
    Path dir;

    @Test
    void nextToTheResultNeverReplacingALog() throws Exception {
        Path result = dir.resolve("results/simple-kafka-local-20261123-020726.json");
        Path first = RunLogFile.create(result);
        assertEquals(dir.resolve("results/simple-kafka-local-20261123-020726.log"), first);
        assertTrue(Files.exists(first) && Files.size(first) == 0);
        Files.writeString(first, "an earlier run's log");
        assertEquals(dir.resolve("results/simple-kafka-local-20261123-020726-1.log"), RunLogFile.create(result));
        assertEquals("an earlier run's log", Files.readString(first));
        assertEquals(dir.resolve("mine.log"), RunLogFile.create(dir.resolve("mine")), "a result name without .json");
    }
}
