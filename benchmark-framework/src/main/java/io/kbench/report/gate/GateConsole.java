package io.kbench.report.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The gate's verdict as console lines: a table of the figures, what differs, and the verdict last. */
public final class GateConsole {

    private GateConsole() {}

    public static List<String> lines(GateVerdict v) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "Regression gate: %d baseline run(s) against %d candidate run(s), workload hash %s",
                v.baseline().size(), v.candidate().size(), v.workloadHash()));
        out.add("Method: " + v.method() + ".");
        v.warnings().forEach(w -> out.add("WARNING: " + w));
        out.add(String.format(Locale.ROOT, "%-19s %-6s %13s %13s %9s %21s  %-14s %-9s %s", "figure", "unit", "baseline", "candidate",
                "change", String.format(Locale.ROOT, "%.0f%% interval", 100 * v.confidence()), "verdict", "threshold", ""));
        for (FigureJudgement j : v.figures()) {
            String interval = j.lowPercent() == null ? "—" : "[" + Gate.percent(j.lowPercent()) + ", " + Gate.percent(j.highPercent()) + "]";
            out.add(String.format(Locale.ROOT, "%-19s %-6s %13s %13s %9s %21s  %-14s %-9s %s", j.figure(), j.unit(),
                    GatePage.number(j.baseline(), j.unit()), GatePage.number(j.candidate(), j.unit()), Gate.percent(j.effectPercent()),
                    interval, j.verdict(), j.threshold() == null ? "—" : j.threshold(),
                    j.failed() ? "FAILS" : j.notJudged() != null ? "(" + j.notJudged() + ")" : ""));
        }
        if (!v.differences().isEmpty()) {
            out.add("What differs between the sides (baseline -> candidate):");
            for (Map.Entry<String, List<String>> d : v.differences().entrySet()) {
                out.add("  " + d.getKey() + ": " + d.getValue().get(0) + " -> " + d.getValue().get(1));
            }
        }
        out.add("Verdict: " + v.verdict().toUpperCase(Locale.ROOT) + v.summary().substring(v.verdict().length()));
        return out;
    }
}
