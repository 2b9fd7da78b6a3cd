package io.kbench.features.cost;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The cost command's lines for one run: a table per hour, the totals, the rate and what a MB/s costs. */
final class CostTable {

    private CostTable() {}

    static List<String> lines(RunCost cost) {
        RunFigures run = cost.figures();
        List<String> lines = new ArrayList<>();
        lines.add("Cost of " + run.file() + " (workload " + run.workload() + ", " + run.status() + ")");
        lines.add("  prices: " + cost.prices().label() + (cost.prices().note() == null ? "" : ": " + cost.prices().note()));
        lines.add(String.format(Locale.ROOT, "  %-11s %12s  %s", "part", "per hour", "how"));
        for (RunCost.Part part : cost.parts()) {
            lines.add(String.format(Locale.ROOT, "  %-11s %12s  %s", part.name(),
                    part.priced() ? RunCost.perHour(part.usdPerHour()) : "-", part.detail()));
        }
        List<String> missing = cost.notPriced();
        String leftOut = missing.isEmpty() ? "" : "   (not priced, left out: " + String.join(", ", missing) + ")";
        lines.add(String.format(Locale.ROOT, "  %-11s %12s  %s per month (730 h)%s", "total", RunCost.perHour(cost.usdPerHour()),
                RunCost.money(cost.usdPerMonth()), leftOut));
        if (run.sustainedMBps() == null) {
            lines.add("  sustained: none (" + run.sustainedFrom() + "): no cost per MB/s");
        } else {
            lines.add(String.format(Locale.ROOT, "  sustained: %.2f MB/s (%s)", run.sustainedMBps(), run.sustainedFrom()));
            String atLeast = missing.isEmpty() ? "" : "at least ";
            Double share = cost.trafficShare();
            lines.add(String.format(Locale.ROOT, "  %s%s per MB/s-month, %s%s per TB ingested%s", atLeast,
                    RunCost.money(cost.usdPerMBpsMonth()), atLeast, RunCost.money(cost.usdPerTbIngested()),
                    share == null ? "; traffic not priced" : String.format(Locale.ROOT, "; traffic %.0f %% of the priced total",
                            share * 100)));
        }
        lines.add(cost.summaryLine());
        return lines;
    }
}
