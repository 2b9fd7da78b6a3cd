package io.kbench.report;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.result.OmbResult;
import io.kbench.result.RunResult;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

import io.kbench.page.Json;
import io.kbench.page.ChartSpec;
/**
 * A run's time series, one point per reporting period (its end, in seconds since the load started):
 * publish and consume rate; p50/p99 publish and end-to-end latency; backlog. Phases other than the
 * measurement (warmup, backlog build and drain, the final drain) are shaded, the features' spans (an operation
 * while it ran) shaded in a colour of their own, and faults marked.
 */
final class TimeSeriesCharts {

    /** One reporting period: where it ends, its phase and its figures. */
    private record Point(double endSeconds, String phase, PeriodSummary period) {}

    /** A shaded stretch of the time axis. */
    record Span(String phase, double from, double to) {}

    /** The shade of the features' spans (an operation while it ran), after the phases' shades in the page's palette. */
    static final int FEATURE_SPAN_SHADE = 4;

    private static final Map<Phase, String> PHASES = Map.of(Phase.BACKLOG_BUILD, "backlog build", Phase.BACKLOG_DRAIN, "backlog drain");

    private TimeSeriesCharts() {}

    static ChartSpec[] of(ReportedRun run) {
        return run.omb() ? omb(run.run().omb()) : kbench(run);
    }

    private static ChartSpec[] kbench(ReportedRun run) {
        RunResult r = run.run().kbench();
        List<Point> points = new ArrayList<>();
        for (PeriodSummary p : r.timeline().periods()) {
            String phase = PHASES.getOrDefault(p.phase(), p.phase().name().toLowerCase(Locale.ROOT));
            points.add(new Point(p.elapsedMicros() / 1e6, phase, p));
        }
        List<Span> spans = spans(points);
        List<FeatureParts.Mark> marks = run.parts().marks;
        List<FeatureParts.Span> featureSpans = run.parts().spans;
        double[] x = axis(points, spans, marks, featureSpans);
        ChartSpec rates = chart("Publish and consume rate", "rate", "msg/s", x)
                .line("publish", values(x, points, PeriodSummary::publishRate))
                .line("consume", values(x, points, PeriodSummary::consumeRate));
        ChartSpec latency = chart("Latency over time", "latency", "ms", x)
                .line("publish p50", latencies(x, points, PeriodSummary::publishLatency, LatencySummary::p50Micros))
                .line("publish p99", latencies(x, points, PeriodSummary::publishLatency, LatencySummary::p99Micros))
                .line("end-to-end p50", latencies(x, points, PeriodSummary::endToEndLatency, LatencySummary::p50Micros))
                .line("end-to-end p99", latencies(x, points, PeriodSummary::endToEndLatency, LatencySummary::p99Micros));
        // Without consumers there is no backlog to draw (an empty chart said nothing).
        Integer subscriptions = r.identity().workload() == null ? null : r.identity().workload().subscriptionsPerTopic();
        ChartSpec[] charts = subscriptions != null && subscriptions == 0 ? new ChartSpec[] {rates, latency}
                : new ChartSpec[] {rates, latency, chart("Backlog", "backlog", "messages", x)
                        .line("backlog (acknowledged × subscriptions − consumed)", values(x, points, PeriodSummary::backlogMessages))};
        for (ChartSpec c : charts) {
            decorate(c, x, spans, marks, featureSpans);
        }
        return charts;
    }

    /** OMB keeps the measured periods only, every sampleRateMillis (10 s unless it says otherwise). */
    private static ChartSpec[] omb(OmbResult r) {
        double step = (r.sampleRateMillis() == null ? 10_000 : r.sampleRateMillis()) / 1_000.0;
        int n = r.publishRate() == null ? 0 : r.publishRate().size();
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i + 1) * step;
        }
        ChartSpec rates = chart("Publish and consume rate", "rate", "msg/s", x)
                .line("publish", array(r.publishRate(), n))
                .line("consume", array(r.consumeRate(), n));
        ChartSpec latency = chart("Latency over time", "latency", "ms", x)
                .line("send p50 (OMB's publish: ack − send)", array(r.publishLatency() == null ? null : r.publishLatency().p50(), n))
                .line("send p99 (OMB's publish: ack − send)", array(r.publishLatency() == null ? null : r.publishLatency().p99(), n))
                .line("end-to-end p50", array(r.endToEndLatency() == null ? null : r.endToEndLatency().p50(), n))
                .line("end-to-end p99", array(r.endToEndLatency() == null ? null : r.endToEndLatency().p99(), n));
        if (r.backlog() == null || r.backlog().isEmpty()) {
            return new ChartSpec[] {rates.note("OMB result: measured periods only"), latency};
        }
        ChartSpec backlog = chart("Backlog", "backlog", "messages", x).line("backlog", array(r.backlog(), n));
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

    private static double[] axis(List<Point> points, List<Span> spans, List<FeatureParts.Mark> marks,
                                 List<FeatureParts.Span> featureSpans) {
        TreeSet<Double> xs = new TreeSet<>();
        xs.add(0.0);
        points.forEach(p -> xs.add(p.endSeconds()));
        spans.forEach(s -> {
            xs.add(s.from());
            xs.add(s.to());
        });
        marks.forEach(m -> xs.add(m.at()));
        featureSpans.forEach(s -> {
            xs.add(s.from());
            xs.add(s.to());
        });
        return xs.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static Double[] values(double[] x, List<Point> points, ToDoubleFunction<PeriodSummary> value) {
        Map<Double, Double> at = new LinkedHashMap<>();
        points.forEach(p -> at.put(p.endSeconds(), value.applyAsDouble(p.period())));
        Double[] y = new Double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = at.get(x[i]);
        }
        return y;
    }

    /** A latency figure in ms; no point for a period without samples of that latency. */
    private static Double[] latencies(double[] x, List<Point> points, Function<PeriodSummary, LatencySummary> latency,
                                      ToLongFunction<LatencySummary> micros) {
        Map<Double, Double> at = new LinkedHashMap<>();
        for (Point p : points) {
            LatencySummary s = latency.apply(p.period());
            if (s.count() > 0) {
                at.put(p.endSeconds(), micros.applyAsLong(s) / 1_000.0);
            }
        }
        Double[] y = new Double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = at.get(x[i]);
        }
        return y;
    }

    private static void decorate(ChartSpec chart, double[] x, List<Span> spans, List<FeatureParts.Mark> marks,
                                 List<FeatureParts.Span> featureSpans) {
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
        for (FeatureParts.Span s : featureSpans) {
            Double[] shade = new Double[x.length];
            for (int i = 0; i < x.length; i++) {
                if (x[i] >= s.from() && x[i] <= s.to()) {
                    shade[i] = 1.0;
                }
            }
            chart.shade(s.label() + String.format(Locale.ROOT, " %.1f–%.1f s", s.from(), s.to()), shade, FEATURE_SPAN_SHADE);
        }
        for (FeatureParts.Mark m : marks) {
            Double[] at = new Double[x.length];
            for (int i = 0; i < x.length; i++) {
                if (x[i] == m.at()) {
                    at[i] = 1.0;
                }
            }
            chart.marker(m.label() + String.format(Locale.ROOT, " at %.1f s", m.at()), at);
        }
    }

    private static Double[] array(List<? extends Number> a, int n) {
        Double[] y = new Double[n];
        for (int i = 0; a != null && i < n && i < a.size(); i++) {
            y[i] = a.get(i) == null ? null : a.get(i).doubleValue();
        }
        return y;
    }
}
