package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The shipped sweep files of the seed studies are valid, and one runs for real, CI-sized. */
class SweepFilesTest {

    @TempDir
    Path dir;

    static Stream<String> sweepFiles() throws Exception {
        try (Stream<Path> files = Files.list(Cli.HOME.resolve("workloads/sweeps"))) {
            return files.filter(p -> p.toString().endsWith(".yaml")).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("sweepFiles")
    void everyCombinationIsValid(String file) {
        Cli.Outcome plan = Cli.run("sweep", "--plan", "--output-dir", dir.toString(),
                Cli.HOME.resolve("workloads/sweeps").resolve(file).toString());
        assertEquals(0, plan.exitCode(), file + ":\n" + plan.all());
        assertTrue(plan.out().contains("every combination is valid"), plan.out());
    }

    /** The acks study's comparison on three local brokers (replication 3, min.insync.replicas=2). */
    @Test
    @Timeout(180)
    void theAcksStudyRunsOnThreeLocalBrokers() throws Exception {
        Cli.Outcome run = Cli.run("sweep", "--repeat", "1", "--duration", "2s", "--warmup", "0s", "--rate", "1000",
                "--progress-interval", "1s", "--output-dir", dir.toString(), Cli.HOME.resolve("workloads/sweeps/acks.yaml").toString());
        assertEquals(0, run.exitCode(), run.all());
        assertTrue(run.out().contains("3 brokers"), "the 3-broker local cluster ran it:\n" + run.out());
        List<String> rows = Files.readAllLines(dir.resolve("acks/table.csv"));
        assertEquals(4, rows.size(), "a header and one row per acks value: " + rows);
        for (String acks : new String[] {"all", "1", "0"}) {
            assertTrue(rows.stream().anyMatch(r -> r.startsWith(acks + ",")), "row for acks=" + acks + ": " + rows);
        }
    }
}
