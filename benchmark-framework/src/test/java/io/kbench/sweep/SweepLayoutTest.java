package io.kbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepLayoutTest {

    @TempDir
    Path dir;

    @Test
    void resumeRunsWhatIsMissingOrDidNotComplete() throws Exception {
        assertEquals(SweepLayout.Decision.RUN, SweepLayout.decide(dir.resolve("missing-r1.json")));
        Path done = Files.writeString(dir.resolve("a-r1.json"), SweepTableTest.result("completed", 1, 1, 1L));
        assertEquals(SweepLayout.Decision.SKIP, SweepLayout.decide(done));
        Path failed = Files.writeString(dir.resolve("a-r2.json"), SweepTableTest.result("failed", 1, 1, 1L));
        assertEquals(SweepLayout.Decision.RUN_AGAIN, SweepLayout.decide(failed));
        Path interrupted = Files.writeString(dir.resolve("a-r3.json"), SweepTableTest.result("interrupted", 1, 1, 1L));
        assertEquals(SweepLayout.Decision.RUN_AGAIN, SweepLayout.decide(interrupted));
        Path truncated = Files.writeString(dir.resolve("a-r4.json"), "{\"status\": \"compl");
        assertEquals(SweepLayout.Decision.RUN_AGAIN, SweepLayout.decide(truncated));
        assertEquals("unreadable", SweepLayout.status(truncated));
    }

    @Test
    void anEarlierAttemptIsSetAsideNeverReplaced() throws Exception {
        Path failed = Files.writeString(dir.resolve("a-r2.json"), SweepTableTest.result("failed", 1, 1, 1L));
        assertEquals(dir.resolve("a-r2.failed.json"), SweepLayout.setAside(failed));
        assertFalse(Files.exists(failed));
        Files.writeString(failed, SweepTableTest.result("failed", 2, 2, 2L));
        assertEquals(dir.resolve("a-r2.failed-2.json"), SweepLayout.setAside(failed));
        assertTrue(Files.readString(dir.resolve("a-r2.failed.json")).contains("\"publishRate\": 1.0"));
    }

    @Test
    void theEarlierAttemptsLogGoesAsideWithIt() throws Exception {
        Path failed = Files.writeString(dir.resolve("a-r2.json"), SweepTableTest.result("failed", 1, 1, 1L));
        Files.writeString(dir.resolve("a-r2.log"), "log of the failed attempt");
        Files.writeString(dir.resolve("a-r2.failed.log"), "an older log without a result");
        assertEquals(dir.resolve("a-r2.failed-2.json"), SweepLayout.setAside(failed));
        assertEquals("log of the failed attempt", Files.readString(dir.resolve("a-r2.failed-2.log")));
        assertFalse(Files.exists(dir.resolve("a-r2.log")), "the new run's log takes its place");
        assertEquals("an older log without a result", Files.readString(dir.resolve("a-r2.failed.log")));
    }

    @Test
    void directoryIsNamedAfterTheSweep() {
        SweepLayout layout = new SweepLayout(dir, "Record size / acks=1");
        assertEquals(dir.resolve("record-size-acks-1"), layout.dir());
        assertEquals(dir.resolve("record-size-acks-1/runs"), layout.runsDir());
        assertEquals(dir.resolve("record-size-acks-1/table.csv"), layout.csvTable());
    }
}
