package io.kbench.report;

import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import io.kbench.page.TableSpec;
import io.kbench.page.Fmt;
/**
 * The summary of each run, one column per run: what ran, how it ended, rates requested and achieved,
 * MB/s, errors, and the diagnosis (client-bound or not, and why), delivery and integrity lines where the result has them.
 */
final class SummaryTable {

    private SummaryTable() {}

    static TableSpec of(List<ReportedRun> runs) {
        List<String> header = new ArrayList<>();
        header.add("");
        runs.forEach(r -> header.add(r.label()));
        TableSpec t = new TableSpec("Summary", header);
        row(t, runs, "result file", r -> r.run().file().toString());
        row(t, runs, "written by", r -> r.omb() ? "OpenMessaging Benchmark (no histograms: curves from its quantile map)" : "kbench");
        row(t, runs, "driver", r -> r.run().driver());
        rowCells(t, runs, "status", SummaryTable::status);
        row(t, runs, "measured for", r -> r.figures().windowSeconds() == null ? null
                : String.format(Locale.ROOT, "%.1f s", r.figures().windowSeconds()));
        row(t, runs, "rate requested → achieved", SummaryTable::rates);
        row(t, runs, "published", r -> flow(r.figures().publishRate(), r.figures().publishMBps()));
        row(t, runs, "consumed", r -> flow(r.figures().consumeRate(), r.figures().consumeMBps()));
        row(t, runs, "send errors", r -> Fmt.grouped(r.figures().sendErrors(), 0));
        row(t, runs, "delivery", r -> kbench(r, k -> delivery(k.outcome().delivery())));
        // The diagnosis row says whether the clients were the limit, and why: once (the warnings leave its warning out).
        rowCells(t, runs, "diagnosis", r -> kbench(r, k -> diagnosis(k.outcome().diagnosis())));
        runs.stream().flatMap(r -> r.parts().summaryRows.keySet().stream()).distinct()
                .forEach(name -> rowCells(t, runs, name, r -> r.parts().summaryRows.get(name)));
        rowCells(t, runs, "warnings", r -> kbench(r, k -> warnings(k.outcome().warnings(), k.outcome().diagnosis())));
        row(t, runs, "workers", r -> kbench(r, k -> k.identity().workerIds() == null ? null
                : Integer.toString(k.identity().workerIds().size())));
        row(t, runs, "started", r -> r.omb() ? r.run().omb().beginTime() : r.run().kbench().timeline().startTime().toString());
        row(t, runs, "versions", r -> kbench(r, k -> versions(k.identity().versions())));
        return t;
    }

    /** A kbench result's figure; OMB's results have none of these. */
    private static <T> T kbench(ReportedRun r, Function<RunResult, T> figure) {
        return r.omb() ? null : figure.apply(r.run().kbench());
    }

    private static void row(TableSpec t, List<ReportedRun> runs, String name, Function<ReportedRun, String> cell) {
        rowCells(t, runs, name, r -> {
            String s = cell.apply(r);
            return s == null || s.isBlank() || s.equals("—") ? null : new TableSpec.Cell(s, "");
        });
    }

    /** Adds the row unless every run lacks it. */
    private static void rowCells(TableSpec t, List<ReportedRun> runs, String name, Function<ReportedRun, TableSpec.Cell> cell) {
        List<Object> cells = new ArrayList<>();
        cells.add(name);
        boolean any = false;
        for (ReportedRun r : runs) {
            TableSpec.Cell c = cell.apply(r);
            any |= c != null;
            cells.add(c);
        }
        if (any) {
            t.row(cells);
        }
    }

    private static TableSpec.Cell status(ReportedRun r) {
        String s = r.run().status();
        String reason = r.omb() ? null : r.run().kbench().outcome().failureReason();
        String cls = switch (s) {
            case "completed" -> "good";
            case "degraded" -> "warn";
            default -> "bad";
        };
        return new TableSpec.Cell(reason == null || reason.isBlank() ? s : s + ": " + reason, cls);
    }

    private static String rates(ReportedRun r) {
        Double requested = r.figures().requestedRate();
        Double achieved = r.figures().publishRate();
        if (requested == null && achieved == null) {
            return null;
        }
        String req = requested == null ? "?" : requested < 0 ? "unthrottled" : Fmt.grouped(requested, 0) + " msg/s";
        if (achieved == null) {
            return req + " → —";
        }
        String ratio = requested != null && requested > 0 ? " (" + Fmt.percent(achieved / requested) + ")" : "";
        return req + " → " + Fmt.grouped(achieved, 1) + " msg/s" + ratio;
    }

    private static String flow(Double rate, Double mbps) {
        if (rate == null) {
            return null;
        }
        return Fmt.grouped(rate, 1) + " msg/s, " + Fmt.grouped(mbps, 2) + " MB/s";
    }

    private static String delivery(Delivery d) {
        if (d == null) {
            return null;
        }
        return String.format(Locale.ROOT, "sent %,d; acked %,d; failed %,d; undelivered %,d; due but unsent %,d",
                d.sentMessages(), d.ackedMessages(), d.failedMessages(), d.undeliveredMessages(), d.unsentDueMessages());
    }

    private static TableSpec.Cell diagnosis(Diagnosis d) {
        String verdict = d.verdict().label();
        String text = d.reasons().isEmpty() ? verdict : verdict + ": " + String.join("; ", d.reasons());
        return new TableSpec.Cell(text, d.verdict() == Diagnosis.Verdict.NONE ? "" : "warn");
    }

    /** The run's warnings but the diagnosis' own, which the diagnosis row says already. */
    private static TableSpec.Cell warnings(List<String> warnings, Diagnosis diagnosis) {
        String said = diagnosis == null ? null : diagnosis.warning();
        List<String> others = warnings.stream().filter(w -> !w.equals(said)).toList();
        return others.isEmpty() ? null : new TableSpec.Cell(String.join(" | ", others), "warn");
    }

    private static String versions(Map<String, String> versions) {
        if (versions == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        versions.forEach((k, v) -> parts.add(k + " " + v));
        return String.join("; ", parts);
    }
}
