package io.kbench.report;

import io.kbench.sweep.Stats;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import io.kbench.page.Json;
import io.kbench.page.ChartSpec;
import io.kbench.page.Section;
/**
 * Runs of one workload that differ in one or two settings (a sweep): each metric against the swept
 * setting, the mean of the repeats with ± one sample standard deviation as error bars. A sweep of the
 * producer rate also gets latency percentiles against the achieved rate: where latency turns up.
 */
final class SweepCharts {

    /** A metric of the sweep charts. */
    record Metric(String title, String label, String unit, Function<ReportFigures, Double> value) {}

    static final List<Metric> METRICS = List.of(
            new Metric("Publish rate", "rate", "msg/s", ReportFigures::publishRate),
            new Metric("Publish throughput", "throughput", "MB/s", ReportFigures::publishMBps),
            new Metric("Publish latency p99", "latency", "ms", f -> f.publish().p50() != null ? f.publish().p99() : f.send().p99()),
            new Metric("End-to-end latency p99", "latency", "ms", f -> f.endToEnd().p99()));

    private static final Map<String, String> UNITS = Map.of(
            "messageSize", "bytes", "producerRate", "msg/s", "partitionsPerTopic", "partitions", "topics", "topics",
            "producersPerTopic", "producers", "consumerPerSubscription", "consumers");

    private SweepCharts() {}

    /** @return the sweep section, or null when the runs do not differ in one or two settings */
    static Section of(List<ReportedRun> runs, ConfigDiff diff) {
        List<String> params = diff.keys();
        if (params.isEmpty() || params.size() > 2) {
            return null;
        }
        List<Integer> usable = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            if (runs.get(i).usable()) {
                usable.add(i);
            }
        }
        String xParam = params.stream().max(Comparator.comparingInt((String p) -> distinct(diff, usable, p).size())
                .thenComparing(p -> numeric(distinct(diff, usable, p)))).orElseThrow();
        String seriesParam = params.size() == 2 ? params.stream().filter(p -> !p.equals(xParam)).findFirst().orElseThrow() : null;
        List<String> xValues = sorted(distinct(diff, usable, xParam));
        if (xValues.size() < 2) {
            return null;
        }
        boolean numeric = numeric(xValues);
        double[] x = new double[xValues.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = numeric ? Double.parseDouble(xValues.get(i)) : i;
        }
        String scale = !numeric ? "ordinal" : x[0] > 0 && x[x.length - 1] / x[0] >= 20 ? "log" : "linear";
        List<String> seriesValues = seriesParam == null ? Collections.singletonList(null) : sorted(distinct(diff, usable, seriesParam));

        Section s = new Section("Sweep: metrics against " + xParam);
        s.text("Each point is the mean over the runs with that value (repeats); the bars span ± one sample standard deviation."
                + (usable.size() < runs.size() ? " Runs that did not complete are left out (" + (runs.size() - usable.size()) + ")." : ""));
        List<ChartSpec> charts = new ArrayList<>();
        for (Metric m : METRICS) {
            ChartSpec c = new ChartSpec(m.title() + " against " + xParam)
                    .x(xParam, UNITS.getOrDefault(xParam, ""), scale, Json.numbers(x)).padded().y(m.label(), m.unit(), "linear");
            if (!numeric) {
                List<Double> ticks = new ArrayList<>();
                for (double v : x) {
                    ticks.add(v);
                }
                c.xTicks(ticks, xValues);
            }
            for (String sv : seriesValues) {
                Double[] mean = new Double[x.length];
                Double[] lo = new Double[x.length];
                Double[] hi = new Double[x.length];
                for (int i = 0; i < x.length; i++) {
                    List<Double> values = new ArrayList<>();
                    for (int r : usable) {
                        if (xValues.get(i).equals(diff.value(r, xParam)) && (sv == null || sv.equals(diff.value(r, seriesParam)))) {
                            Double v = m.value().apply(runs.get(r).figures());
                            if (v != null) {
                                values.add(v);
                            }
                        }
                    }
                    Stats st = Stats.of(values);
                    if (st.n() > 0) {
                        mean[i] = st.mean();
                        double sd = st.n() > 1 ? st.stddev() : 0;
                        lo[i] = st.mean() - sd;
                        hi[i] = st.mean() + sd;
                    }
                }
                String label = (sv == null ? "" : seriesParam + "=" + sv + " ") + "mean";
                c.line(label, mean).errors("± 1 sd" + (sv == null ? "" : " (" + seriesParam + "=" + sv + ")"), lo, hi);
            }
            charts.add(c);
        }
        s.charts(charts.toArray(ChartSpec[]::new));
        if (params.equals(List.of("producerRate"))) {
            s.charts(rateView(runs, usable, diff, xValues));
        }
        return s;
    }

    /** Latency percentiles against the achieved rate, one point per requested rate (mean over repeats). */
    private static ChartSpec rateView(List<ReportedRun> runs, List<Integer> usable, ConfigDiff diff, List<String> rates) {
        record Point(double achieved, Double p50, Double p99, Double p999, Double max, Double e2e99) {}
        List<Point> points = new ArrayList<>();
        for (String rate : rates) {
            List<ReportFigures> f = new ArrayList<>();
            for (int r : usable) {
                if (rate.equals(diff.value(r, "producerRate"))) {
                    f.add(runs.get(r).figures());
                }
            }
            Double achieved = mean(f, ReportFigures::publishRate);
            if (achieved != null) {
                points.add(new Point(achieved, mean(f, x -> x.publish().p50()), mean(f, x -> x.publish().p99()),
                        mean(f, x -> x.publish().p999()), mean(f, x -> x.publish().max()), mean(f, x -> x.endToEnd().p99())));
            }
        }
        points.sort(Comparator.comparingDouble(Point::achieved));
        double[] x = points.stream().mapToDouble(Point::achieved).toArray();
        return new ChartSpec("Latency against achieved rate")
                .x("achieved publish rate", "msg/s", "linear", Json.numbers(x)).padded().y("latency", "ms", "linear")
                .line("publish p50", points.stream().map(Point::p50).toArray(Double[]::new))
                .line("publish p99", points.stream().map(Point::p99).toArray(Double[]::new))
                .line("publish p99.9", points.stream().map(Point::p999).toArray(Double[]::new))
                .line("publish max", points.stream().map(Point::max).toArray(Double[]::new))
                .line("end-to-end p99", points.stream().map(Point::e2e99).toArray(Double[]::new))
                .note("One point per requested rate (mean over its repeats): where the curve turns up, the cluster stops keeping up.");
    }

    private static Double mean(List<ReportFigures> figures, Function<ReportFigures, Double> value) {
        List<Double> v = figures.stream().map(value).filter(Objects::nonNull).toList();
        return v.isEmpty() ? null : Stats.of(v).mean();
    }

    private static Set<String> distinct(ConfigDiff diff, List<Integer> runs, String key) {
        Set<String> values = new LinkedHashSet<>();
        runs.forEach(r -> values.add(Objects.requireNonNullElse(diff.value(r, key), "—")));
        return values;
    }

    private static List<String> sorted(Set<String> values) {
        List<String> list = new ArrayList<>(values);
        if (numeric(list)) {
            list.sort(Comparator.comparingDouble(Double::parseDouble));
        }
        return list;
    }

    private static boolean numeric(Collection<String> values) {
        for (String v : values) {
            try {
                Double.parseDouble(v);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return !values.isEmpty();
    }
}
