package io.kbench.features.consumerevents;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The consumption of one subscription's partitions on one worker ({@link PartitionActivity}), as it
 * travels to the coordinator; all times in µs since the epoch.
 *
 * @param subscription the group
 * @param partitions one entry per partition consumed on this worker
 */
public record ActivityTrack(String subscription, List<Partition> partitions) {

    /**
     * @param partition the partition
     * @param firstEpochMicros its first record consumed on this worker
     * @param lastEpochMicros its last
     * @param gaps pauses of at least {@link PartitionActivity#MIN_GAP_MICROS} between two records, as from, to, from, to, ...
     */
    public record Partition(int partition, long firstEpochMicros, long lastEpochMicros, long[] gaps) {}

    /** An interval of time, in µs since the epoch. */
    public record Interval(long from, long to) {
        public long micros() {
            return to - from;
        }
    }

    /**
     * The times each partition of {@code subscription} went unconsumed within [{@code from}, {@code to}], joining every
     * worker's activity: a partition counts as consumed from its first to its last record on a worker, except in that
     * worker's pauses; it is unconsumed where no worker consumed it.
     */
    public static Map<Integer, List<Interval>> unconsumed(List<ActivityTrack> tracks, String subscription, long from, long to) {
        Map<Integer, List<Interval>> busy = new LinkedHashMap<>();
        for (ActivityTrack t : tracks) {
            if (!t.subscription().equals(subscription)) {
                continue;
            }
            for (Partition p : t.partitions()) {
                List<Interval> into = busy.computeIfAbsent(p.partition(), k -> new ArrayList<>());
                long start = p.firstEpochMicros();
                long[] g = p.gaps().clone();
                List<long[]> sorted = new ArrayList<>();
                for (int i = 0; i + 1 < g.length; i += 2) {
                    sorted.add(new long[] {g[i], g[i + 1]});
                }
                sorted.sort(Comparator.comparingLong(a -> a[0]));
                for (long[] gap : sorted) {
                    if (gap[0] > start) {
                        into.add(new Interval(start, gap[0]));
                    }
                    start = Math.max(start, gap[1]);
                }
                into.add(new Interval(start, Math.max(start, p.lastEpochMicros())));
            }
        }
        Map<Integer, List<Interval>> idle = new LinkedHashMap<>();
        busy.forEach((partition, intervals) -> {
            intervals.sort(Comparator.comparingLong(Interval::from));
            List<Interval> out = new ArrayList<>();
            long covered = from;
            for (Interval i : intervals) {
                if (i.from() > covered && covered < to) {
                    out.add(new Interval(covered, Math.min(i.from(), to)));
                }
                covered = Math.max(covered, i.to());
            }
            if (covered < to) {
                out.add(new Interval(covered, to));
            }
            idle.put(partition, out);
        });
        return idle;
    }
}
