package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.report.gate.GateRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryCommandTest {

    @TempDir
    Path dir;

    @Test
    void writesTheHistoryIntoTheOneDirectoryGiven() throws Exception {
        for (int i = 0; i < 3; i++) {
            GateRuns.write(GateRuns.run(GateRuns.WORKLOAD, 1_000L * i, 1_000, GateRuns.around(4_000, 0.2, 6, i), null, "Kafka 4.3"), dir,
                    "r" + i + ".json");
        }
        CommandRun r = CommandRun.of("history", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("History written to " + dir.resolve("history.html") + " (3 run(s) of 1 test(s), "), r.out());
        assertTrue(Files.size(dir.resolve("history.html")) > 10_000);
    }

    @Test
    void anEmptyDirectoryIsBadInput() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        CommandRun r = CommandRun.of("history", empty.toString());
        assertEquals(2, r.code());
        assertEquals("history: " + empty + ": no result files (*.json) or run journals (*.journal.jsonl) in this directory or below it\n", r.err());
    }
}
