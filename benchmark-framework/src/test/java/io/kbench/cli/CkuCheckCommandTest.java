package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A CKU check on the in-memory driver: its verdict is in the exit status, and its note names what lowered the rate. */
class CkuCheckCommandTest {

    @TempDir
    Path dir;

    @Test
    void aFailedCkuCheckExitsFourAndBlamesTheScale() throws Exception {
        Path driver = Files.writeString(dir.resolve("inmemory.yaml"), "name: in-memory\ndriverClass: inmemory\n");
        Path workload = Files.writeString(dir.resolve("w.yaml"), """
                name: cku-check
                partitionsPerTopic: 4
                messageSize: 1024
                producersPerTopic: 1
                subscriptionsPerTopic: 0
                warmupDuration: 0s
                testDuration: 2s
                """);
        // 1 CKU = 50 MB/s of 1 KiB messages = 51,200 msg/s; scaled by 0.0002: about 10 msg/s, far below the CKU's ingress.
        CommandRun r = CommandRun.of("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(), "--no-report",
                "--cku", "1", "--scale", "0.0002", "--progress-interval", "1s", workload.toString());

        assertTrue(r.out().contains("CKU check: FAIL"), r.out() + r.err());
        // Before: exit status 0, and "remove producerRate to produce at the CKUs' ingress" with no producerRate anywhere.
        assertEquals(BenchmarkCommand.EXIT_CKU_FAILED, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("note: the workload requested only 0.01 MB/s of the CKUs' 50 MB/s: --scale 0.0002 lowered "
                + "the rate (50.00 MB/s unscaled): run without --scale"), r.out());
        assertFalse(r.out().contains("remove producerRate"), r.out());
    }
}
