package io.kbench.report.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.report.ReportInputException;
import io.kbench.report.ReportPages;
import io.kbench.report.gate.GateRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryTest {

    @TempDir
    Path dir;

    @Test
    void runsAreGroupedByTestOrderedByTimeAndNeighboursShowWhatChanged() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results/nightly"));
        // Written out of order, across two versions, plus a run of another workload.
        for (int i = 5; i >= 0; i--) {
            String version = i < 3 ? "4.2.0" : "4.3.1";
            GateRuns.write(GateRuns.run(GateRuns.WORKLOAD, 1_000_000L * (i + 1), 1_000, GateRuns.around(4_000 + 500 * i, 0.2, 6, i), version,
                    "Kafka " + version.substring(0, 3)), results, "run-" + i + ".json");
        }
        GateRuns.write(GateRuns.run(GateRuns.WORKLOAD.replace("producerRate: 1000", "producerRate: 2000"), 500_000, 2_000,
                GateRuns.around(3_000, 0.2, 6, 0), null, "Kafka 4.3"), results, "other.json");
        History h = History.of(List.of(dir.resolve("results")));
        assertEquals(2, h.groups().size());
        assertEquals(1, h.groups().get(0).runs().size(), "the other workload's run started first");
        History.Group nightly = h.groups().get(1);
        assertEquals(6, nightly.runs().size());
        assertEquals(List.of("run-0.json", "run-1.json", "run-2.json", "run-3.json", "run-4.json", "run-5.json"),
                nightly.runs().stream().map(r -> r.file().getFileName().toString()).toList());

        Path html = dir.resolve("history.html");
        HistoryPage.write(h, List.of("results"), html, "kbench test");
        JsonNode page = ReportPages.data(html);
        assertEquals("kbench history: 7 run(s) of 2 test(s)", page.get("title").asText());
        JsonNode group = page.get("sections").get(1);
        assertTrue(group.get("title").asText().startsWith("Workload gate on k (workload hash "), group.get("title").asText());
        JsonNode charts = group.get("blocks").get(1).get("charts");
        assertEquals(4, charts.size(), "throughput, publish, end-to-end, CPU per message");
        JsonNode publish = charts.get(1);
        assertEquals("Publish latency (ack − intended send)", publish.get("title").asText());
        assertEquals(6, publish.get("x").get("values").size());
        assertEquals("errors", publish.get("series").get(3).get("kind").asText(), "each line has its runs' spread");
        JsonNode neighbours = group.get("blocks").get(3).get("table");
        assertEquals("What changed between neighbours", neighbours.get("title").asText());
        assertEquals("nothing", neighbours.get("rows").get(0).get(1).asText());
        String versionChange = neighbours.get("rows").get(2).get(1).asText();
        assertTrue(versionChange.contains("cluster.versions: Kafka 4.2 → Kafka 4.3"), versionChange);
        assertTrue(versionChange.contains("version.service: 4.2.0 → 4.3.1"), versionChange);
    }

    @Test
    void noResultsIsBadInput() throws Exception {
        Files.createDirectories(dir.resolve("empty"));
        assertTrue(assertThrows(ReportInputException.class, () -> History.of(List.of(dir.resolve("empty")))).getMessage()
                .endsWith("no result files (*.json) or run journals (*.journal.jsonl) in this directory or below it"));
        assertTrue(assertThrows(ReportInputException.class, () -> History.of(List.of(dir.resolve("missing")))).getMessage()
                .endsWith("no such file or directory"));
    }
}
