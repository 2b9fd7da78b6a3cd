package io.kbench.features.readpast;

import io.kbench.features.ConsumerListener;
import io.kbench.features.WorkerPart;
import io.kbench.plan.ConsumerSpec;
import io.kbench.stats.HistogramCodec;
import io.kbench.stats.Histograms;
import io.kbench.time.BenchmarkClock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.HdrHistogram.Histogram;

/**
 * The groups' own figures on one worker: a {@link MemberTally} per consumer of a run that keeps them (kept when the
 * consumer closes: what it read still counts), reported by group.
 */
final class ReadPastOnWorker implements WorkerPart {

    private final String workerId;
    private final BenchmarkClock clock;
    private final int runTag;
    private final List<MemberTally> members = new ArrayList<>();

    ReadPastOnWorker(String workerId, BenchmarkClock clock, int runTag) {
        this.workerId = workerId;
        this.clock = clock;
        this.runTag = runTag;
    }

    @Override
    public synchronized ConsumerListener listen(ConsumerSpec spec) {
        if (!spec.plan().groupFigures() || spec.plan().share()) {
            return null;
        }
        MemberTally tally = new MemberTally(spec.subscription(), spec.topic(), clock, runTag);
        members.add(tally);
        return tally;
    }

    @Override
    public synchronized GroupsNow progress() {
        if (members.isEmpty()) {
            return null;
        }
        Map<String, List<GroupsNow.Group>> byGroup = new LinkedHashMap<>();
        for (MemberTally m : members) {
            byGroup.computeIfAbsent(m.group(), g -> new ArrayList<>()).add(m.take());
        }
        List<GroupsNow.Group> groups = new ArrayList<>();
        byGroup.values().forEach(parts -> groups.add(merge(parts)));
        return new GroupsNow(workerId, groups);
    }

    @Override
    public GroupsNow findings(ToIntFunction<String> liveMembers) {
        return progress();
    }

    /** One group's members on this worker as one: counts added, the furthest position per partition, histograms added. */
    static GroupsNow.Group merge(List<GroupsNow.Group> parts) {
        GroupsNow.Group first = parts.get(0);
        if (parts.size() == 1) {
            return first;
        }
        long records = 0;
        long bytes = 0;
        long own = 0;
        long createTime = 0;
        long logAppend = 0;
        long untimed = 0;
        long clamped = 0;
        long[] next = new long[0];
        Histogram e2e = Histograms.newHistogram();
        Histogram created = Histograms.newHistogram();
        for (GroupsNow.Group g : parts) {
            records += g.records();
            bytes += g.bytes();
            own += g.ownRecords();
            createTime += g.createTimeRecords();
            logAppend += g.logAppendTimeRecords();
            untimed += g.untimedRecords();
            clamped += g.clampedSamples();
            next = furthest(next, g.nextPositions());
            add(e2e, g.endToEnd());
            add(created, g.fromCreateTime());
        }
        return new GroupsNow.Group(first.group(), first.topic(), records, bytes, own, createTime, logAppend, untimed, next,
                e2e.getTotalCount() == 0 ? null : HistogramCodec.encode(e2e),
                created.getTotalCount() == 0 ? null : HistogramCodec.encode(created), clamped);
    }

    /** Per partition, the further of two positions (-1: none). */
    static long[] furthest(long[] a, long[] b) {
        long[] out = new long[Math.max(a.length, b.length)];
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.max(i < a.length ? a[i] : -1, i < b.length ? b[i] : -1);
        }
        return out;
    }

    static void add(Histogram into, String encoded) {
        if (encoded != null) {
            into.add(HistogramCodec.decode(encoded));
        }
    }
}
