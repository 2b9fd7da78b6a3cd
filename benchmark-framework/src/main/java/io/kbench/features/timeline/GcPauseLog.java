package io.kbench.features.timeline;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/** The pauses one JVM reported, bounded on a run of days: all counted, the longest {@link GcPauses#KEPT} kept. */
final class GcPauseLog {

    private final int kept;
    // the shortest kept pause on top, to drop it when a longer one comes
    private final PriorityQueue<GcPause> longest = new PriorityQueue<>(GcPauses.LONGEST_FIRST.reversed());
    private long count;
    private long totalMicros;

    GcPauseLog(int kept) {
        this.kept = kept;
    }

    synchronized void add(GcPause pause) {
        count++;
        totalMicros += pause.durationMicros();
        longest.add(pause);
        if (longest.size() > kept) {
            longest.poll();
        }
    }

    synchronized GcPauses snapshot() {
        List<GcPause> out = new ArrayList<>(longest);
        out.sort(GcPauses.LONGEST_FIRST);
        return new GcPauses(count, totalMicros, out);
    }
}
