package io.kbench.features.readpast;

import io.kbench.features.ReportParts;
import io.kbench.page.ChartSpec;
import io.kbench.page.Fmt;
import io.kbench.page.Json;
import io.kbench.page.Section;
import io.kbench.page.TableSpec;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/** A reading of the past in the HTML report: each group's figures, its lag over time, the catch-up's effect, and marks. */
final class ReadPastReport {

    private static final double MB = 1_048_576.0;

    private ReadPastReport() {}

    static void add(ReadPast r, ReportParts parts) {
        Section s = new Section("consume-only".equals(r.mode()) ? "Reading existing topics" : "Catch-up beside tailing");
        s.table(groups(r));
        ChartSpec lag = lagChart(r);
        if (lag != null) {
            s.charts(lag);
        }
        if (r.impact() != null) {
            s.table(impact(r.impact()));
        }
        if (r.remoteTier() != null) {
            ReadPast.RemoteTier t = r.remoteTier();
            s.text(String.format(Locale.ROOT, "Remote tier: %.2f MB read from it while the groups read the past, %.2f MB since the load "
                    + "started; %.2f MB copied to it since the load started (%s).", t.bytesReadDuringReading() / MB,
                    t.bytesReadInRun() / MB, t.bytesCopiedInRun() / MB, t.source()));
        }
        parts.section(s);
        if (r.catchUpStartSeconds() != null) {
            parts.mark(r.catchUpStartSeconds(), "catch-up groups join");
        }
        if (r.caughtUpSeconds() != null) {
            parts.mark(r.caughtUpSeconds(), "caught up");
        }
        for (ReadPast.Group g : r.groups()) {
            if (g.readsThePast() && "catch-up".equals(g.role())) {
                parts.summaryRow("catch-up " + g.group(), g.catchUpMillis() == null ? "did not catch up"
                        : String.format(Locale.ROOT, "caught up in %.1f s at %.2f MB/s", g.catchUpMillis() / 1e3, g.catchUpMBps()),
                        g.catchUpMillis() == null ? "warn" : "");
            }
        }
        if (r.impact() != null) {
            ReadPast.Impact i = r.impact();
            parts.summaryRow("KAFKA-7504 effect", "publish p99 " + ReadPastLines.ms(i.publishLatencyBefore()) + " → "
                    + ReadPastLines.ms(i.publishLatencyDuring()) + " ms, tailing e2e p99 " + ReadPastLines.ms(i.tailingEndToEndBefore())
                    + " → " + ReadPastLines.ms(i.tailingEndToEndDuring()) + " ms", "");
        }
    }

    private static TableSpec groups(ReadPast r) {
        TableSpec t = new TableSpec("Each group's own figures", List.of("group", "role", "from", "records read", "MB read",
                "lag at start → end (records)", "catch-up s", "catch-up MB/s", "e2e p99 ms", "e2e from CreateTime p99 ms"));
        for (ReadPast.Group g : r.groups()) {
            t.row(List.of(g.group(), g.role(), g.from(), Fmt.grouped(g.recordsRead(), 0), Fmt.grouped(g.bytesRead() / MB, 2),
                    g.lagAtStartRecords() == null ? "–" : Fmt.grouped(g.lagAtStartRecords(), 0) + " → "
                            + (g.lagAtEndRecords() == null ? "–" : Fmt.grouped(g.lagAtEndRecords(), 0)),
                    g.catchUpMillis() == null ? "–" : Fmt.grouped(g.catchUpMillis() / 1e3, 1),
                    g.catchUpMBps() == null ? "–" : Fmt.grouped(g.catchUpMBps(), 2), p99(g.endToEndLatency()),
                    p99(g.endToEndFromCreateTime())));
        }
        return t.note("Ended by: " + (r.endedBy() == null ? "the run's end" : r.endedBy()) + ". Records and lag are counted in the "
                + "driver's positions (Kafka offsets). A catch-up group's end-to-end latency is mostly how long its records had waited.");
    }

    private static TableSpec impact(ReadPast.Impact i) {
        TableSpec t = new TableSpec("Effect of the catch-up on the same brokers (KAFKA-7504)", List.of("figure", "before", "during",
                "during / before"));
        t.row(List.of("window s", Fmt.grouped(i.beforeMillis() / 1e3, 1), Fmt.grouped(i.duringMillis() / 1e3, 1), "–"));
        t.row(List.of("acknowledged msg/s", Fmt.grouped(i.publishRateBefore(), 1), Fmt.grouped(i.publishRateDuring(), 1), "–"));
        t.row(List.of("publish p99 ms", p99(i.publishLatencyBefore()), p99(i.publishLatencyDuring()),
                ReadPastLines.ratio(i.publishLatencyBefore(), i.publishLatencyDuring())));
        t.row(List.of("tailing groups' e2e p99 ms", p99(i.tailingEndToEndBefore()), p99(i.tailingEndToEndDuring()),
                ReadPastLines.ratio(i.tailingEndToEndBefore(), i.tailingEndToEndDuring())));
        return t;
    }

    /** Each reading group's lag against seconds since it started. */
    private static ChartSpec lagChart(ReadPast r) {
        List<ReadPast.Group> readers = r.groups().stream().filter(g -> !g.lagOverTime().isEmpty()).toList();
        if (readers.isEmpty()) {
            return null;
        }
        TreeSet<Double> xs = new TreeSet<>();
        readers.forEach(g -> g.lagOverTime().forEach(s -> xs.add(s.atSeconds())));
        List<Double> x = new ArrayList<>(xs);
        ChartSpec c = new ChartSpec("Lag of the groups reading the past").x("since the group joined", "s", "linear",
                Json.numbers(x.stream().mapToDouble(Double::doubleValue).toArray())).y("lag", "records", "linear");
        for (ReadPast.Group g : readers) {
            Double[] v = new Double[x.size()];
            g.lagOverTime().forEach(s -> v[x.indexOf(s.atSeconds())] = (double) s.lagRecords());
            c.line(g.group(), v);
        }
        return c;
    }

    private static String p99(LatencySummary s) {
        return s == null || s.count() == 0 ? "–" : Fmt.grouped(s.p99Micros() / 1e3, 1);
    }
}
