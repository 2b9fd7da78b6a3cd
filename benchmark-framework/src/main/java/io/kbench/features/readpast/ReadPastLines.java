package io.kbench.features.readpast;

import io.kbench.features.SummaryLines;
import io.kbench.features.SummaryLines.Slot;
import io.kbench.stats.LatencySummary;
import java.util.List;
import java.util.Locale;

/** The lines a reading of the past adds to a run's summary: each reader's figures, the catch-up's effect, the remote tier. */
final class ReadPastLines {

    private static final double MB = 1_048_576.0;

    private ReadPastLines() {}

    static void write(ReadPast r, SummaryLines lines) {
        List<ReadPast.Group> readers = r.groups().stream().filter(ReadPast.Group::readsThePast).toList();
        for (ReadPast.Group g : readers) {
            lines.line(Slot.THROUGHPUT, "consume-only".equals(r.mode()) ? consumeOnly(g, r) : catchUp(g));
        }
        if (r.remoteTier() != null) {
            ReadPast.RemoteTier t = r.remoteTier();
            lines.line(Slot.THROUGHPUT, String.format(Locale.ROOT, "Remote tier: %.2f MB read from it while the groups read the past "
                    + "(%.2f MB since the load started); %.2f MB copied to it since the load started (the brokers' own counts).",
                    t.bytesReadDuringReading() / MB, t.bytesReadInRun() / MB, t.bytesCopiedInRun() / MB));
        }
        ReadPast.Impact i = r.impact();
        if (i != null) {
            lines.latencyRow("publish, before catch-up", i.publishLatencyBefore(), "acked messages, " + seconds(i.beforeMillis()));
            lines.latencyRow("publish, during catch-up", i.publishLatencyDuring(), "acked messages, " + seconds(i.duringMillis()));
            if (i.tailingEndToEndBefore().count() + i.tailingEndToEndDuring().count() > 0) {
                lines.latencyRow("tailing e2e, before", i.tailingEndToEndBefore(), "records the tailing groups read");
                lines.latencyRow("tailing e2e, during", i.tailingEndToEndDuring(), "records the tailing groups read");
            }
        }
        LatencySummary created = r.endToEndFromCreateTime();
        if (created != null && created.count() > 0) {
            lines.latencyRow("e2e from CreateTime", created, "others' records, consume - CreateTime, producers' clocks");
        }
        long foreign = readers.stream().mapToLong(ReadPast.Group::notWrittenByKbench).sum();
        if (foreign > 0) {
            lines.line(Slot.CONSUMERS, endToEndNote(readers, foreign, r.mode()));
        }
        if (i != null) {
            lines.line(Slot.CONSUMERS, effect(i));
        } else if ("catch-up".equals(r.mode())) {
            lines.line(Slot.CONSUMERS, "Effect of the catch-up on the producers and the tailing groups: not measured, as the catch-up "
                    + "began with the measurement (give consumeDelaySeconds or consumerBacklogSizeGB for a window before it).");
        }
    }

    private static String consumeOnly(ReadPast.Group g, ReadPast r) {
        String target = r.recordsToRead() == null ? "" : g.lagAtStartRecords() == null ? ""
                : String.format(Locale.ROOT, " of %,d between the earliest and end offsets at the start", g.lagAtStartRecords());
        return String.format(Locale.ROOT, "Group %s read %s from %s: %,d records%s, %.2f MB; %s.", g.group(), g.topic(), g.from(),
                g.recordsRead(), target, g.bytesRead() / MB, switch (r.endedBy() == null ? "" : r.endedBy()) {
                    case "end offsets" -> "it reached the end offsets seen at the start";
                    case "no progress" -> String.format(Locale.ROOT, "it stopped %,d records short of them (no progress)",
                            g.lagAtEndRecords() == null ? 0 : g.lagAtEndRecords());
                    case "test duration" -> "the test duration ended the reading";
                    default -> "the run ended before it finished";
                });
    }

    private static String catchUp(ReadPast.Group g) {
        // From an age, a partition counts from its earliest record until the group reads one: an upper bound.
        boolean fromAge = !"earliest".equals(g.from()) && !"end".equals(g.from());
        String waited = g.lagAtStartRecords() == null ? "" : String.format(Locale.ROOT, "%s%,d records waited when it joined; ",
                fromAge ? "at most " : "", g.lagAtStartRecords());
        if (g.catchUpMillis() == null) {
            return String.format(Locale.ROOT, "Catch-up of %s (from %s): %sit did not catch up (%,d records still to read when the "
                    + "catch-up ended); it read %,d records, %.2f MB in the run.", g.group(), g.from(), waited,
                    g.lagAtEndRecords() == null ? 0 : g.lagAtEndRecords(), g.recordsRead(), g.bytesRead() / MB);
        }
        return String.format(Locale.ROOT, "Catch-up of %s (from %s): %scaught up after %.1f s, reading %,d records at %,.1f msg/s, "
                + "%.2f MB/s; %,d records, %.2f MB in the run.", g.group(), g.from(), waited, g.catchUpMillis() / 1e3,
                g.catchUpRecords(), g.catchUpRecordsPerSecond(), g.catchUpMBps(), g.recordsRead(), g.bytesRead() / MB);
    }

    /** Why some records have no end-to-end latency, said once. */
    private static String endToEndNote(List<ReadPast.Group> readers, long foreign, String mode) {
        long created = readers.stream().mapToLong(ReadPast.Group::createTimeRecords).sum();
        long appended = readers.stream().mapToLong(ReadPast.Group::logAppendTimeRecords).sum();
        long untimed = readers.stream().mapToLong(ReadPast.Group::untimedRecords).sum();
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%,d record(s) read were not written by kbench%s: ", foreign,
                "consume-only".equals(mode) ? "" : " (integrity not checked on them)"));
        if (created == foreign) {
            b.append("their end-to-end latency is taken from their CreateTime, the producing client's clock (the row "
                    + "'e2e from CreateTime').");
        } else {
            b.append(String.format(Locale.ROOT, "end-to-end latency from CreateTime for %,d; left out for %,d stamped with "
                    + "LogAppendTime (when the broker stored them, not when they were made) and %,d with no timestamp.", created,
                    appended, untimed));
        }
        return b.toString();
    }

    private static String effect(ReadPast.Impact i) {
        return String.format(Locale.ROOT, "Effect of the catch-up on the same brokers (KAFKA-7504): publish p99 %s ms before, %s ms "
                + "during (%s); tailing groups' e2e p99 %s ms before, %s ms during (%s); the producers acknowledged %,.1f msg/s "
                + "before, %,.1f msg/s during (requested %s).", ms(i.publishLatencyBefore()), ms(i.publishLatencyDuring()),
                ratio(i.publishLatencyBefore(), i.publishLatencyDuring()), ms(i.tailingEndToEndBefore()),
                ms(i.tailingEndToEndDuring()), ratio(i.tailingEndToEndBefore(), i.tailingEndToEndDuring()), i.publishRateBefore(),
                i.publishRateDuring(), requested(i));
    }

    private static String requested(ReadPast.Impact i) {
        if (i.requestedRateBefore() == i.requestedRateDuring()) {
            return i.requestedRateBefore() < 0 ? "unthrottled" : String.format(Locale.ROOT, "%,.0f msg/s throughout",
                    i.requestedRateBefore());
        }
        return String.format(Locale.ROOT, "%s, then %s", rate(i.requestedRateBefore()),
                i.requestedRateDuring() == 0 ? "stopped" : rate(i.requestedRateDuring()));
    }

    private static String rate(double r) {
        return r < 0 ? "unthrottled" : String.format(Locale.ROOT, "%,.0f msg/s", r);
    }

    static String ms(LatencySummary s) {
        return s == null || s.count() == 0 ? "–" : String.format(Locale.ROOT, "%.1f", s.p99Micros() / 1e3);
    }

    static String ratio(LatencySummary before, LatencySummary during) {
        if (before == null || during == null || before.count() == 0 || during.count() == 0 || before.p99Micros() == 0) {
            return "no ratio";
        }
        return String.format(Locale.ROOT, "× %.1f", (double) during.p99Micros() / before.p99Micros());
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1e3);
    }

}
