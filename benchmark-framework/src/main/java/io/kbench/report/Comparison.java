package io.kbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.kbench.page.TableSpec;
import io.kbench.page.Fmt;
/**
 * Each headline metric of every run with its change against the baseline run, marked better, worse or
 * the same (within ±{@value #SAME_PERCENT}%) by the metric's direction.
 */
final class Comparison {

    static final double SAME_PERCENT = 1.0;

    /** A metric, its unit, and whether higher is better. */
    record Metric(String name, String unit, boolean higherIsBetter, Function<ReportFigures, Double> value) {}

    static final List<Metric> METRICS = List.of(
            new Metric("publish rate", "msg/s", true, ReportFigures::publishRate),
            new Metric("publish throughput", "MB/s", true, ReportFigures::publishMBps),
            new Metric("consume rate", "msg/s", true, ReportFigures::consumeRate),
            new Metric("publish latency p50", "ms", false, f -> f.publish().p50()),
            new Metric("publish latency p99", "ms", false, f -> f.publish().p99()),
            new Metric("publish latency p99.9", "ms", false, f -> f.publish().p999()),
            new Metric("publish latency max", "ms", false, f -> f.publish().max()),
            new Metric("send latency p50", "ms", false, f -> f.send().p50()),
            new Metric("send latency p99", "ms", false, f -> f.send().p99()),
            new Metric("end-to-end latency p50", "ms", false, f -> f.endToEnd().p50()),
            new Metric("end-to-end latency p99", "ms", false, f -> f.endToEnd().p99()),
            new Metric("send errors", "messages", false, ReportFigures::sendErrors));

    private Comparison() {}

    /** @param baseline index of the baseline in {@code runs} */
    static TableSpec of(List<ReportedRun> runs, int baseline) {
        List<String> header = new ArrayList<>();
        header.add("metric");
        for (int i = 0; i < runs.size(); i++) {
            header.add(runs.get(i).label() + (i == baseline ? " (baseline)" : ""));
        }
        TableSpec t = new TableSpec("Comparison with the baseline, " + runs.get(baseline).label(), header);
        for (Metric m : METRICS) {
            Double base = m.value().apply(runs.get(baseline).figures());
            List<Object> cells = new ArrayList<>();
            cells.add(m.name() + " (" + m.unit() + ")");
            boolean any = false;
            for (int i = 0; i < runs.size(); i++) {
                Double v = m.value().apply(runs.get(i).figures());
                any |= v != null;
                cells.add(i == baseline ? new TableSpec.Cell(format(m, v), "baseline") : cell(m, base, v));
            }
            if (any) {
                t.row(cells);
            }
        }
        return t.note("Change = (run − baseline) / baseline. ▲ better, ▼ worse by the metric's direction "
                + "(higher rates, lower latencies and errors are better); = within ±" + (int) SAME_PERCENT + "%.");
    }

    static TableSpec.Cell cell(Metric m, Double base, Double v) {
        if (v == null || base == null) {
            return new TableSpec.Cell(format(m, v), "");
        }
        if (base == 0) {
            if (v == 0) {
                return new TableSpec.Cell(format(m, v) + " = same", "same");
            }
            boolean better = (v > 0) == m.higherIsBetter();
            return new TableSpec.Cell(format(m, v) + (better ? " ▲ better" : " ▼ worse") + " (baseline 0)", better ? "better" : "worse");
        }
        double change = 100 * (v - base) / Math.abs(base);
        String verdict;
        String cls;
        if (Math.abs(change) < SAME_PERCENT) {
            verdict = "= same";
            cls = "same";
        } else if ((change > 0) == m.higherIsBetter()) {
            verdict = "▲ better";
            cls = "better";
        } else {
            verdict = "▼ worse";
            cls = "worse";
        }
        return new TableSpec.Cell(format(m, v) + " (" + Fmt.change(change) + ") " + verdict, cls);
    }

    private static String format(Metric m, Double v) {
        return switch (m.unit()) {
            case "ms" -> Fmt.ms(v);
            case "MB/s" -> Fmt.grouped(v, 2);
            case "messages" -> Fmt.grouped(v, 0);
            default -> Fmt.grouped(v, 1);
        };
    }
}
