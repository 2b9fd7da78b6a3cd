package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * A run's time series, one point per reporting period (its end, in seconds since the load started):
 * publish and consume rate; p50/p99 publish and end-to-end latency; backlog. Phases other than the
 * measurement (warmup, backlog build and drain, the final drain) are shaded and faults marked.
 */
final class TimeSeriesCharts {

    /** One reporting period: where it ends, its phase and its figures. */
    private record Point(double endSeconds, String phase, JsonNode period) {}

    /** A shaded stretch of the time axis. */
    record Span(String phase, double from, double to) {}

    /** A fault marked on the time axis. */
    record Mark(double at, String label) {}

    private static final Map<String, String> PHASES = Map.of(
            "PREFILL", "prefill", "WARMUP", "warmup", "BACKLOG_BUILD", "backlog build",
            "BACKLOG_DRAIN", "backlog drain", "MEASURE", "measure", "DRAIN", "drain");

    private TimeSeriesCharts() {}

    static ChartSpec[] of(ReportedRun run) {
        return run.omb() ? omb(run) : kbench(run);
    }

    private static ChartSpec[] kbench(ReportedRun run) {
        List<Point> points = new ArrayList<>();
        for (JsonNode p : run.run().root().path("periods")) {
            String phase = PHASES.getOrDefault(p.path("phase").asText(), p.path("phase").asText().toLowerCase(Locale.ROOT));
            points.add(new Point(p.path("elapsedMicros").asDouble() / 1e6, phase, p));
        }
        List<Span> spans = spans(points);
        List<Mark> marks = faults(run.run().root().path("faults"));
        double[] x = axis(points, spans, marks);
        ChartSpec rates = chart("Publish and consume rate", "rate", "msg/s", x)
                .line("publish", values(x, points, p -> p.path("publishRate").asDouble()))
                .line("consume", values(x, points, p -> p.path("consumeRate").asDouble()));
        ChartSpec latency = chart("Latency over time", "latency", "ms", x)
                .line("publish p50", latencies(x, points, "publishLatency", "p50Micros"))
                .line("publish p99", latencies(x, points, "publishLatency", "p99Micros"))
                .line("end-to-end p50", latencies(x, points, "endToEndLatency", "p50Micros"))
                .line("end-to-end p99", latencies(x, points, "endToEndLatency", "p99Micros"));
        ChartSpec backlog = chart("Backlog", "backlog", "messages", x)
                .line("backlog (acknowledged × subscriptions − consumed)", values(x, points, p -> p.path("backlogMessages").asDouble()));
        ChartSpec[] charts = {rates, latency, backlog};
        for (ChartSpec c : charts) {
            decorate(c, x, spans, marks);
        }
        return charts;
    }

    /** OMB keeps the measured periods only, every sampleRateMillis (10 s unless it says otherwise). */
    private static ChartSpec[] omb(ReportedRun run) {
        JsonNode root = run.run().root();
        double step = root.path("sampleRateMillis").asDouble(10_000) / 1_000;
        int n = root.path("publishRate").size();
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i + 1) * step;
        }
        ChartSpec rates = chart("Publish and consume rate", "rate", "msg/s", x)
                .line("publish", array(root.path("publishRate"), n))
                .line("consume", array(root.path("consumeRate"), n));
        ChartSpec latency = chart("Latency over time", "latency", "ms", x)
                .line("send p50 (OMB's publish: ack − send)", array(root.path("publishLatency50pct"), n))
                .line("send p99 (OMB's publish: ack − send)", array(root.path("publishLatency99pct"), n))
                .line("end-to-end p50", array(root.path("endToEndLatency50pct"), n))
                .line("end-to-end p99", array(root.path("endToEndLatency99pct"), n));
        ChartSpec backlog = chart("Backlog", "backlog", "messages", x).line("backlog", array(root.path("backlog"), n));
        return new ChartSpec[] {rates.note("OMB result: measured periods only"), latency, backlog};
    }

    private static ChartSpec chart(String title, String yLabel, String unit, double[] x) {
        return new ChartSpec(title).x("time since the load started", "s", "linear", Json.numbers(x)).y(yLabel, unit, "linear");
    }

    /** Consecutive periods of one phase, except the measurement, make one shaded span. */
    static List<Span> spans(List<Point> points) {
        List<Span> spans = new ArrayList<>();
        double start = 0;
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            boolean last = i == points.size() - 1 || !points.get(i + 1).phase().equals(p.phase());
            if (last) {
                if (!p.phase().equals("measure")) {
                    spans.add(new Span(p.phase(), start, p.endSeconds()));
                }
                start = p.endSeconds();
            }
        }
        return spans;
    }

    static List<Mark> faults(JsonNode faults) {
        List<Mark> marks = new ArrayList<>();
        for (JsonNode f : faults) {
            if (!f.path("appliedElapsedMicros").isNumber()) {
                continue; // not applied (or planned only): listed in the faults table, not marked
            }
            String what = f.path("type").asText("fault") + (f.has("broker") ? " broker " + f.path("broker").asText() : "")
                    + (f.path("durationMillis").asLong(0) > 0 ? " for " + Fmt.grouped(f.path("durationMillis").asDouble(), 0) + " ms" : "");
            marks.add(new Mark(f.path("appliedElapsedMicros").asDouble() / 1e6, "fault: " + what));
        }
        return marks;
    }

    private static double[] axis(List<Point> points, List<Span> spans, List<Mark> marks) {
        TreeSet<Double> xs = new TreeSet<>();
        xs.add(0.0);
        points.forEach(p -> xs.add(p.endSeconds()));
        spans.forEach(s -> {
            xs.add(s.from());
            xs.add(s.to());
        });
        marks.forEach(m -> xs.add(m.at()));
        return xs.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static Double[] values(double[] x, List<Point> points, ToDoubleFunction<JsonNode> value) {
        Map<Double, Double> at = new LinkedHashMap<>();
        points.forEach(p -> at.put(p.endSeconds(), value.applyAsDouble(p.period())));
        Double[] y = new Double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = at.get(x[i]);
        }
        return y;
    }

    /** A latency figure in ms; no point for a period without samples of that latency. */
    private static Double[] latencies(double[] x, List<Point> points, String latency, String field) {
        Map<Double, Double> at = new LinkedHashMap<>();
        for (Point p : points) {
            JsonNode s = p.period().path(latency);
            if (s.path("count").asLong(0) > 0) {
                at.put(p.endSeconds(), s.path(field).asDouble() / 1_000);
            }
        }
        Double[] y = new Double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = at.get(x[i]);
        }
        return y;
    }

    private static void decorate(ChartSpec chart, double[] x, List<Span> spans, List<Mark> marks) {
        List<String> phases = new ArrayList<>();
        spans.forEach(s -> {
            if (!phases.contains(s.phase())) {
                phases.add(s.phase());
            }
        });
        for (String phase : phases) {
            Double[] shade = new Double[x.length];
            for (Span s : spans) {
                if (s.phase().equals(phase)) {
                    for (int i = 0; i < x.length; i++) {
                        if (x[i] >= s.from() && x[i] <= s.to()) {
                            shade[i] = 1.0;
                        }
                    }
                }
            }
            chart.shade(phase + " (shaded)", shade, phases.indexOf(phase));
        }
        for (Mark m : marks) {
            Double[] at = new Double[x.length];
            for (int i = 0; i < x.length; i++) {
                if (x[i] == m.at()) {
                    at[i] = 1.0;
                }
            }
            chart.marker(m.label() + String.format(Locale.ROOT, " at %.1f s", m.at()), at);
        }
    }

    private static Double[] array(JsonNode a, int n) {
        Double[] y = new Double[n];
        for (int i = 0; i < n && i < a.size(); i++) {
            y[i] = a.get(i).isNumber() ? a.get(i).asDouble() : null;
        }
        return y;
    }
}
