package io.kbench.features.consumerevents;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * When the consumers of one subscription on one worker consumed each partition: the first and last
 * time, and every pause of at least {@link #MIN_GAP_MICROS} between two records of a partition. The
 * coordinator joins the workers' activity to find how long a partition went unconsumed while it moved
 * from one member to another. Fed from every consumer thread of the worker, hence the lock; at most
 * {@link #MAX_GAPS} pauses per partition are kept (the longest ones win when full).
 */
public final class PartitionActivity {

    /** Pauses shorter than this are the load's own rhythm, not worth keeping. */
    public static final long MIN_GAP_MICROS = 50_000;
    static final int MAX_GAPS = 20_000;

    private final String subscription;
    private final Map<Integer, Track> tracks = new TreeMap<>();

    private static final class Track {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        long[] gaps = new long[16];
        int gapCount;
    }

    public PartitionActivity(String subscription) {
        this.subscription = subscription;
    }

    /** A record of {@code partition} was consumed at {@code epochMicros}. */
    public synchronized void onConsumed(int partition, long epochMicros) {
        Track t = tracks.computeIfAbsent(partition, p -> new Track());
        if (t.first == Long.MAX_VALUE) {
            t.first = t.last = epochMicros;
            return;
        }
        if (epochMicros > t.last) {
            if (epochMicros - t.last >= MIN_GAP_MICROS) {
                addGap(t, t.last, epochMicros);
            }
            t.last = epochMicros;
        } else if (epochMicros < t.first) {
            t.first = epochMicros; // threads of one worker report slightly out of order: a late record of the start
        }
    }

    private static void addGap(Track t, long from, long to) {
        if (t.gapCount == MAX_GAPS) {
            int shortest = 0;
            for (int i = 1; i < t.gapCount; i++) {
                if (t.gaps[2 * i + 1] - t.gaps[2 * i] < t.gaps[2 * shortest + 1] - t.gaps[2 * shortest]) {
                    shortest = i;
                }
            }
            if (to - from <= t.gaps[2 * shortest + 1] - t.gaps[2 * shortest]) {
                return;
            }
            t.gaps[2 * shortest] = from;
            t.gaps[2 * shortest + 1] = to;
            return;
        }
        if (2 * t.gapCount + 2 > t.gaps.length) {
            t.gaps = Arrays.copyOf(t.gaps, t.gaps.length * 2);
        }
        t.gaps[2 * t.gapCount] = from;
        t.gaps[2 * t.gapCount + 1] = to;
        t.gapCount++;
    }

    /** What was recorded so far (copies). */
    public synchronized ActivityTrack track() {
        List<ActivityTrack.Partition> partitions = new ArrayList<>();
        tracks.forEach((p, t) -> partitions.add(new ActivityTrack.Partition(p, t.first, t.last,
                Arrays.copyOf(t.gaps, 2 * t.gapCount))));
        return new ActivityTrack(subscription, partitions);
    }
}
