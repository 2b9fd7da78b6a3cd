package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.result.JsonPaths;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The golden files (results written before the result became typed sections, one per kind of run) for the end-to-end
 * tests whose runs need a broker: transactions, faults, a distributed run. The kinds the in-memory driver can run are
 * run again by the framework's GoldenRunsTest, on one clock.
 */
final class GoldenFiles {

    private GoldenFiles() {}

    /** The golden file of a kind, from the framework's test resources. */
    static Path golden(String kind) {
        return Cli.HOME.resolve("benchmark-framework/src/test/resources/io/kbench/result/golden/" + kind + ".json");
    }

    /**
     * Fails when {@code today} lacks a field the golden file of {@code kind} had (for the kinds run with a broker).
     *
     * @param notInThisRun fields (with what is under them) the caller's run has no reason to have, e.g. warmup without one
     */
    static void assertHasEveryFieldOf(String kind, JsonNode today, String... notInThisRun) throws Exception {
        Map<String, Set<String>> expected = new TreeMap<>(JsonPaths.of(Cli.JSON.readTree(golden(kind).toFile())));
        for (String field : notInThisRun) {
            expected.keySet().removeIf(p -> p.equals(field) || p.startsWith(field + "."));
        }
        List<String> lost = JsonPaths.missing(expected, JsonPaths.of(today));
        assertTrue(lost.isEmpty(), kind + ": today's result lacks fields the golden file had: " + lost);
    }
}
