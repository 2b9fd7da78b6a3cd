package io.kbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The summary of each run, one column per run: what ran, how it ended, rates requested and achieved,
 * MB/s, errors, and the client-bound, diagnosis, delivery and integrity lines where the result has them.
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
        row(t, runs, "delivery", r -> delivery(r.run().root().path("delivery")));
        rowCells(t, runs, "client-bound", SummaryTable::clientBound);
        rowCells(t, runs, "diagnosis", r -> diagnosis(r.run().root().path("diagnosis")));
        rowCells(t, runs, "integrity", r -> integrity(r.run().root().path("integrity")));
        rowCells(t, runs, "warnings", r -> warnings(r.run().root().path("warnings")));
        row(t, runs, "workers", r -> r.run().root().path("workerIds").isArray() ? Integer.toString(r.run().root().path("workerIds").size()) : null);
        row(t, runs, "started", r -> text(r.run().root(), "startTime", "beginTime"));
        row(t, runs, "versions", r -> versions(r.run().root().path("versions")));
        return t;
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
        String reason = r.run().root().path("failureReason").asText("");
        String cls = switch (s) {
            case "completed" -> "good";
            case "degraded" -> "warn";
            default -> "bad";
        };
        return new TableSpec.Cell(reason.isBlank() || reason.equals("null") ? s : s + ": " + reason, cls);
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

    private static String delivery(JsonNode d) {
        if (!d.isObject()) {
            return null;
        }
        return String.format(Locale.ROOT, "sent %,d; acked %,d; failed %,d; undelivered %,d; due but unsent %,d",
                d.path("sentMessages").asLong(), d.path("ackedMessages").asLong(), d.path("failedMessages").asLong(),
                d.path("undeliveredMessages").asLong(), d.path("unsentDueMessages").asLong());
    }

    private static TableSpec.Cell clientBound(ReportedRun r) {
        JsonNode root = r.run().root();
        if (!root.has("clientBound")) {
            return null;
        }
        if (!root.path("clientBound").asBoolean()) {
            return new TableSpec.Cell("no", "");
        }
        return new TableSpec.Cell("yes: " + root.path("clientBoundReason").asText("(no reason given)"), "warn");
    }

    private static TableSpec.Cell diagnosis(JsonNode d) {
        if (!d.isObject()) {
            return null;
        }
        String verdict = d.path("verdict").asText("none");
        List<String> reasons = new ArrayList<>();
        d.path("reasons").forEach(x -> reasons.add(x.asText()));
        String text = reasons.isEmpty() ? verdict : verdict + ": " + String.join("; ", reasons);
        return new TableSpec.Cell(text, verdict.equals("none") ? "" : "warn");
    }

    private static TableSpec.Cell integrity(JsonNode i) {
        if (!i.isObject()) {
            return null;
        }
        if (i.hasNonNull("notChecked")) {
            return new TableSpec.Cell("not checked: " + i.path("notChecked").asText(), "");
        }
        long lost = i.path("lostMessages").asLong();
        long duplicates = i.path("duplicateMessages").asLong();
        long reordered = i.path("outOfOrderMessages").asLong();
        String text = String.format(Locale.ROOT, "checked %,d: lost %,d, duplicated %,d, out of order %,d",
                i.path("checkedMessages").asLong(), lost, duplicates, reordered);
        return new TableSpec.Cell(text, lost > 0 ? "bad" : duplicates + reordered > 0 ? "warn" : "good");
    }

    private static TableSpec.Cell warnings(JsonNode w) {
        if (!w.isArray() || w.isEmpty()) {
            return null;
        }
        List<String> lines = new ArrayList<>();
        w.forEach(x -> lines.add(x.asText()));
        return new TableSpec.Cell(String.join(" | ", lines), "warn");
    }

    private static String versions(JsonNode v) {
        if (!v.isObject()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        v.fields().forEachRemaining(e -> parts.add(e.getKey() + " " + e.getValue().asText()));
        return String.join("; ", parts);
    }

    private static String text(JsonNode root, String... fields) {
        for (String f : fields) {
            if (root.path(f).isTextual()) {
                return root.path(f).asText();
            }
        }
        return null;
    }
}
