package io.kbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.kbench.page.Json;
import io.kbench.page.TableSpec;
import io.kbench.page.Section;
/**
 * The page as data: runs grouped by workload (never mixed), each group with its summary, its comparison
 * against the baseline, the settings that differ, latency percentile curves, sweep charts when the runs
 * form a sweep, and each run's time series and breakdowns. The page's script only draws what this says.
 */
final class ReportModel {

    /** Above this many runs in a group, each run's own section starts folded. */
    static final int FOLD_RUNS_ABOVE = 4;

    private ReportModel() {}

    /**
     * @param runs every result, in the order given
     * @param baseline the run to compare against in its group (null: each group's first)
     */
    static ObjectNode build(List<ResultFile> runs, ResultFile baseline, String tool) {
        Map<String, List<ResultFile>> groups = new LinkedHashMap<>();
        runs.forEach(r -> groups.computeIfAbsent(r.workload(), k -> new ArrayList<>()).add(r));

        ObjectNode page = Json.object();
        page.put("title", groups.size() == 1
                ? "kbench report: " + groups.keySet().iterator().next() + " (" + count(runs.size(), "run") + ")"
                : "kbench report: " + count(groups.size(), "workload") + ", " + count(runs.size(), "run"));
        page.put("generated", Instant.now().toString());
        page.put("tool", tool);
        ArrayNode inputs = page.putArray("inputs");
        runs.forEach(r -> inputs.add(r.file() + (r.omb() != null ? " (OpenMessaging Benchmark result)" : "")));
        ArrayNode sections = page.putArray("sections");
        for (Map.Entry<String, List<ResultFile>> g : groups.entrySet()) {
            int base = baseline == null ? 0 : Math.max(0, g.getValue().indexOf(baseline));
            sections.add(group(g.getKey(), g.getValue(), base).json());
        }
        return page;
    }

    static Section group(String workload, List<ResultFile> loaded, int baseline) {
        List<Map<String, String>> configs = loaded.stream().map(FlatConfig::of).toList();
        ConfigDiff diff = ConfigDiff.of(configs);
        boolean fewDifferences = !diff.keys().isEmpty() && diff.keys().size() <= 3;
        List<ReportedRun> runs = new ArrayList<>();
        for (int i = 0; i < loaded.size(); i++) {
            runs.add(ReportedRun.of(loaded.get(i), i + 1, fewDifferences ? diff.distinguishing(i) : null));
        }
        Section s = new Section("Workload " + workload);
        s.text(count(runs.size(), "run") + (runs.size() > 1 ? "; changes are against " + runs.get(baseline).label() + "." : "."));
        s.table(SummaryTable.of(runs));
        if (runs.size() > 1) {
            s.table(Comparison.of(runs, baseline));
            s.table(configTable(runs, diff));
            TableSpec provenance = ProvenanceTables.differences(runs);
            if (provenance != null) {
                s.table(provenance);
            }
        }
        s.charts(PercentileCharts.of(runs));
        if (runs.size() > 1) {
            Section sweep = SweepCharts.of(runs, diff);
            if (sweep != null) {
                s.section(sweep);
            }
        }
        for (ReportedRun r : runs) {
            s.section(DetailsSection.of(r, runs.size() > FOLD_RUNS_ABOVE));
        }
        return s;
    }

    private static TableSpec configTable(List<ReportedRun> runs, ConfigDiff diff) {
        List<String> header = new ArrayList<>();
        header.add("setting");
        runs.forEach(r -> header.add(r.label()));
        TableSpec t = new TableSpec("Settings that differ", header);
        for (String key : diff.keys()) {
            List<Object> cells = new ArrayList<>();
            cells.add(key);
            for (int i = 0; i < runs.size(); i++) {
                cells.add(diff.value(i, key));
            }
            t.row(cells);
        }
        return t.note(diff.keys().isEmpty() ? "The runs' workload and driver settings are the same." : "Secrets are masked.");
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
