package io.kbench.report;

import io.kbench.consumerevents.ConsumerEvents;
import io.kbench.consumergroups.ConsumerGroups;
import io.kbench.sharegroup.ShareGroups;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The report's parts for Kafka 4's ways of consuming: a table per share group, a table per consumer event, and the events' marks. */
final class ConsumerTables {

    private ConsumerTables() {}

    /** Each applied consumer event, marked on the time-series charts. */
    static List<TimeSeriesCharts.Mark> marks(ConsumerEvents events) {
        List<TimeSeriesCharts.Mark> marks = new ArrayList<>();
        for (ConsumerEvents.Impact e : events == null ? List.<ConsumerEvents.Impact>of() : events.events()) {
            if (e.appliedElapsedMicros() != null) {
                marks.add(new TimeSeriesCharts.Mark(e.appliedElapsedMicros() / 1e6, "consumer event: " + e.type()
                        + (e.count() == null ? "" : " of " + e.count())));
            }
        }
        return marks;
    }

    /**
     * One table per consumer event: what was done, to which group (with its protocol when the run recorded it), and what
     * it cost.
     */
    static List<TableSpec> events(ConsumerEvents events, ConsumerGroups groups) {
        List<TableSpec> tables = new ArrayList<>();
        List<ConsumerEvents.Impact> list = events == null ? List.of() : events.events();
        for (int i = 0; i < list.size(); i++) {
            ConsumerEvents.Impact e = list.get(i);
            TableSpec t = new TableSpec(String.format(Locale.ROOT, "Consumer events: %d. %s%s at %.1f s", i + 1, e.type(),
                    e.count() == null ? "" : " of " + e.count(), e.plannedAfterMillis() / 1e3), List.of("figure", "value"));
            if (e.subscription() != null) {
                ConsumerGroups.Group g = groups == null ? null : groups.group(e.subscription());
                t.row(List.of("subscription", e.subscription() + (g == null ? "" : ": " + g.membership())));
            }
            t.row(List.of("outcome", e.outcome()));
            if (e.applied()) {
                t.row(List.of("time to stable assignment (ms)", e.timeToStableMillis() == null ? "not stable before the next event or "
                        + "the end" : Fmt.grouped(e.timeToStableMillis(), 0)));
                t.row(List.of("longest time a partition went unconsumed (ms)", e.longestUnconsumedMillis() == null ? "—"
                        : Fmt.grouped(e.longestUnconsumedMillis(), 0) + " (partition " + e.longestUnconsumedPartition() + ")"));
                t.row(List.of("the same in the 5 s before (ms)", e.baselineLongestUnconsumedMillis() == null ? "—"
                        : Fmt.grouped(e.baselineLongestUnconsumedMillis(), 0)));
                t.row(List.of("partitions paused (≥ 0.1 s and 3 × the longest pause before)", e.partitionsPaused() == null ? "—"
                        : e.partitionsPaused() + " of " + e.partitions()));
                t.row(List.of("consumed (msg/s) before → during", Fmt.grouped(e.consumedPerSecondBefore(), 1) + " → "
                        + Fmt.grouped(e.consumedPerSecondDuring(), 1) + (e.duringToBeforeRatio() == null ? ""
                        : String.format(Locale.ROOT, " (%.0f%%)", 100 * e.duringToBeforeRatio()))));
                t.row(List.of("end-to-end p99 (ms) before → peak", Fmt.ms(e.p99BeforeMicros() / 1e3) + " → "
                        + Fmt.ms(e.p99PeakMicros() / 1e3)));
                t.row(List.of("spike width (ms, p99 above twice before)", Fmt.grouped(e.spikeWidthMillis(), 0)));
            }
            tables.add(t);
        }
        return tables;
    }

    /** One row per consumer group: the protocol its members ran with, where it came from, static or not. */
    static TableSpec consumerGroups(ConsumerGroups groups) {
        TableSpec t = new TableSpec("Consumer groups", List.of("group", "topic", "protocol", "protocol from", "membership",
                "members at the end"));
        for (ConsumerGroups.Group g : groups == null ? List.<ConsumerGroups.Group>of() : groups.groups()) {
            t.row(List.of(g.group(), g.topic(), g.protocol(), g.protocolSource(), g.staticMembership() ? "static" : "dynamic",
                    Integer.toString(g.members())));
        }
        return t.note("as the driver resolved it: the workload's subscription.groupProtocol, else the driver file's, else the "
                + "default; static: every member had a group instance id from the workload or the driver file");
    }

    /** One row per share group, and per worker when there are several. */
    static TableSpec shareGroups(ShareGroups shares) {
        TableSpec t = new TableSpec("Share groups", List.of("group / worker", "consumers (receiving)", "delivered", "accepted",
                "released", "rejected", "redeliveries", "archived", "lock expiries", "accepted (msg/s)", "ack commit p50 / p99 (ms)",
                "e2e p99 first delivery / accepted (ms)"));
        if (shares == null) {
            return t;
        }
        for (ShareGroups.Group g : shares.groups()) {
            t.row(List.of(g.group(), g.consumers() + " (" + g.consumersReceiving() + ")", Fmt.grouped(g.delivered(), 0),
                    Fmt.grouped(g.accepted(), 0), Fmt.grouped(g.released(), 0), Fmt.grouped(g.rejected(), 0),
                    Fmt.grouped(g.redeliveries(), 0), Fmt.grouped(g.archived(), 0), Fmt.grouped(g.lockExpiries(), 0),
                    Fmt.grouped(g.consumedMessagesPerSecond(), 1), pair(g.acknowledgementCommitLatency()),
                    Fmt.ms(g.endToEndLatencyFirstDelivery().p99Micros() / 1e3) + " / " + Fmt.ms(g.endToEndLatencyAccepted().p99Micros() / 1e3)));
            if (g.workers().size() > 1) {
                for (ShareGroups.WorkerShare w : g.workers()) {
                    t.row(List.of("  " + w.workerId(), w.consumers() + " (" + w.consumersReceiving() + ")", Fmt.grouped(w.delivered(), 0),
                            Fmt.grouped(w.accepted(), 0), Fmt.grouped(w.released(), 0), Fmt.grouped(w.rejected(), 0),
                            Fmt.grouped(w.redeliveries(), 0), Fmt.grouped(w.archived(), 0), Fmt.grouped(w.lockExpiries(), 0),
                            Fmt.grouped(w.consumedMessagesPerSecond(), 1), "—", "— / " + Fmt.ms(w.endToEndLatencyAccepted().p99Micros() / 1e3)));
                }
            }
        }
        return t.note("delivered = accepted + released + rejected; a redelivery is a delivery with a delivery count above 1; "
                + "archived: released on the last delivery the limit allows");
    }

    private static String pair(LatencySummary s) {
        return Fmt.ms(s.p50Micros() / 1e3) + " / " + Fmt.ms(s.p99Micros() / 1e3);
    }
}
