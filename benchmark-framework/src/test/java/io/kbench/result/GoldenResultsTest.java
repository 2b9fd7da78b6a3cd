package io.kbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Results written before the result became typed sections (the golden files, one per kind of run) read into
 * today's classes and write back as they were, field for field and value for value, plus {@code schemaVersion}
 * (1: they were written before the field existed) and whatever fields were added since (e.g. a workload field
 * that did not exist then, written as null).
 */
class GoldenResultsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The kinds of run the golden files stand for (see golden/README.md). */
    static final List<String> KINDS = List.of("completed", "degraded", "failed", "failed-early", "failed-at-start",
            "no-integrity-check", "consume-only", "cku-check", "backlog", "find-max", "find-max-failed", "transactions",
            "faults", "distributed");

    /** A golden file's JSON. */
    public static JsonNode golden(String kind) {
        try (InputStream in = GoldenResultsTest.class.getResourceAsStream("golden/" + kind + ".json")) {
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException("golden/" + kind + ".json", e);
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aGoldenFileReadsAndWritesBackUnchanged(String kind) throws Exception {
        JsonNode before = golden(kind);
        RunResult read = ResultJson.read(before);
        assertEquals(1, read.schemaVersion(), "written before schemaVersion existed");
        ObjectNode after = (ObjectNode) JSON.readTree(ResultJson.text(read));
        assertEquals(1, after.remove("schemaVersion").asInt(), "the version it was read as");
        List<String> lost = JsonPaths.missing(JsonPaths.of(before), JsonPaths.of(after));
        assertTrue(lost.isEmpty(), kind + ": " + lost);
        List<String> changed = JsonPaths.differences(before, after);
        assertTrue(changed.isEmpty(), kind + ": " + changed.subList(0, Math.min(10, changed.size())));
    }

    static List<String> kinds() {
        return KINDS;
    }
}
