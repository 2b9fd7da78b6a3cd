package io.kbench.report.gate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.page.ChartSpec;
import io.kbench.report.HtmlPage;
import io.kbench.page.Json;
import io.kbench.page.Section;
import io.kbench.page.TableSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The gate's verdict as a self-contained HTML page, with the report's page model and charts. */
public final class GatePage {

    private GatePage() {}

    /** @return the bytes written */
    public static long write(GateVerdict v, Path output, String tool) throws IOException {
        List<String> inputs = new ArrayList<>();
        v.baseline().forEach(f -> inputs.add("baseline: " + f));
        v.candidate().forEach(f -> inputs.add("candidate: " + f));
        ObjectNode page = HtmlPage.page("kbench regression gate: " + v.verdict().toUpperCase(Locale.ROOT) + " (workload hash "
                + v.workloadHash() + ")", tool, inputs);
        Section verdict = new Section("Verdict: " + v.verdict());
        verdict.text(v.summary() + ".");
        verdict.text(v.baseline().size() + " baseline run(s) against " + v.candidate().size() + " candidate run(s). Method: " + v.method()
                + ".");
        v.warnings().forEach(w -> verdict.text("Warning: " + w + "."));
        verdict.table(figures(v));
        verdict.charts(chart(v));
        HtmlPage.add(page, verdict);
        Section differs = new Section("What differs between the sides");
        differs.table(differences(v));
        HtmlPage.add(page, differs);
        return HtmlPage.write(page, output);
    }

    static TableSpec figures(GateVerdict v) {
        TableSpec t = new TableSpec("Each figure, candidate against baseline", List.of("figure", "baseline", "candidate", "change",
                String.format(Locale.ROOT, "%.0f%% interval", 100 * v.confidence()), "verdict", "threshold", "noise from"));
        for (FigureJudgement j : v.figures()) {
            String cls = switch (j.verdict()) {
                case FigureJudgement.REGRESSED -> "worse";
                case FigureJudgement.IMPROVED -> "better";
                case FigureJudgement.WITHIN_NOISE -> "same";
                default -> "";
            };
            String verdict = j.verdict() + (j.failed() ? ": FAILS the gate" : "") + (j.notJudged() != null ? " (" + j.notJudged() + ")" : "");
            t.row(List.of(j.figure() + " (" + j.unit() + ")", number(j.baseline(), j.unit()), number(j.candidate(), j.unit()),
                    Gate.percent(j.effectPercent()), j.lowPercent() == null ? "—"
                            : "[" + Gate.percent(j.lowPercent()) + ", " + Gate.percent(j.highPercent()) + "]",
                    new TableSpec.Cell(verdict, j.failed() ? "bad" : cls), j.threshold() == null ? "—" : j.threshold(),
                    j.noise() == null ? "—" : j.noise()));
        }
        return t.note("Change = candidate / baseline − 1. Each side's figure is the mean over its runs of each run's figure over its "
                + "measured periods (rates: messages per second over the periods; latencies: the periods' percentile, weighted by "
                + "their samples), so it can differ a little from a run's whole-window figure. Regressed: the whole interval is on the "
                + "worse side of no change and the change is at least " + v.minEffectPercent() + "%; the gate fails on a regression "
                + "past a --fail-on threshold.");
    }

    private static ChartSpec chart(GateVerdict v) {
        List<FigureJudgement> judged = v.figures().stream().filter(j -> j.lowPercent() != null).toList();
        int n = judged.size();
        double[] x = new double[n];
        Double[] effect = new Double[n];
        Double[] lo = new Double[n];
        Double[] hi = new Double[n];
        List<Double> ticks = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            FigureJudgement j = judged.get(i);
            x[i] = i;
            ticks.add((double) i);
            labels.add(j.figure());
            effect[i] = j.effectPercent();
            lo[i] = j.lowPercent();
            hi[i] = j.highPercent();
        }
        return new ChartSpec("Change against the baseline, with its interval").x("figure", "", "ordinal", Json.numbers(x)).padded()
                .xTicks(ticks, labels).y("change", "%", "linear").bars("change", effect)
                .errors(String.format(Locale.ROOT, "%.0f%% interval", 100 * v.confidence()), lo, hi)
                .note("A latency's rise and a throughput's fall are regressions.");
    }

    private static TableSpec differences(GateVerdict v) {
        TableSpec t = new TableSpec("What the runs were measured on, where the sides differ", List.of("name", "baseline", "candidate"));
        v.differences().forEach((name, values) -> t.row(List.of(name, values.get(0), values.get(1))));
        return t.note(v.differences().isEmpty() ? "Nothing differs: the same versions, cluster shape, configs and client machines "
                + "(addresses, ports, ids and data directories aside)." : "Values separated by / differ between a side's runs.");
    }

    static String number(double v, String unit) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, unit.equals("msg/s") ? "%,.1f" : "%,.3f", v);
    }
}
