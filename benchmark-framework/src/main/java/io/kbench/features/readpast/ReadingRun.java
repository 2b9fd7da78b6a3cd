package io.kbench.features.readpast;

import io.kbench.driver.ProvisionedCluster;
import io.kbench.driver.TopicOffsets;
import io.kbench.features.PhaseContext;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.TopicLayout;
import io.kbench.workload.PastReads;
import io.kbench.workload.spec.RunSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * One run's groups as the coordinator follows them, shared by the feature's phase (which polls) and its run part
 * (which reports): every group's ledger, the topics the groups that read the past read, and what the phase concluded.
 */
final class ReadingRun {

    final RunSpec spec;
    final TopicLayout layout;
    final PastReads past;
    private final Map<String, GroupLedger> groups = new LinkedHashMap<>();
    final List<String> readTopics;
    /** When the load started, on the run's clock (-1 unknown: a consume-only run has no timeline). */
    long loadStartNanos = -1;
    /** The cluster's counters when the load started, or empty. */
    Map<String, Double> metricsAtLoad = Map.of();
    Long recordsToRead;
    String endedBy;
    ReadPast.Impact impact;
    ReadPast.RemoteTier remoteTier;
    Double catchUpStartSeconds;
    Double caughtUpSeconds;

    ReadingRun(RunSpec spec, TopicLayout layout, PastReads past) {
        this.spec = spec;
        this.layout = layout;
        this.past = past;
        for (ConsumerSpec c : layout.consumers()) {
            groups.putIfAbsent(c.subscription(), new GroupLedger(c.subscription(), c.topic(), GroupLedger.Role.TAILING));
        }
        LinkedHashSet<String> topics = new LinkedHashSet<>();
        for (ConsumerSpec c : layout.pastReaders()) {
            groups.putIfAbsent(c.subscription(), new GroupLedger(c.subscription(), c.topic(),
                    past.consumeOnly() ? GroupLedger.Role.CONSUME_ONLY : GroupLedger.Role.CATCH_UP));
            topics.add(c.topic());
        }
        this.readTopics = List.copyOf(topics);
    }

    /** The groups that read the past. */
    List<GroupLedger> readers() {
        return groups.values().stream().filter(g -> g.role != GroupLedger.Role.TAILING).toList();
    }

    /** The groups that tail. */
    List<GroupLedger> tailing() {
        return groups.values().stream().filter(g -> g.role == GroupLedger.Role.TAILING).toList();
    }

    /** Adds what the workers report of the groups. */
    void add(List<GroupsNow> reports) {
        for (GroupsNow r : reports) {
            for (GroupsNow.Group g : r.groups()) {
                GroupLedger ledger = groups.get(g.group());
                if (ledger != null) {
                    ledger.add(g, r.workerId());
                }
            }
        }
    }

    /** Polls the workers for what the groups read since the last poll. */
    void poll(PhaseContext context) {
        add(context.workerProgress(ReadPastFeature.NAME, GroupsNow.class));
    }

    /** The read topics' offsets now. */
    Map<String, TopicOffsets> offsets(PhaseContext context) {
        return context.topicOffsets(readTopics);
    }

    /** Every group that reads the past starts now, at these offsets. */
    void readersStart(long epochMillis, Map<String, TopicOffsets> offsets) {
        for (GroupLedger g : readers()) {
            g.started(epochMillis, offsets.get(g.topic), past.from() == PastReads.From.END);
        }
    }

    /** Each reader's lag now, recorded; the largest. */
    long recordLags(long epochMillis, Map<String, TopicOffsets> now) {
        long max = 0;
        for (GroupLedger g : readers()) {
            TopicOffsets o = now.get(g.topic);
            if (o != null && g.started()) {
                long lag = g.lagOf(o);
                g.lag(epochMillis, lag);
                max = Math.max(max, lag);
            }
        }
        return max;
    }

    /** Records read by the readers so far. */
    long readerRecords() {
        return readers().stream().mapToLong(GroupLedger::records).sum();
    }

    /** Seconds since the load started at {@code nanos}, or null when unknown. */
    Double sinceLoad(long nanos) {
        return loadStartNanos < 0 ? null : Math.round((nanos - loadStartNanos) / 1e8) / 10.0;
    }

    /** The remote tier's figures from the counters before and after the reading, or null when the cluster has no remote tier. */
    void remoteTier(Map<String, Double> before, Map<String, Double> after) {
        if (!after.containsKey(ProvisionedCluster.REMOTE_STORAGE)) {
            return;
        }
        Map<String, Double> atLoad = metricsAtLoad.isEmpty() ? before : metricsAtLoad;
        remoteTier = new ReadPast.RemoteTier(delta(before, after, ProvisionedCluster.REMOTE_FETCH_BYTES),
                delta(atLoad, after, ProvisionedCluster.REMOTE_FETCH_BYTES), delta(atLoad, after, ProvisionedCluster.REMOTE_COPY_BYTES),
                "the brokers' RemoteFetchBytesPerSec and RemoteCopyBytesPerSec counts (BrokerTopicMetrics), read from the cluster "
                        + "the run started");
    }

    private static long delta(Map<String, Double> before, Map<String, Double> after, String name) {
        return Math.round(after.getOrDefault(name, 0.0) - before.getOrDefault(name, 0.0));
    }

    /** The section: every group's figures and what the reading concluded. */
    ReadPast section() {
        List<ReadPast.Group> figures = new ArrayList<>();
        for (GroupLedger g : groups.values()) {
            figures.add(g.figures(g.role == GroupLedger.Role.TAILING ? "the run's writes, as they come" : past.fromText()));
        }
        org.HdrHistogram.Histogram created = io.kbench.stats.Histograms.newHistogram();
        readers().forEach(g -> created.add(g.fromCreateTime()));
        return new ReadPast(past.consumeOnly() ? "consume-only" : "catch-up", figures, recordsToRead, endedBy, impact, remoteTier,
                catchUpStartSeconds, caughtUpSeconds, created.getTotalCount() == 0 ? null : io.kbench.stats.LatencySummary.of(created));
    }
}
