package io.kbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.result.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each operation is shaded on every time-series chart from its start to its end, in a shade of its own; faults stay marks. */
class OperationSpansTest {

    /** Where the page is left to look at in a browser (the build's own directory). */
    static final Path PAGE = Path.of("target", "report-screenshots", "operation-spans.html").toAbsolutePath();

    @TempDir
    Path dir;

    @Test
    void everyTimeSeriesShadesEachOperationWhileItRan() throws Exception {
        ObjectNode r = (ObjectNode) ResultJson.tree(HundredWorkerReportTest.result(2, 12)); // periods of 5 s, measured from 30 s
        ObjectMapper json = new ObjectMapper();
        r.set("operations", json.readTree("""
                {"entries": [
                  {"type": "rolling-restart", "target": "3 broker(s) in the order [1, 2, 3]", "plannedAfterMillis": 5000,
                   "startedAfterMillis": 7500, "startedElapsedMicros": 37500000, "startedAt": "2026-11-29T00:00:37.500Z",
                   "doneElapsedMicros": 48200000, "durationMillis": 10700, "status": "done", "outcome": "3 of 3 broker(s) restarted",
                   "steps": [], "putBack": "nothing to put back"},
                  {"type": "alter-config", "target": "topic t", "plannedAfterMillis": 40000, "status": "not-run",
                   "outcome": "not run: the measurement ended first", "steps": [], "putBack": "nothing to put back"}],
                 "health": [], "failedHealthPolls": 0, "maxUnderReplicated": 0, "maxOffline": 0, "putBack": []}"""));
        r.set("faults", json.readTree("""
                [{"type": "kill", "broker": 1, "durationMillis": 4000, "plannedAfterMillis": 12000,
                  "appliedElapsedMicros": 42000000, "appliedAt": "2026-11-23T01:00:42Z", "outcome": "applied"}]"""));
        Path file = Files.writeString(dir.resolve("ops.json"), r.toPrettyString());
        Path html = HtmlReport.write(List.of(file), null, dir.resolve("r.html"), "kbench test").file();
        Files.createDirectories(PAGE.getParent());
        Files.copy(html, PAGE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        JsonNode page = ReportPages.data(html);
        List<JsonNode> series = ReportPages.charts(page, t -> t.equals("Publish and consume rate") || t.equals("Latency over time")
                || t.equals("Backlog"));
        assertEquals(3, series.size());
        for (JsonNode chart : series) {
            List<Double> x = new ArrayList<>();
            chart.get("x").get("values").forEach(v -> x.add(v.asDouble()));
            JsonNode span = ReportPages.series(chart, "operation: rolling-restart (done) 37.5–48.2 s");
            assertEquals("shade", span.get("kind").asText(), chart.get("title").asText());
            assertEquals(TimeSeriesCharts.FEATURE_SPAN_SHADE, span.get("style").asInt(), "a shade of its own, not a phase's");
            JsonNode v = span.get("values");
            for (double inside : List.of(37.5, 40.0, 45.0, 48.2)) {
                assertEquals(1.0, v.get(x.indexOf(inside)).asDouble(), "shaded at " + inside + " s");
            }
            assertTrue(v.get(x.indexOf(35.0)).isNull() && v.get(x.indexOf(50.0)).isNull(), "only while it ran: " + v);
            long operationSeries = 0;
            for (JsonNode s : chart.get("series")) {
                operationSeries += s.get("label").asText().startsWith("operation:") ? 1 : 0;
            }
            assertEquals(1, operationSeries, "one band; the operation that never ran has none, and no start or end marks");
            assertEquals("marker", ReportPages.series(chart, "fault: kill broker 1").get("kind").asText(),
                    "other features' marks are drawn as before");
        }
    }
}
