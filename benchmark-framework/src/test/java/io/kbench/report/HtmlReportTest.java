package io.kbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kbench.page.Json;
/** The report from files that need no broker: an OMB result, bad input, grouping. Real runs: integration-tests. */
class HtmlReportTest {

    @TempDir
    Path dir;

    private Path omb() throws Exception {
        Path file = dir.resolve("omb-result.json");
        try (InputStream in = getClass().getResourceAsStream("omb-result.json")) {
            Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    private HtmlReport.Written write(List<Path> inputs, Path baseline) throws Exception {
        return HtmlReport.write(inputs, baseline, dir.resolve("report.html"), "kbench test");
    }

    @Test
    void anOmbResultIsChartedFromItsQuantileMapsAndSaysSo() throws Exception {
        HtmlReport.Written w = write(List.of(omb()), null);
        assertEquals(1, w.runs());
        JsonNode page = ReportPages.data(w.file());
        assertTrue(page.get("inputs").get(0).asText().endsWith("(OpenMessaging Benchmark result)"));

        JsonNode summary = ReportPages.table(page, "Summary");
        assertTrue(ReportPages.text(ReportPages.row(summary, "written by").get(1)).startsWith("OpenMessaging Benchmark"));
        assertEquals("50,000.8 msg/s, 48.83 MB/s", ReportPages.text(ReportPages.row(summary, "published").get(1)),
                "the mean of its per-period rates; MB/s from its messageSize");

        // OMB's publish latency is ack − send: it is drawn as send latency, and publish latency stays empty.
        JsonNode send = ReportPages.charts(page, t -> t.startsWith("Send latency")).get(0);
        JsonNode curve = ReportPages.series(send, "#1");
        assertTrue(curve.get("label").asText().endsWith("(OMB quantile map)"));
        assertEquals(2.0, curve.get("values").get(0).asDouble(), 1e-9, "p0 is the map's 0.0 entry");
        // p99 (x = 2) reads the first listed percentile at or above 99: 99.0625 -> 2 * (1 + x(99.0625)^2 * 0.6)
        double x99 = -Math.log10(1 - 99.0625 / 100);
        assertEquals(Json.round(2.0 * (1 + x99 * x99 * 0.6)), curve.get("values").get(40).asDouble(), 2e-3);
        assertTrue(ReportPages.charts(page, t -> t.startsWith("Publish latency (ack")).isEmpty(), "no publish curve for OMB");
        assertTrue(send.get("note").asText().contains("quantile"));

        JsonNode rates = ReportPages.charts(page, t -> t.equals("Publish and consume rate")).get(0);
        assertEquals(List.of(10.0, 20.0, 30.0, 40.0, 50.0, 60.0), doubles(rates.get("x").get("values")), "OMB's 10 s periods");
        assertEquals(50012.3, ReportPages.series(rates, "publish").get("values").get(0).asDouble(), 1e-9);
        assertNoAddresses(w.file());
    }

    @Test
    void aClientBoundSearchSaysItsVerdictOnceAndEndsItsParagraphOnce() throws Exception {
        // The golden find-max result: a search the clients limited (search.clientLimit, diagnosis client-bound).
        Path file = dir.resolve("find-max.json");
        try (InputStream in = getClass().getResourceAsStream("/io/kbench/result/golden/find-max.json")) {
            Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        JsonNode result = new ObjectMapper().readTree(file.toFile());
        assertEquals("client-bound", result.get("diagnosis").get("verdict").asText());
        assertTrue(result.get("search").hasNonNull("clientLimit"), "the clients limited the search");

        String html = Files.readString(write(List.of(file), null).file());
        assertFalse(html.contains("[\"client-bound\","), "no client-bound row beside the diagnosis row");
        assertFalse(html.contains("go further.."), "one period");
        assertTrue(html.contains("and the clients reached about 734 msg/s when 750 msg/s was asked"), "the search's final line");
        assertTrue(html.contains("Add producers or workers to go further."), "ended once");
    }

    @Test
    void aFileThatIsNotAResultIsNamed() throws Exception {
        Path notResult = Files.writeString(dir.resolve("workers.json"), "{\"workers\": [\"a\"]}");
        ReportInputException e = assertThrows(ReportInputException.class, () -> write(List.of(notResult), null));
        assertTrue(e.getMessage().startsWith(notResult + " is not a kbench or OpenMessaging Benchmark result"), e.getMessage());

        Path notJson = Files.writeString(dir.resolve("x.json"), "publishRate: [1]");
        e = assertThrows(ReportInputException.class, () -> write(List.of(notJson), null));
        assertTrue(e.getMessage().startsWith(notJson + " is not a kbench or OpenMessaging Benchmark result: it is not JSON"), e.getMessage());
    }

    @Test
    void anEmptyDirectoryAndAMissingFileAreNamed() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Files.writeString(empty.resolve("table.md"), "not json");
        ReportInputException e = assertThrows(ReportInputException.class, () -> write(List.of(empty), null));
        assertEquals(empty + ": no result files (*.json) or run journals (*.journal.jsonl) in this directory or below it", e.getMessage());
        e = assertThrows(ReportInputException.class, () -> write(List.of(dir.resolve("nope.json")), null));
        assertEquals(dir.resolve("nope.json") + ": no such file or directory", e.getMessage());
        assertFalse(Files.exists(dir.resolve("report.html")), "nothing is written for bad input");
    }

    @Test
    void aSweepsSetAsideAttemptsAreSkippedInDirectories() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("sweep/runs"));
        Files.copy(omb(), runs.resolve("a-r1.json"));
        Files.writeString(runs.resolve("a-r1.failed.json"), "{}");
        Files.writeString(runs.resolve("a-r1.interrupted-2.json"), "{}");
        assertEquals(List.of(runs.resolve("a-r1.json")), ResultFiles.expand(List.of(dir.resolve("sweep"))));
    }

    @Test
    void differentWorkloadsAreGroupedNotMixedAndTheBaselineIsPerGroup() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode other = (ObjectNode) json.readTree(omb().toFile());
        other.put("workload", "other-workload");
        other.putArray("publishRate").add(25_000.0);
        Path a = omb();
        Path b = Files.writeString(dir.resolve("other.json"), other.toString());
        ObjectNode faster = (ObjectNode) json.readTree(a.toFile());
        faster.putArray("publishRate").add(55_000.0);
        faster.put("aggregatedPublishLatency99pct", 5.0);
        Path c = Files.writeString(dir.resolve("faster.json"), faster.toString());

        JsonNode page = ReportPages.data(write(List.of(a, b, c), c).file());
        List<JsonNode> groups = ReportPages.groups(page);
        assertEquals(2, groups.size());
        assertEquals("Workload 1-topic-16-partitions-1kb", groups.get(0).get("title").asText());
        assertEquals("Workload other-workload", groups.get(1).get("title").asText());

        JsonNode comparison = ReportPages.table(page, "Comparison");
        assertTrue(comparison.get("header").get(2).asText().endsWith("(baseline)"), "the baseline given, not the first");
        JsonNode rate = ReportPages.row(comparison, "publish rate (msg/s)");
        assertEquals("worse", rate.get(1).get("c").asText());
        assertTrue(ReportPages.text(rate.get(1)).contains("(-9.1%) ▼ worse"), ReportPages.text(rate.get(1)));
        JsonNode p99 = ReportPages.row(comparison, "send latency p99 (ms)");
        assertTrue(ReportPages.text(p99.get(1)).contains("(+26.0%) ▼ worse"), ReportPages.text(p99.get(1)));
    }

    @Test
    void changesAreMarkedByTheMetricsDirection() {
        Comparison.Metric rate = Comparison.METRICS.get(0);
        Comparison.Metric latency = Comparison.METRICS.get(4);
        assertEquals("better", Comparison.cell(rate, 100.0, 110.0).cls());
        assertEquals("worse", Comparison.cell(latency, 100.0, 110.0).cls());
        assertEquals("same", Comparison.cell(latency, 100.0, 100.5).cls());
        assertEquals("worse", Comparison.cell(Comparison.METRICS.get(11), 0.0, 3.0).cls(), "errors from none");
        assertEquals("", Comparison.cell(rate, null, 3.0).cls());
    }

    @Test
    void quantileCurvesReadLikeHdrHistogram() throws Exception {
        Double[] y = PercentileCurves.quantileCurve(Map.of("0.0", 1.0, "50.0", 2.0, "99.0", 5.0, "100.0", 9.0));
        assertEquals(1.0, y[0]);
        assertEquals(2.0, y[6], "x = 0.3 is p49.9: the 50.0 entry");
        assertEquals(5.0, y[40], "x = 2 is p99");
        assertEquals(9.0, y[y.length - 1]);
        assertNull(PercentileCurves.quantileCurve(Map.of()));
    }

    /** The page, its styles and scripts name no http(s) address: there is nothing to load. */
    static void assertNoAddresses(Path html) throws Exception {
        String page = ReportPages.withoutData(html);
        assertFalse(page.contains("http://") || page.contains("https://"), "an address in the page itself");
        assertTrue(page.contains("Content-Security-Policy\" content=\"default-src 'none'"));
    }

    private static List<Double> doubles(JsonNode a) {
        return java.util.stream.StreamSupport.stream(a.spliterator(), false).map(JsonNode::asDouble).toList();
    }
}
