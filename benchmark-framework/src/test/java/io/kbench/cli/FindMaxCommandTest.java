package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** find-max on the in-memory driver, for what needs no broker. */
class FindMaxCommandTest {

    @TempDir
    Path dir;


    private JsonNode result(Path outDir) throws Exception {
        List<Path> results;
        try (Stream<Path> files = Files.walk(outDir)) {
            results = files.filter(f -> f.getFileName().toString().endsWith(".json")).toList();
        }
        assertEquals(1, results.size(), results.toString());
        return new ObjectMapper().readTree(results.get(0).toFile());
    }

    private CommandRun findMax(Path driver, Path workload, String... more) {
        List<String> args = new ArrayList<>(List.of("find-max", "--drivers", driver.toString(), "--output-dir",
                dir.resolve("out").toString(), "--settle", "0s", "--step-duration", "1s", "--max-duration", "20s",
                "--drain-timeout", "1s", "--progress-interval", "1s"));
        args.addAll(List.of(more));
        args.add(workload.toString());
        CommandRun r = CommandRun.of(args.toArray(String[]::new));
        System.out.println(r.out()); // for the test report
        return r;
    }

    @Test
    void aProbeWhoseMessagesOutlastTheDrainStopsTheSearchBeforeAnyStepCountsThem() throws Exception {
        // Acknowledged 3 s after sending: the probe ends with the producer's buffer full (100,000 messages), still in
        // flight when its 1 s drain gives up. A step would have counted them: 32,464 msg/s "achieved" at 1 msg/s.
        Path driver = Files.writeString(dir.resolve("slow.yaml"), "name: slow\ndriverClass: inmemory\nackLatencyMicros: 3000000\n");
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: probe\nmessageSize: 100\nproducerRate: -1\n"
                + "warmupDuration: 0s\ntestDuration: 1s\n");
        CommandRun r = findMax(driver, workload, "--probe", "1s");

        assertEquals(1, r.code(), r.out() + r.err());
        Matcher m = Pattern.compile("no max sustainable rate \\(incomplete\\): (the probe left ([\\d,]+) messages in flight and 0 "
                + "unconsumed when its drain gave up after 1 s; a next step would count them as its own\\. Raise --drain-timeout, "
                + "or give the workload a producerRate to start from instead of probing)").matcher(r.out());
        assertTrue(m.find(), r.out());
        assertTrue(Long.parseLong(m.group(2).replace(",", "")) > 0, m.group(1));
        assertFalse(r.out().contains("Step 1"), "no step ran: " + r.out());
        // Nothing measured, nothing to diagnose: the line says so, and no "Diagnosis:" line judges load that was not measured.
        assertTrue(r.out().contains("Nothing was measured.\n") && !r.out().contains("Diagnosis:"), r.out());
        JsonNode search = result(dir.resolve("out")).get("search");
        assertEquals("incomplete", search.get("outcome").asText(), search.toString());
        assertEquals(0, search.get("steps").size(), search.toString());
        assertEquals(m.group(1), search.get("conclusion").asText());
        // A failed run's result, log and report go to failed/ (out of the way of the OMB forks' scripts).
        try (Stream<Path> files = Files.list(dir.resolve("out").resolve("failed"))) {
            Path report = files.filter(f -> f.toString().endsWith(".html")).findFirst().orElseThrow();
            assertTrue(Files.readString(report).contains("the probe left"), "the report of a search without steps says why");
        }
    }

    @Test
    void aStepWhoseMessagesOutlastTheDrainEndsTheSearchThere() throws Exception {
        // Acknowledged 1.5 s after sending: what step 1 sent in its last half second is in flight when its 1 s drain ends.
        Path driver = Files.writeString(dir.resolve("slow.yaml"), "name: slow\ndriverClass: inmemory\nackLatencyMicros: 1500000\n");
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: step\nmessageSize: 100\nproducerRate: -1\nproducerStartRate: 200\n"
                + "warmupDuration: 0s\ntestDuration: 1s\n");
        CommandRun r = findMax(driver, workload);

        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("step 1 (grow) at 200 msg/s"), r.out());
        assertFalse(r.out().contains("Step 2"), "the search stopped after step 1: " + r.out());
        assertTrue(Pattern.compile("no max sustainable rate \\(incomplete\\): step 1 left [\\d,]+ messages in "
                + "flight and [\\d,]+ unconsumed when its drain gave up after 1 s; a next step would count them as its own\\. "
                + "Raise --drain-timeout\\n").matcher(r.out()).find(), r.out());
        JsonNode search = result(dir.resolve("out")).get("search");
        assertEquals("incomplete", search.get("outcome").asText(), search.toString());
        assertEquals(1, search.get("steps").size(), search.toString());
        assertFalse(search.get("steps").get(0).get("passed").asBoolean(), search.toString());
    }
}
