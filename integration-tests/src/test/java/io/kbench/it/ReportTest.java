package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.report.NinesAxis;
import io.kbench.report.ReportPages;
import io.kbench.stats.HistogramCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTML reports of real short runs against a real broker: one run, two runs compared with a baseline, a
 * sweep, a distributed run, and an OMB-format file; then each report opened in headless Chromium.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(300)
class ReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Where the browser test leaves its screenshots, to look at. */
    static final Path SCREENSHOTS = Path.of("target", "report-screenshots").toAbsolutePath();

    @TempDir
    static Path dir;

    private Path driver;
    private Path single;
    private Path slow;
    private Path fast;
    private Path comparison;
    private Path sweepDir;
    private Path distributed;
    private Path omb;
    private final Map<String, Path> reports = new LinkedHashMap<>();

    private Path workload(String name, String extra) throws Exception {
        return workload(name, 1, extra);
    }

    private Path workload(String name, int clients, String extra) throws Exception {
        return Cli.write(dir, name + ".yaml", """
                name: %s
                topics: 1
                partitionsPerTopic: 2
                messageSize: 200
                producersPerTopic: %d
                subscriptionsPerTopic: 1
                consumerPerSubscription: %d
                producerRate: 500
                %s
                """.formatted(name, clients, clients, extra));
    }

    private Path run(String outDir, String... args) {
        List<String> all = new ArrayList<>(List.of("--drivers", driver.toString(), "--output-dir", dir.resolve(outDir).toString(),
                "--progress-interval", "500ms", "--sample-interval", "500ms"));
        all.addAll(List.of(args));
        Cli.Outcome o = Cli.run(all.toArray(String[]::new));
        assertEquals(0, o.exitCode(), o.all());
        boolean wanted = !all.contains("--no-report");
        assertEquals(wanted, o.out().contains("Report written to "), o.out());
        assertEquals(wanted, Files.exists(html(o.resultFile())), "a report next to the result unless --no-report");
        return o.resultFile();
    }

    @BeforeAll
    void runAndReport() throws Exception {
        driver = Cli.driverFile(dir, "driver.yaml", "producerConfig: |\n  acks=1\n  linger.ms=1\n");
        Path simple = workload("report-single", "testDuration: 2s\nwarmupDuration: 1s\n");
        single = run("single", simple.toString());
        reports.put("one-run", html(single));

        Path rates = workload("report-rates", "testDuration: 1500ms\nwarmupDuration: 500ms\n");
        slow = run("compare", "--rate", "300", rates.toString());
        fast = run("compare", "--no-report", "--rate", "900", rates.toString());
        comparison = dir.resolve("comparison.html");
        Cli.Outcome o = Cli.run("report", "--baseline", slow.toString(), fast.toString(), slow.toString(), "-o", comparison.toString());
        assertEquals(0, o.exitCode(), o.all());
        assertTrue(o.out().startsWith("Report written to " + comparison + " (2 runs, "), o.out());
        reports.put("comparison", comparison);

        workload("report-sizes", "testDuration: 1s\nwarmupDuration: 0s\n");
        Path sweep = Cli.write(dir, "sweep.yaml", """
                name: report-sizes
                workload: report-sizes.yaml
                repeat: 2
                parameters:
                  messageSize: [100, 1000]
                """);
        Cli.Outcome s = Cli.run("sweep", "--drivers", driver.toString(), "--output-dir", dir.resolve("sweeps").toString(),
                "--progress-interval", "500ms", "--sample-interval", "500ms", sweep.toString());
        assertEquals(0, s.exitCode(), s.all());
        sweepDir = dir.resolve("sweeps/report-sizes");
        reports.put("sweep", sweepDir.resolve("report.html"));

        try (WorkerProcesses workers = WorkerProcesses.start(2)) {
            Path token = Cli.write(dir, "token", WorkerProcesses.TOKEN + "\n");
            Path w = workload("report-distributed", 2, "testDuration: 2s\nwarmupDuration: 500ms\n");
            distributed = run("distributed", "--workers", workers.urls(), "--worker-token-file", token.toString(), w.toString());
        }
        reports.put("distributed", html(distributed));

        omb = ombFile(single);
        Cli.Outcome r = Cli.run("report", omb.toString());
        assertEquals(0, r.exitCode(), r.all());
        reports.put("omb", html(omb));
    }

    private static Path html(Path json) {
        String name = json.getFileName().toString();
        return json.resolveSibling(name.substring(0, name.length() - ".json".length()) + ".html");
    }

    @Test
    void aRunWritesAReportNextToItsResultWhoseDataAreTheResultsOwn() throws Exception {
        Path html = html(single);
        assertTrue(Files.isRegularFile(html), "the run wrote " + html);
        assertNoAddresses(html);
        JsonNode result = JSON.readTree(single.toFile());
        JsonNode page = ReportPages.data(html);
        JsonNode m = result.get("measurement");

        // Percentile curves: HdrHistogram's own values at the nines axis' percentiles, in ms.
        assertCurve(page, "Publish latency", m.get("histograms").get("publishLatencyMicros").asText());
        assertCurve(page, "Send latency", m.get("histograms").get("sendLatencyMicros").asText());
        assertCurve(page, "End-to-end latency", m.get("histograms").get("endToEndLatencyMicros").asText());

        // Time series: one point per period, at its end, with its rates.
        JsonNode rates = ReportPages.charts(page, t -> t.equals("Publish and consume rate")).get(0);
        List<Double> x = doubles(rates.get("x").get("values"));
        JsonNode publish = ReportPages.series(rates, "publish").get("values");
        int periods = 0;
        for (JsonNode p : result.get("periods")) {
            int i = x.indexOf(round(p.get("elapsedMicros").asDouble() / 1e6));
            assertTrue(i >= 0, "period ending at " + p.get("elapsedMicros") + " is on the axis " + x);
            assertEquals(round(p.get("publishRate").asDouble()), publish.get(i).asDouble(), 1e-9);
            periods++;
        }
        assertTrue(periods >= 4, "warmup and measurement periods: " + periods);
        assertTrue(ReportPages.series(rates, "warmup").get("kind").asText().equals("shade"), "warmup is shaded");

        JsonNode summary = ReportPages.table(page, "Summary");
        assertEquals("completed", ReportPages.text(ReportPages.row(summary, "status").get(1)));
        String published = ReportPages.text(ReportPages.row(summary, "published").get(1));
        assertTrue(published.startsWith(String.format(java.util.Locale.ROOT, "%,.1f msg/s", m.get("publishRate").asDouble())), published);
    }

    @Test
    void twoRunsAreComparedWithTheBaselineAndTheirRatesGiveALatencyAgainstRateView() throws Exception {
        assertNoAddresses(comparison);
        JsonNode page = ReportPages.data(comparison);
        JsonNode table = ReportPages.table(page, "Comparison");
        assertTrue(table.get("header").get(2).asText().endsWith("(baseline)"), "the --baseline run, given second: " + table.get("header"));
        double slowRate = JSON.readTree(slow.toFile()).get("measurement").get("publishRate").asDouble();
        double fastRate = JSON.readTree(fast.toFile()).get("measurement").get("publishRate").asDouble();
        JsonNode cell = ReportPages.row(table, "publish rate (msg/s)").get(1);
        String change = String.format(java.util.Locale.ROOT, "%+.1f%%", 100 * (fastRate - slowRate) / slowRate);
        assertTrue(ReportPages.text(cell).contains("(" + change + ") ▲ better"), ReportPages.text(cell));
        assertEquals("better", cell.get("c").asText());

        JsonNode settings = ReportPages.table(page, "Settings that differ");
        assertEquals(1, settings.get("rows").size(), "only the rate differs: " + settings);
        assertEquals("producerRate", ReportPages.text(ReportPages.row(settings, "producerRate").get(0)));

        JsonNode hockey = ReportPages.charts(page, t -> t.equals("Latency against achieved rate")).get(0);
        assertEquals(List.of(round(slowRate), round(fastRate)), doubles(hockey.get("x").get("values")));
        assertEquals(5, hockey.get("series").size(), "p50, p99, p99.9, max, end-to-end p99");
    }

    @Test
    void aSweepWritesAReportWithTheMeanAndStandardDeviationOfItsRepeats() throws Exception {
        Path html = sweepDir.resolve("report.html");
        assertTrue(Files.isRegularFile(html));
        assertNoAddresses(html);
        JsonNode page = ReportPages.data(html);
        JsonNode chart = ReportPages.charts(page, t -> t.equals("Publish rate against messageSize")).get(0);
        assertEquals(List.of(100.0, 1000.0), doubles(chart.get("x").get("values")));
        JsonNode mean = ReportPages.series(chart, "mean").get("values");
        JsonNode bars = ReportPages.series(chart, "± 1 sd");
        for (int i = 0; i < 2; i++) {
            String size = i == 0 ? "100" : "1000";
            List<Double> rates = new ArrayList<>();
            for (int k = 1; k <= 2; k++) {
                rates.add(JSON.readTree(sweepDir.resolve("runs/messageSize-" + size + "-r" + k + ".json").toFile())
                        .get("measurement").get("publishRate").asDouble());
            }
            double avg = (rates.get(0) + rates.get(1)) / 2;
            double sd = Math.abs(rates.get(0) - rates.get(1)) / Math.sqrt(2);
            assertEquals(avg, mean.get(i).asDouble(), avg * 1e-5);
            assertEquals(avg - sd, bars.get("lo").get(i).asDouble(), avg * 1e-5);
            assertEquals(avg + sd, bars.get("values").get(i).asDouble(), avg * 1e-5);
        }
        assertEquals(4, ReportPages.table(page, "Summary").get("header").size() - 1, "all four runs");
        assertEquals(1, ReportPages.charts(page, t -> t.equals("End-to-end latency p99 against messageSize")).size());
    }

    @Test
    void aDistributedRunsReportBreaksTheFiguresDownByWorker() throws Exception {
        Path html = html(distributed);
        assertNoAddresses(html);
        JsonNode page = ReportPages.data(html);
        JsonNode workers = ReportPages.table(page, "Per worker");
        JsonNode result = JSON.readTree(distributed.toFile());
        assertEquals(2, workers.get("rows").size());
        for (int i = 0; i < 2; i++) {
            JsonNode w = result.get("measurement").get("workers").get(i);
            assertEquals(w.get("workerId").asText(), ReportPages.text(workers.get("rows").get(i).get(0)));
        }
        assertEquals(1, ReportPages.charts(page, t -> t.equals("Publish rate per worker")).size());
        assertEquals("2", ReportPages.text(ReportPages.row(ReportPages.table(page, "Summary"), "workers").get(1)));
    }

    @Test
    void anOmbResultFileIsChartedFromItsQuantileMaps() throws Exception {
        Path html = html(omb);
        assertNoAddresses(html);
        JsonNode page = ReportPages.data(html);
        JsonNode send = ReportPages.charts(page, t -> t.startsWith("Send latency")).get(0);
        assertTrue(ReportPages.series(send, "#1").get("label").asText().endsWith("(OMB quantile map)"));
        assertTrue(ReportPages.text(ReportPages.row(ReportPages.table(page, "Summary"), "written by").get(1))
                .startsWith("OpenMessaging Benchmark"));
    }

    @Test
    void everyReportDrawsEveryChartInChromiumWithoutErrorsOrRequests() throws Exception {
        StringBuilder why = new StringBuilder();
        Path executable = Chromium.findOrInstall(why);
        Assumptions.assumeTrue(executable != null, () -> "SKIPPED, not passed: " + why);
        String check = """
                (() => {
                  document.querySelectorAll('details').forEach(d => d.open = true);
                  return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
                    const figures = [...document.querySelectorAll('figure.chart')];
                    const drawn = figures.filter(f => {
                      const c = f.querySelector('canvas');
                      if (!c) return false;
                      const box = c.getBoundingClientRect();
                      return box.width > 0 && box.height > 0 && c.width > 0 && c.height > 0;
                    }).length;
                    done({figures: figures.length, drawn: drawn, declared: Number(document.body.dataset.charts),
                          declaredDrawn: Number(document.body.dataset.chartsDrawn), tables: document.querySelectorAll('table').length});
                  })));
                })()
                """;
        try (Chromium browser = Chromium.start(executable); DevTools devtools = DevTools.connect(browser.browserWebSocket)) {
            for (Map.Entry<String, Path> report : reports.entrySet()) {
                List<String> errors = new ArrayList<>();
                List<String> requests = new ArrayList<>();
                Path png = SCREENSHOTS.resolve(report.getKey() + ".png");
                JsonNode checked = devtools.open(report.getValue(), 1400, check, png, errors, requests);
                String what = report.getKey() + " (" + report.getValue() + "): " + checked;
                assertEquals(List.of(), errors, "console errors in " + what);
                int expected = ReportPages.charts(ReportPages.data(report.getValue())).size();
                assertTrue(expected > 0, what);
                assertEquals(expected, checked.get("figures").asInt(), "a figure per chart in " + what);
                assertEquals(expected, checked.get("drawn").asInt(), "every chart drew a canvas of non-zero size in " + what);
                assertEquals(expected, checked.get("declaredDrawn").asInt(), what);
                assertTrue(checked.get("tables").asInt() > 0, what);
                for (String url : requests) {
                    assertTrue(url.startsWith("file:") || url.startsWith("data:") || url.startsWith("about:"),
                            "the report loaded " + url + " in " + what);
                }
                assertTrue(Files.size(png) > 10_000, "a screenshot of " + what);
            }
        }
    }

    /** The page, its styles and scripts hold no http(s) address; the data is inert JSON, never fetched or run. */
    private static void assertNoAddresses(Path html) throws Exception {
        String page = ReportPages.withoutData(html);
        assertFalse(page.contains("http://"), html + " names an http:// address");
        assertFalse(page.contains("https://"), html + " names an https:// address");
        assertTrue(page.contains("Content-Security-Policy\" content=\"default-src 'none'"), "nothing may be loaded");
        assertFalse(page.matches("(?s).*<(link|img|iframe|object|embed)\\b.*"), "no element that loads a resource");
        assertTrue(page.contains("<script type=\"application/json\" id=\"kbench-data\">"));
    }

    private static void assertCurve(JsonNode page, String title, String histogram) {
        Histogram h = HistogramCodec.decode(histogram);
        JsonNode chart = ReportPages.charts(page, t -> t.startsWith(title)).get(0);
        JsonNode values = chart.get("series").get(0).get("values");
        double[] x = NinesAxis.positions();
        assertEquals(x.length, values.size());
        for (int i = 0; i < x.length; i++) {
            long micros = i == 0 ? h.getMinValue() : h.getValueAtPercentile(NinesAxis.percentile(x[i]));
            assertEquals(round(micros / 1000.0), values.get(i).asDouble(), 1e-9, title + " at " + x[i]);
        }
    }

    /** An OpenMessaging Benchmark result: a real run's result with only the fields OMB writes. */
    private Path ombFile(Path kbench) throws Exception {
        JsonNode result = JSON.readTree(kbench.toFile());
        ObjectNode o = JSON.createObjectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = result.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            if (List.of("workload", "driver", "messageSize", "topics", "partitions", "producersPerTopic", "consumersPerTopic",
                    "publishRate", "publishErrorRate", "consumeRate", "backlog").contains(k)
                    || k.startsWith("publishLatency") || k.startsWith("publishDelayLatency") || k.startsWith("endToEndLatency")
                    || k.startsWith("aggregated")) {
                o.set(k, e.getValue());
            }
        }
        Path dirOmb = Files.createDirectories(dir.resolve("omb"));
        return Files.writeString(dirOmb.resolve("omb-result.json"), o.toPrettyString());
    }

    /** The report keeps 6 significant digits. */
    private static double round(double v) {
        return v == 0 ? 0 : new java.math.BigDecimal(v).round(new java.math.MathContext(6)).doubleValue();
    }

    private static List<Double> doubles(JsonNode a) {
        List<Double> out = new ArrayList<>();
        a.forEach(v -> out.add(v.asDouble()));
        return out;
    }
}
