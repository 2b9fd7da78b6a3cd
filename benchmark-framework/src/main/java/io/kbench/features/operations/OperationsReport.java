package io.kbench.features.operations;

import io.kbench.features.ReportParts;
import io.kbench.page.ChartSpec;
import io.kbench.page.Fmt;
import io.kbench.page.Json;
import io.kbench.page.Section;
import io.kbench.page.TableSpec;
import java.util.List;
import java.util.Locale;

/** The operations' parts of the HTML report: each shaded on the time series while it ran, an impact table, the partitions' health. */
final class OperationsReport {

    private OperationsReport() {}

    static void add(Operations ops, ReportParts parts) {
        TableSpec t = new TableSpec("Operations under load", List.of("operation", "target", "started (s since load start)", "status",
                "duration (s)", "publish p99 before → during (ms)", "e2e p99 before → during (ms)", "msg/s before → during",
                "send errors during", "consumer rebalances before → during", "put back", "outcome"));
        for (OperationEntry e : ops.entries()) {
            WindowFigures b = e.before();
            WindowFigures d = e.during();
            t.row(List.of(e.type(), e.target(), e.startedElapsedMicros() == null ? "—" : seconds(e.startedElapsedMicros()),
                    e.status().label(), e.durationMillis() == null ? "—" : String.format(Locale.ROOT, "%.1f", e.durationMillis() / 1e3),
                    pair(b == null ? null : b.publishP99Micros(), d == null ? null : d.publishP99Micros()),
                    pair(b == null ? null : b.endToEndP99Micros(), d == null ? null : d.endToEndP99Micros()),
                    b == null || d == null ? "—" : Fmt.grouped(b.achievedRate(), 0) + " → " + Fmt.grouped(d.achievedRate(), 0),
                    d == null ? "—" : Long.toString(d.sendErrors()),
                    b == null || d == null || b.rebalances() == null || d.rebalances() == null ? "—" : b.rebalances() + " → " + d.rebalances(),
                    e.putBack(), e.outcome()));
            if (e.startedElapsedMicros() != null && e.doneElapsedMicros() != null) {
                parts.span(e.startedElapsedMicros() / 1e6, e.doneElapsedMicros() / 1e6, "operation: " + e.type() + " ("
                        + e.status().label() + ")");
            } else if (e.startedElapsedMicros() != null) {
                parts.mark(e.startedElapsedMicros() / 1e6, "operation: " + e.type() + " started");
            }
        }
        parts.overviewTable(t);
        if (!ops.health().isEmpty()) {
            double[] x = ops.health().stream().mapToDouble(p -> p.elapsedMicros() / 1e6).toArray();
            parts.section(new Section("Partitions during the run").charts(new ChartSpec("Under-replicated and offline partitions")
                    .x("since the load started", "s", "linear", Json.numbers(x)).y("partitions", "", "linear")
                    .line("under-replicated", ops.health().stream().map(p -> (double) p.underReplicated()).toArray(Double[]::new))
                    .line("offline", ops.health().stream().map(p -> (double) p.offline()).toArray(Double[]::new))
                    .line("reassigning", ops.health().stream().map(p -> (double) p.reassigning()).toArray(Double[]::new))));
        }
        boolean left = ops.degradedBecause().isPresent();
        parts.summaryRow("Operations", ops.entries().size() + " run; " + (left ? ops.degradedBecause().get() : "everything changed put back"),
                left ? "bad" : "");
    }

    private static String seconds(long micros) {
        return String.format(Locale.ROOT, "%.1f", micros / 1e6);
    }

    private static String pair(Long before, Long during) {
        return before == null || during == null ? "—" : OperationEntries.ms(before) + " → " + OperationEntries.ms(during);
    }
}
