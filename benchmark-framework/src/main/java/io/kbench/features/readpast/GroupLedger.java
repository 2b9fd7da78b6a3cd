package io.kbench.features.readpast;

import io.kbench.driver.TopicOffsets;
import io.kbench.stats.HistogramCodec;
import io.kbench.stats.Histograms;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One group as the coordinator follows it: its workers' latest counts and positions, its latencies added up (over
 * the whole run, and over the window being measured), where it started, and its lag over time. Not thread-safe: the
 * phase that polls and the part that reports use it one after the other.
 */
final class GroupLedger {

    /** What a group does in the run. */
    enum Role { CATCH_UP, TAILING, CONSUME_ONLY }

    final String group;
    final String topic;
    final Role role;
    /** Each worker's latest report of this group. */
    private final Map<String, GroupsNow.Group> latest = new HashMap<>();
    private final Histogram endToEnd = Histograms.newHistogram();
    private final Histogram fromCreateTime = Histograms.newHistogram();
    private Histogram windowEndToEnd = Histograms.newHistogram();
    private final List<ReadPast.LagSample> lag = new ArrayList<>();
    /** The partitions' positions when the group started: where it starts where it has read nothing yet. */
    private TopicOffsets atStart;
    private boolean fromEnd;
    private long startEpochMillis = -1;
    private long caughtUpEpochMillis = -1;
    private long lagAtStart = -1;
    private long lagNow = -1;
    private long recordsAtStart;
    private long bytesAtStart;
    private long recordsWhenCaughtUp = -1;
    private long bytesWhenCaughtUp = -1;

    GroupLedger(String group, String topic, Role role) {
        this.group = group;
        this.topic = topic;
        this.role = role;
    }

    /** A worker's report: counts and positions replace its previous ones, latencies add. */
    void add(GroupsNow.Group g, String workerId) {
        latest.put(workerId, g);
        addTo(endToEnd, g.endToEnd());
        addTo(windowEndToEnd, g.endToEnd());
        addTo(fromCreateTime, g.fromCreateTime());
    }

    private static void addTo(Histogram into, String encoded) {
        if (encoded != null) {
            into.add(HistogramCodec.decode(encoded));
        }
    }

    /** The group starts now, at these positions (the end, for a group that starts there). */
    void started(long epochMillis, TopicOffsets offsets, boolean fromEnd) {
        this.startEpochMillis = epochMillis;
        this.atStart = offsets;
        this.fromEnd = fromEnd;
        this.recordsAtStart = records();
        this.bytesAtStart = bytes();
        if (offsets != null) {
            lag(epochMillis, lagOf(offsets));
        }
    }

    boolean started() {
        return startEpochMillis >= 0;
    }

    /** The position the group reads next in each partition of {@code now}'s topic: where it got to, else where it starts. */
    long[] nextPositions(TopicOffsets now) {
        long[] read = new long[0];
        for (GroupsNow.Group g : latest.values()) {
            read = ReadPastOnWorker.furthest(read, g.nextPositions());
        }
        long[] next = new long[now.partitionCount()];
        for (int p = 0; p < next.length; p++) {
            long start = atStart == null || p >= atStart.partitionCount() ? now.partition(p).earliest()
                    : fromEnd ? atStart.partition(p).end() : atStart.partition(p).earliest();
            next[p] = Math.max(p < read.length ? read[p] : -1, start);
        }
        return next;
    }

    /** What the group has still to read of {@code now}, in records (positions: transaction markers count). */
    long lagOf(TopicOffsets now) {
        long[] next = nextPositions(now);
        long lag = 0;
        for (int p = 0; p < next.length; p++) {
            lag += Math.max(0, now.partition(p).end() - next[p]);
        }
        return lag;
    }

    /** Whether the group has read up to {@code ends} in every partition. */
    boolean reached(TopicOffsets ends, TopicOffsets now) {
        long[] next = nextPositions(now);
        for (int p = 0; p < ends.partitionCount() && p < next.length; p++) {
            if (next[p] < ends.partition(p).end()) {
                return false;
            }
        }
        return true;
    }

    /** The group's lag at {@code epochMillis}; kept at most once a second, and the first. */
    void lag(long epochMillis, long records) {
        lagNow = records;
        if (lagAtStart < 0) {
            lagAtStart = records;
        }
        double at = startEpochMillis < 0 ? 0 : (epochMillis - startEpochMillis) / 1e3;
        if (lag.isEmpty() || at - lag.get(lag.size() - 1).atSeconds() >= 1.0) {
            lag.add(new ReadPast.LagSample(Math.round(at * 10) / 10.0, records));
        }
    }

    /** The group caught up at {@code epochMillis} (the first time only). */
    void caughtUp(long epochMillis) {
        if (caughtUpEpochMillis < 0) {
            caughtUpEpochMillis = epochMillis;
            recordsWhenCaughtUp = records();
            bytesWhenCaughtUp = bytes();
        }
    }

    boolean hasCaughtUp() {
        return caughtUpEpochMillis >= 0;
    }

    long lagNow() {
        return lagNow;
    }

    /** The end-to-end latency of the window so far, and a fresh window from now. */
    Histogram takeWindow() {
        Histogram h = windowEndToEnd;
        windowEndToEnd = Histograms.newHistogram();
        return h;
    }

    /** Consume − CreateTime of the others' records this group read, over the run. */
    Histogram fromCreateTime() {
        return fromCreateTime;
    }

    long records() {
        return latest.values().stream().mapToLong(GroupsNow.Group::records).sum();
    }

    long bytes() {
        return latest.values().stream().mapToLong(GroupsNow.Group::bytes).sum();
    }

    private long sum(java.util.function.ToLongFunction<GroupsNow.Group> f) {
        return latest.values().stream().mapToLong(f).sum();
    }

    /** The group's figures for the result. */
    ReadPast.Group figures(String from) {
        long records = records();
        long bytes = bytes();
        Long catchUpMillis = caughtUpEpochMillis < 0 || startEpochMillis < 0 ? null : caughtUpEpochMillis - startEpochMillis;
        long readWhileCatchingUp = catchUpMillis == null ? 0 : recordsWhenCaughtUp - recordsAtStart;
        long bytesWhileCatchingUp = catchUpMillis == null ? 0 : bytesWhenCaughtUp - bytesAtStart;
        return new ReadPast.Group(group, topic, role.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'), from, records, bytes,
                sum(GroupsNow.Group::ownRecords), records - sum(GroupsNow.Group::ownRecords), sum(GroupsNow.Group::createTimeRecords),
                sum(GroupsNow.Group::logAppendTimeRecords), sum(GroupsNow.Group::untimedRecords),
                lagAtStart < 0 ? null : lagAtStart, lagNow < 0 ? null : lagNow, catchUpMillis,
                catchUpMillis == null ? null : readWhileCatchingUp,
                catchUpMillis == null || catchUpMillis == 0 ? null : readWhileCatchingUp * 1e3 / catchUpMillis,
                catchUpMillis == null || catchUpMillis == 0 ? null : bytesWhileCatchingUp / 1_048_576.0 * 1e3 / catchUpMillis,
                io.kbench.stats.LatencySummary.of(endToEnd), io.kbench.stats.LatencySummary.of(fromCreateTime),
                sum(GroupsNow.Group::clampedSamples), List.copyOf(lag));
    }
}
