package io.kbench.features.partitions;

import io.kbench.features.partitions.Partitions.Distribution;
import io.kbench.features.partitions.Partitions.GroupLag;
import io.kbench.features.partitions.Partitions.PartitionLag;
import io.kbench.features.partitions.Partitions.Row;
import io.kbench.features.partitions.Partitions.TopicFigures;
import io.kbench.page.ChartSpec;
import io.kbench.page.Fmt;
import io.kbench.page.Json;
import io.kbench.page.Section;
import io.kbench.page.TableSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The report's part of the partitions feature: a chart of each partition's traffic and lag, how the figures spread over
 * the partitions, and a table of the busiest. A section that lists only some partitions (a large run) gets one chart of
 * those, so the report stays the same size at 10,000 partitions as at 100.
 */
final class PartitionCharts {

    /** Past this many partitions the table shows the busiest only. */
    static final int TABLE_ROWS = 50;
    /** Past this many groups (by topic), the distribution table shows the lag of the first ones only. */
    static final int LAG_ROWS = 10;

    private PartitionCharts() {}

    /** One partition as the report shows it. */
    private record Bar(String topic, Row row) {}

    static Section section(Partitions p) {
        Section s = new Section("Partitions").text(p.line());
        if (p.listsEvery()) {
            for (TopicFigures t : p.topics()) {
                s.charts(chart(p, "Per partition: " + t.topic(), t.partitions().stream().map(r -> new Bar(t.topic(), r)).toList(), false));
            }
        } else {
            List<Bar> bars = new ArrayList<>();
            p.topics().forEach(t -> t.partitions().forEach(r -> bars.add(new Bar(t.topic(), r))));
            s.charts(chart(p, String.format(Locale.ROOT, "Per partition: the %,d listed of %,d", p.listedPartitions(), p.partitionCount()),
                    bars, p.topics().size() > 1));
        }
        if (p.distribution() != null) {
            s.table(distribution(p));
        }
        s.table(table(p));
        return s;
    }

    private static ChartSpec chart(Partitions p, String title, List<Bar> bars, boolean topicInLabel) {
        int n = bars.size();
        double[] x = new double[n];
        List<Double> ticks = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        Double[] produced = new Double[n];
        Double[] consumed = new Double[n];
        Double[] lag = new Double[n];
        Map<PartitionListing.Key, Long> lags = lags(p);
        boolean anyLag = false;
        int every = Math.max(1, n / 32); // a readable number of tick labels
        for (int i = 0; i < n; i++) {
            Row r = bars.get(i).row();
            x[i] = i;
            if (i % every == 0) {
                ticks.add((double) i);
                labels.add((topicInLabel ? bars.get(i).topic() + "/" : "") + r.partition());
            }
            produced[i] = r.producedMessagesPerSecond() != null ? r.producedMessagesPerSecond() : (double) r.producedMessages();
            consumed[i] = r.consumedMessagesPerSecond() != null ? r.consumedMessagesPerSecond() : (double) r.consumedMessages();
            Long l = lags.get(new PartitionListing.Key(bars.get(i).topic(), r.partition()));
            if (l != null) {
                lag[i] = (double) l;
                anyLag |= l > 0;
            }
        }
        boolean rates = !bars.isEmpty() && bars.get(0).row().producedMessagesPerSecond() != null;
        ChartSpec c = new ChartSpec(title).x("partition", "", "ordinal", Json.numbers(x)).padded()
                .xTicks(ticks, labels).y(rates ? "rate" : "messages", rates ? "msg/s" : "messages", "linear")
                .bars(rates ? "produced msg/s" : "produced messages", produced).bars(rates ? "consumed msg/s" : "consumed messages", consumed);
        if (anyLag) {
            c.bars("lag at the end (messages)", lag);
        }
        String listed = p.listsEvery() ? "" : String.format(Locale.ROOT, "; the busiest %,d of the %,d partitions and the few that stand out "
                + "(furthest behind, slowest), in partition order; the table below spreads over them all",
                Math.min(Partitions.MAX_LISTED_PARTITIONS, p.listedPartitions()), p.partitionCount());
        return c.note("acknowledged and consumed since the measurement started; skew " + (p.skew() == null ? "not known"
                : String.format(Locale.ROOT, "%.2f", p.skew())) + listed);
    }

    /** Each listed partition's lag summed over its groups; absent where none is known. */
    private static Map<PartitionListing.Key, Long> lags(Partitions p) {
        Map<PartitionListing.Key, Long> sums = new HashMap<>();
        for (GroupLag g : p.lag()) {
            for (PartitionLag l : g.partitions()) {
                if (l.lagMessages() != null) {
                    sums.merge(new PartitionListing.Key(g.topic(), l.partition()), l.lagMessages(), Long::sum);
                }
            }
        }
        return sums;
    }

    private static TableSpec distribution(Partitions p) {
        Distribution d = p.distribution();
        TableSpec t = new TableSpec("Over all partitions", List.of("per partition", "partitions", "min", "p10", "p50", "p90", "p99", "max"));
        spread(t, "produced (messages)", d.producedMessages(), v -> Fmt.grouped(v, 0));
        spread(t, "produced (KB)", d.producedBytes(), v -> Fmt.grouped(v / 1024.0, 1));
        spread(t, "publish latency mean (ms)", d.publishLatencyMeanMicros(), v -> Fmt.ms(v / 1e3));
        spread(t, "consumed (messages)", d.consumedMessages(), v -> Fmt.grouped(v, 0));
        for (GroupLag g : p.lag().subList(0, Math.min(LAG_ROWS, p.lag().size()))) {
            spread(t, "lag at the end, " + g.group() + (p.topics().size() > 1 ? " on " + g.topic() : "") + " (messages)",
                    g.lagMessagesSpread(), v -> Fmt.grouped(v, 0));
        }
        StringBuilder note = new StringBuilder(String.format(Locale.ROOT, "nearest-rank percentiles over every partition: nothing "
                + "produced to %,d of %,d, nothing consumed from %,d", d.partitionsNotProducedTo(), p.partitionCount(),
                d.partitionsNotConsumedFrom()));
        for (GroupLag g : p.lag().subList(0, Math.min(LAG_ROWS, p.lag().size()))) {
            note.append(String.format(Locale.ROOT, "; %s behind on %,d of %,d", g.group(), g.partitionsBehind(), g.partitionCount()));
        }
        if (p.lag().size() > LAG_ROWS) {
            note.append(String.format(Locale.ROOT, "; the lag of %,d more groups (by topic) is in the result", p.lag().size() - LAG_ROWS));
        }
        return t.note(note.toString());
    }

    private static void spread(TableSpec t, String what, Spread s, LongFunction<String> fmt) {
        if (s != null) {
            t.row(List.of(what, Fmt.grouped(s.partitions(), 0), fmt.apply(s.min()), fmt.apply(s.p10()), fmt.apply(s.p50()),
                    fmt.apply(s.p90()), fmt.apply(s.p99()), fmt.apply(s.max())));
        }
    }

    private static TableSpec table(Partitions p) {
        TableSpec t = new TableSpec("Per partition", List.of("topic", "partition", "produced (msg/s)", "produced (MB)",
                "publish latency mean (ms)", "consumed (msg/s)", "lag at the end (messages)"));
        List<Bar> rows = new ArrayList<>();
        for (TopicFigures f : p.topics()) {
            for (Row r : f.partitions()) {
                rows.add(new Bar(f.topic(), r));
            }
        }
        rows.sort((a, b) -> Long.compare(b.row().producedMessages() + b.row().consumedMessages(),
                a.row().producedMessages() + a.row().consumedMessages()));
        Map<PartitionListing.Key, Long> lags = lags(p);
        for (Bar b : rows.subList(0, Math.min(TABLE_ROWS, rows.size()))) {
            Row r = b.row();
            Long lag = lags.get(new PartitionListing.Key(b.topic(), r.partition()));
            t.row(List.of(b.topic(), Integer.toString(r.partition()), rate(r.producedMessagesPerSecond(), r.producedMessages()),
                    Fmt.grouped(r.producedBytes() / 1048576.0, 2),
                    r.publishLatencyMeanMicros() == null ? "—" : Fmt.ms(r.publishLatencyMeanMicros() / 1e3),
                    rate(r.consumedMessagesPerSecond(), r.consumedMessages()), lag == null ? "—" : Fmt.grouped(lag, 0)));
        }
        return t.note(p.partitionCount() > TABLE_ROWS ? String.format(Locale.ROOT, "the %d busiest of %,d partitions", Math.min(TABLE_ROWS,
                rows.size()), p.partitionCount()) : "busiest first");
    }

    private static String rate(Double perSecond, long messages) {
        return perSecond != null ? Fmt.grouped(perSecond, 1) : Fmt.grouped(messages, 0) + " msgs";
    }
}
