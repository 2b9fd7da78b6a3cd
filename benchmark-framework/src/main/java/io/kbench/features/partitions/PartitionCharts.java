package io.kbench.features.partitions;

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
import java.util.List;

/** The report's part of the partitions feature: a chart of each partition's traffic and lag, and a table of them. */
final class PartitionCharts {

    /** Past this many partitions the table shows the busiest only; the chart shows them all. */
    static final int TABLE_ROWS = 50;

    private PartitionCharts() {}

    static Section section(Partitions p) {
        Section s = new Section("Partitions").text(p.line());
        for (TopicFigures t : p.topics()) {
            s.charts(chart(p, t));
        }
        s.table(table(p));
        return s;
    }

    private static ChartSpec chart(Partitions p, TopicFigures t) {
        int n = t.partitions().size();
        double[] x = new double[n];
        List<Double> ticks = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        Double[] produced = new Double[n];
        Double[] consumed = new Double[n];
        Double[] lag = new Double[n];
        boolean anyLag = false;
        int every = Math.max(1, n / 32); // a readable number of tick labels
        for (int i = 0; i < n; i++) {
            Row r = t.partitions().get(i);
            x[i] = i;
            if (i % every == 0) {
                ticks.add((double) i);
                labels.add(Integer.toString(r.partition()));
            }
            produced[i] = r.producedMessagesPerSecond() != null ? r.producedMessagesPerSecond() : (double) r.producedMessages();
            consumed[i] = r.consumedMessagesPerSecond() != null ? r.consumedMessagesPerSecond() : (double) r.consumedMessages();
        }
        for (GroupLag g : p.lag()) {
            if (g.topic().equals(t.topic())) {
                for (PartitionLag l : g.partitions()) {
                    if (l.partition() < n && l.lagMessages() != null) {
                        lag[l.partition()] = (lag[l.partition()] == null ? 0 : lag[l.partition()]) + l.lagMessages();
                        anyLag |= l.lagMessages() > 0;
                    }
                }
            }
        }
        boolean rates = !t.partitions().isEmpty() && t.partitions().get(0).producedMessagesPerSecond() != null;
        ChartSpec c = new ChartSpec("Per partition: " + t.topic()).x("partition", "", "ordinal", Json.numbers(x)).padded()
                .xTicks(ticks, labels).y(rates ? "rate" : "messages", rates ? "msg/s" : "messages", "linear")
                .bars(rates ? "produced msg/s" : "produced messages", produced).bars(rates ? "consumed msg/s" : "consumed messages", consumed);
        if (anyLag) {
            c.bars("lag at the end (messages)", lag);
        }
        return c.note("acknowledged and consumed since the measurement started; skew " + (p.skew() == null ? "not known"
                : String.format(java.util.Locale.ROOT, "%.2f", p.skew())));
    }

    private static TableSpec table(Partitions p) {
        TableSpec t = new TableSpec("Per partition", List.of("topic", "partition", "produced (msg/s)", "produced (MB)",
                "publish latency mean (ms)", "consumed (msg/s)", "lag at the end (messages)"));
        List<Object[]> rows = new ArrayList<>();
        for (TopicFigures f : p.topics()) {
            for (Row r : f.partitions()) {
                rows.add(new Object[] {f.topic(), r});
            }
        }
        rows.sort((a, b) -> Long.compare(((Row) b[1]).producedMessages() + ((Row) b[1]).consumedMessages(),
                ((Row) a[1]).producedMessages() + ((Row) a[1]).consumedMessages()));
        for (Object[] o : rows.subList(0, Math.min(TABLE_ROWS, rows.size()))) {
            String topic = (String) o[0];
            Row r = (Row) o[1];
            t.row(List.of(topic, Integer.toString(r.partition()), rate(r.producedMessagesPerSecond(), r.producedMessages()),
                    Fmt.grouped(r.producedBytes() / 1048576.0, 2),
                    r.publishLatencyMeanMicros() == null ? "—" : Fmt.ms(r.publishLatencyMeanMicros() / 1e3),
                    rate(r.consumedMessagesPerSecond(), r.consumedMessages()), lag(p, topic, r.partition())));
        }
        return t.note(rows.size() > TABLE_ROWS ? "the " + TABLE_ROWS + " busiest of " + rows.size() + " partitions" : "busiest first");
    }

    private static String rate(Double perSecond, long messages) {
        return perSecond != null ? Fmt.grouped(perSecond, 1) : Fmt.grouped(messages, 0) + " msgs";
    }

    private static String lag(Partitions p, String topic, int partition) {
        Long sum = null;
        for (GroupLag g : p.lag()) {
            if (g.topic().equals(topic)) {
                for (PartitionLag l : g.partitions()) {
                    if (l.partition() == partition && l.lagMessages() != null) {
                        sum = (sum == null ? 0 : sum) + l.lagMessages();
                    }
                }
            }
        }
        return sum == null ? "—" : Fmt.grouped(sum, 0);
    }
}
