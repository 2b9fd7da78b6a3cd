package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that fails before measuring keeps its result, but out of the way of the OMB forks' scripts, which take
 * every *.json of a results directory (or walk it for names starting with the workload's shape) and crash on
 * its empty lists; report still finds it.
 */
class FailedResultPlacementTest {

    @TempDir
    Path dir;

    private static List<Path> files(Path root, String suffix) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    @Test
    void aFailedRunsResultGoesToFailedWithItsLogAndReportStillShowsIt() throws Exception {
        // The cluster refuses topics of more than 2 partitions: the run fails before it measures anything.
        Path driver = Files.writeString(dir.resolve("small.yaml"), "name: small\ndriverClass: inmemory\nmaxPartitionsPerTopic: 2\n");
        Path workload = Files.writeString(dir.resolve("1-topic-4-partitions-1kb-1-producers-1k-rate.yaml"), """
                partitionsPerTopic: 4
                messageSize: 1024
                producerRate: 1000
                warmupDuration: 0s
                testDuration: 1s
                """);
        Path out = dir.resolve("results");
        CommandRun r = CommandRun.of("--drivers", driver.toString(), "--output-dir", out.toString(), "--no-report",
                workload.toString());

        assertEquals(BenchmarkCommand.EXIT_RUN_FAILED, r.code(), r.out() + r.err());
        // Before: results/<name>.json, picked up by results/*.json with its empty publishRate list.
        try (Stream<Path> top = Files.list(out)) {
            assertEquals(List.of(out.resolve("failed")), top.toList(), "nothing but failed/ at the top");
        }
        List<Path> results = files(out, ".json");
        assertEquals(1, results.size(), results.toString());
        Path failed = results.get(0);
        assertEquals(out.resolve("failed"), failed.getParent());
        assertTrue(failed.getFileName().toString().startsWith("failed-"), failed.toString());
        JsonNode json = new ObjectMapper().readTree(failed.toFile());
        assertEquals("FAILED", json.path("status").asText().toUpperCase(java.util.Locale.ROOT), json.toString());
        assertEquals(List.of(failed.resolveSibling(failed.getFileName().toString().replace(".json", ".log"))), files(out, ".log"),
                "the log travels with its result");
        assertTrue(r.out().contains("Result written to " + failed), r.out());

        CommandRun report = CommandRun.of("report", "--output", dir.resolve("report.html").toString(), out.toString());
        assertEquals(0, report.code(), report.out() + report.err());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains(failed.getFileName().toString().replace(".json", "")), "the report shows the failed run");
    }
}
