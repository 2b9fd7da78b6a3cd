package io.kbench.report;

import io.kbench.model.Units;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** One run's own section: time series, the per-worker breakdown, faults, errors and client metrics. */
final class DetailsSection {

    private DetailsSection() {}

    static Section of(ReportedRun run, boolean folded) {
        Section s = new Section(run.label() + " — " + run.run().file().getFileName());
        if (folded) {
            s.folded();
        }
        if (run.omb()) {
            s.text("OpenMessaging Benchmark result: no histograms, so its percentile curves come from its rounded quantile"
                    + " map, and its publish latency (ack − send) is shown as send latency.");
        }
        s.charts(TimeSeriesCharts.of(run));
        JsonNode root = run.run().root();
        if (root.path("catchUp").isObject()) {
            s.table(catchUp(root.path("catchUp")));
        }
        Section search = SearchCharts.of(root.path("search"));
        if (search != null) {
            s.section(search);
        }
        JsonNode workers = root.path("measurement").path("workers");
        if (workers.isArray() && workers.size() > 1) {
            s.charts(workerCharts(workers));
            s.table(workerTable(workers));
        }
        TableSpec faults = faults(root.path("faults"));
        if (faults.size() > 0) {
            s.table(faults);
        }
        TableSpec errors = errors(root);
        if (errors.size() > 0) {
            s.table(errors);
        }
        TableSpec metrics = clientMetrics(root.path("clientMetrics"));
        if (metrics.size() > 0) {
            s.table(metrics);
        }
        return s;
    }

    private static ChartSpec[] workerCharts(JsonNode workers) {
        int n = workers.size();
        double[] x = new double[n];
        Double[] rate = new Double[n];
        Double[] p99 = new Double[n];
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            JsonNode w = workers.get(i);
            x[i] = i;
            labels.add(w.path("workerId").asText("worker " + i));
            rate[i] = w.path("publishRate").asDouble();
            p99[i] = w.path("publishLatency").path("count").asLong() > 0 ? w.path("publishLatency").path("p99Micros").asDouble() / 1_000 : null;
        }
        List<Double> ticks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ticks.add((double) i);
        }
        ChartSpec rates = new ChartSpec("Publish rate per worker").x("worker", "", "ordinal", Json.numbers(x)).padded()
                .xTicks(ticks, labels).y("rate", "msg/s", "linear").bars("publish msg/s", rate);
        ChartSpec latency = new ChartSpec("Publish latency p99 per worker").x("worker", "", "ordinal", Json.numbers(x)).padded()
                .xTicks(ticks, labels).y("latency", "ms", "linear").bars("publish p99", p99);
        return new ChartSpec[] {rates, latency};
    }

    private static TableSpec workerTable(JsonNode workers) {
        TableSpec t = new TableSpec("Per worker", List.of("worker", "published (msg/s)", "published (MB/s)", "consumed (msg/s)",
                "publish p50 (ms)", "publish p99 (ms)", "end-to-end p99 (ms)", "CPU (% of cores)", "cores", "send errors",
                "due but unsent (messages)"));
        for (JsonNode w : workers) {
            JsonNode pub = w.path("publishLatency");
            JsonNode e2e = w.path("endToEndLatency");
            t.row(List.of(w.path("workerId").asText(), Fmt.grouped(w.path("publishRate").asDouble(), 1),
                    Fmt.grouped(w.path("publishMBps").asDouble(), 2), Fmt.grouped(w.path("consumeRate").asDouble(), 1),
                    pub.path("count").asLong() > 0 ? Fmt.ms(pub.path("p50Micros").asDouble() / 1_000) : "—",
                    pub.path("count").asLong() > 0 ? Fmt.ms(pub.path("p99Micros").asDouble() / 1_000) : "—",
                    e2e.path("count").asLong() > 0 ? Fmt.ms(e2e.path("p99Micros").asDouble() / 1_000) : "—",
                    String.format(Locale.ROOT, "%.0f", 100 * w.path("processCpuLoad").asDouble()),
                    w.path("availableProcessors").asText("—"), Fmt.grouped(w.path("sendErrors").asDouble(), 0),
                    Fmt.grouped(w.path("scheduleLagMessages").asDouble(), 0)));
        }
        return t;
    }

    /** A backlog run's catch-up: the drain alone, beside the measurement that covers build, drain and the test duration. */
    private static TableSpec catchUp(JsonNode c) {
        TableSpec t = new TableSpec("Backlog catch-up (the drain alone)", List.of("figure", "value"));
        t.row(List.of("backlog target", mb(c.path("targetBacklogBytes")) + " MB ("
                + Fmt.grouped(c.path("targetBacklogMessages").asDouble(), 0) + " messages)"));
        t.row(List.of("build (consumers paused)", seconds(c.path("buildMillis")) + " s"));
        t.row(List.of("waiting when the consumers resumed", Fmt.grouped(c.path("backlogAtResumeMessages").asDouble(), 0)
                + " messages (" + mb(c.path("backlogAtResumeBytes")) + " MB)"));
        t.row(List.of("drained to (the drain level)", Fmt.grouped(c.path("drainLevelMessages").asDouble(), 0) + " messages"));
        t.row(List.of("time to drain", seconds(c.path("drainMillis")) + " s"));
        t.row(List.of("consumed while draining", Fmt.grouped(c.path("consumedMessages").asDouble(), 0) + " messages: "
                + Fmt.grouped(c.path("consumeRatePerSecond").asDouble(), 1) + " msg/s, "
                + Fmt.grouped(c.path("consumeMBps").asDouble(), 2) + " MB/s"));
        t.row(List.of("published while draining", Fmt.grouped(c.path("publishedMessages").asDouble(), 0) + " messages: "
                + Fmt.grouped(c.path("publishRatePerSecond").asDouble(), 1) + " msg/s, "
                + Fmt.grouped(c.path("publishMBps").asDouble(), 2) + " MB/s"));
        t.row(List.of("publish latency while draining (ms)", latency(c.path("publishLatency"))));
        t.row(List.of("end-to-end latency while draining (ms)", latency(c.path("endToEndLatency"))));
        return t.note("The run's other figures cover its whole measurement, as OpenMessaging Benchmark's do: the backlog's "
                + "build and drain, then the test duration.");
    }

    private static String mb(JsonNode bytes) {
        return Fmt.grouped(Units.mb(bytes.asDouble()), 2);
    }

    private static String seconds(JsonNode millis) {
        return Fmt.grouped(millis.asDouble() / 1_000, 1);
    }

    private static String latency(JsonNode s) {
        if (s.path("count").asLong() == 0) {
            return "—";
        }
        return "p50 " + Fmt.ms(s.path("p50Micros").asDouble() / 1_000) + ", p99 " + Fmt.ms(s.path("p99Micros").asDouble() / 1_000)
                + ", max " + Fmt.ms(s.path("maxMicros").asDouble() / 1_000) + " over " + Fmt.grouped(s.path("count").asDouble(), 0);
    }

    private static TableSpec faults(JsonNode faults) {
        TableSpec t = new TableSpec("Faults", List.of("type", "broker", "planned after (ms)", "applied at (s since load start)",
                "applied at", "duration (ms)", "outcome"));
        for (JsonNode f : faults) {
            t.row(List.of(f.path("type").asText("—"), f.path("broker").asText("—"), f.path("plannedAfterMillis").asText("—"),
                    f.path("appliedElapsedMicros").isNumber() ? String.format(Locale.ROOT, "%.1f", f.path("appliedElapsedMicros").asDouble() / 1e6) : "—",
                    f.path("appliedAt").asText("—"), f.path("durationMillis").asText("—"), f.path("outcome").asText("—")));
        }
        return t;
    }

    /** Errors by class (delivery accounting) or, in results without it, send errors by message. */
    private static TableSpec errors(JsonNode root) {
        TableSpec t = new TableSpec("Errors", List.of("error", "count", "example"));
        JsonNode byClass = root.path("delivery").path("errorsByClass");
        if (byClass.isObject()) {
            byClass.fields().forEachRemaining(e -> t.row(List.of(e.getKey(), Fmt.grouped(e.getValue().path("count").asDouble(), 0),
                    e.getValue().path("example").asText("—"))));
        } else {
            root.path("measurement").path("errors").forEach(e -> t.row(List.of(e.asText(), "—", "—")));
        }
        return t;
    }

    private static TableSpec clientMetrics(JsonNode metrics) {
        TableSpec t = new TableSpec("Client metrics", List.of("metric", "value"));
        if (metrics.isObject()) {
            metrics.fields().forEachRemaining(e -> t.row(List.of(e.getKey(),
                    e.getValue().isNumber() ? Fmt.grouped(e.getValue().asDouble(), 3) : e.getValue().asText())));
        }
        return t;
    }
}
