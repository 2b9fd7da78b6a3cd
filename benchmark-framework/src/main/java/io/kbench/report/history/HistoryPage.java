package io.kbench.report.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.provenance.ProvenanceFacts;
import io.kbench.page.ChartSpec;
import io.kbench.page.Fmt;
import io.kbench.report.HtmlPage;
import io.kbench.page.Json;
import io.kbench.page.Section;
import io.kbench.page.TableSpec;
import io.kbench.stats.LatencySummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A history as one self-contained HTML page, with the report's page model and charts: per test, the trend of each
 * headline figure over its runs with each run's spread, the runs, and what changed between neighbours.
 */
public final class HistoryPage {

    private HistoryPage() {}

    /** @return the bytes written */
    public static long write(History history, List<String> inputs, Path output, String tool) throws IOException {
        ObjectNode page = HtmlPage.page("kbench history: " + history.runs() + " run(s) of " + history.groups().size() + " test(s)",
                tool, inputs);
        for (History.Group g : history.groups()) {
            HtmlPage.add(page, group(g));
        }
        if (!history.skipped().isEmpty()) {
            Section skipped = new Section("Left out").folded();
            history.skipped().forEach(skipped::text);
            HtmlPage.add(page, skipped);
        }
        return HtmlPage.write(page, output);
    }

    static Section group(History.Group g) {
        List<HistoryRun> runs = g.runs();
        Section s = new Section(g.title());
        s.text(runs.size() + " run(s), oldest first, from " + runs.get(0).label() + " to " + runs.get(runs.size() - 1).label()
                + ". Each point is a run's figure over its measurement; its bar spans the lowest and highest of its measured periods "
                + "(CPU per message: of its workers).");
        s.charts(chart(runs, "Throughput", "rate", "msg/s", "linear", List.of(new Line("acknowledged", HistoryRun::throughput))),
                chart(runs, "Publish latency (ack − intended send)", "latency", "ms", "log", List.of(
                        new Line("p50", r -> r.publish(LatencySummary::p50Micros)),
                        new Line("p99", r -> r.publish(LatencySummary::p99Micros)),
                        new Line("p99.9", r -> r.publish(LatencySummary::p999Micros)))),
                chart(runs, "End-to-end latency (consume − intended send)", "latency", "ms", "log", List.of(
                        new Line("p50", r -> r.endToEnd(LatencySummary::p50Micros)),
                        new Line("p99", r -> r.endToEnd(LatencySummary::p99Micros)),
                        new Line("p99.9", r -> r.endToEnd(LatencySummary::p999Micros)))),
                chart(runs, "Client CPU per message", "CPU per message", "µs", "linear",
                        List.of(new Line("sent or consumed", HistoryRun::cpuPerMessage))));
        s.table(runsTable(runs));
        s.table(neighbours(runs));
        return s;
    }

    private record Line(String label, Function<HistoryRun, HistoryRun.Figure> figure) {}

    private static ChartSpec chart(List<HistoryRun> runs, String title, String yLabel, String unit, String scale, List<Line> lines) {
        int n = runs.size();
        double[] x = new double[n];
        List<Double> ticks = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            x[i] = i;
            ticks.add((double) i);
            labels.add("#" + (i + 1) + " " + runs.get(i).label());
        }
        ChartSpec c = new ChartSpec(title).x("run", "", "ordinal", Json.numbers(x)).padded().xTicks(ticks, labels).y(yLabel, unit, scale);
        for (Line l : lines) {
            Double[] value = new Double[n];
            Double[] lo = new Double[n];
            Double[] hi = new Double[n];
            for (int i = 0; i < n; i++) {
                HistoryRun.Figure f = l.figure().apply(runs.get(i));
                value[i] = positive(f.value(), scale);
                lo[i] = positive(f.low(), scale);
                hi[i] = positive(f.high(), scale);
            }
            c.line(l.label(), value).errors(l.label() + " spread", lo, hi);
        }
        return c;
    }

    /** A log scale cannot show 0: such a value is left out (a gap). */
    private static Double positive(Double v, String scale) {
        return v == null || (scale.equals("log") && v <= 0) ? null : v;
    }

    private static TableSpec runsTable(List<HistoryRun> runs) {
        TableSpec t = new TableSpec("Runs", List.of("run", "started (UTC)", "file", "status", "throughput (msg/s)", "publish p99 (ms)",
                "end-to-end p99 (ms)", "kbench", "commit", "client", "cluster"));
        for (int i = 0; i < runs.size(); i++) {
            HistoryRun r = runs.get(i);
            Map<String, String> facts = r.facts();
            t.row(List.of("#" + (i + 1), r.label(), r.file().getFileName().toString(), r.result().outcome().status().label(),
                    Fmt.grouped(r.throughput().value(), 1), Fmt.ms(r.publish(LatencySummary::p99Micros).value()),
                    Fmt.ms(r.endToEnd(LatencySummary::p99Micros).value()), facts.getOrDefault("version.kbench", "—"),
                    shortCommit(facts.get("client.commit")), facts.getOrDefault("version.client", "—"),
                    facts.getOrDefault("cluster.versions", "—")));
        }
        return t;
    }

    /** What changed between each run and the one before it: versions, configs, cluster shape, client machines. */
    static TableSpec neighbours(List<HistoryRun> runs) {
        TableSpec t = new TableSpec("What changed between neighbours", List.of("runs", "what changed (before → after)",
                "throughput change", "publish p99 change"));
        for (int i = 1; i < runs.size(); i++) {
            HistoryRun before = runs.get(i - 1);
            HistoryRun after = runs.get(i);
            Map<String, String> a = before.facts();
            Map<String, String> b = after.facts();
            List<String> changes = new ArrayList<>();
            for (String name : ProvenanceFacts.differing(a, b)) {
                changes.add(name + ": " + a.getOrDefault(name, "—") + " → " + b.getOrDefault(name, "—"));
            }
            t.row(List.of("#" + i + " → #" + (i + 1), changes.isEmpty() ? "nothing" : String.join("; ", changes),
                    change(before.throughput().value(), after.throughput().value()),
                    change(before.publish(LatencySummary::p99Micros).value(), after.publish(LatencySummary::p99Micros).value())));
        }
        return t.note("Versions, cluster shape, broker, topic and client configs and client machines, from each run's provenance, "
                + "and the driver file's settings (setting.*); addresses, ports, ids and data directories are left out.");
    }

    /** The first 10 characters of each commit (a hash), as git shows them short. */
    private static String shortCommit(String commits) {
        if (commits == null) {
            return "—";
        }
        return String.join(" / ", Arrays.stream(commits.split(" / ")).map(c -> c.matches("[0-9a-f]{11,}") ? c.substring(0, 10) : c)
                .toList());
    }

    private static String change(Double before, Double after) {
        return before == null || after == null || before == 0 ? "—" : Fmt.change(100 * (after - before) / before);
    }
}
