package io.kbench.features.timeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The GC pauses of one worker's JVM, or of all workers merged: every pause counted, the longest kept. In a local run
 * the worker shares its JVM with the coordinator, so its pauses are the whole tool's.
 *
 * @param count how many pauses there were
 * @param totalMicros their total duration
 * @param longest the longest {@value #KEPT} at most, longest first
 */
public record GcPauses(long count, long totalMicros, List<GcPause> longest) {

    /** How many pauses are kept (per worker, and merged). */
    public static final int KEPT = 100;

    static final Comparator<GcPause> LONGEST_FIRST = Comparator.comparingLong(GcPause::durationMicros).reversed()
            .thenComparingLong(GcPause::startEpochMicros);

    public static final GcPauses NONE = new GcPauses(0, 0, List.of());

    public GcPauses {
        longest = longest == null ? List.of() : List.copyOf(longest);
    }

    /** The pauses of several workers as one: counts and totals added, the longest {@value #KEPT} of all kept. */
    public static GcPauses merge(List<GcPauses> workers) {
        long count = 0;
        long total = 0;
        List<GcPause> all = new ArrayList<>();
        for (GcPauses w : workers) {
            if (w != null) {
                count += w.count;
                total += w.totalMicros;
                all.addAll(w.longest);
            }
        }
        all.sort(LONGEST_FIRST);
        return new GcPauses(count, total, all.subList(0, Math.min(KEPT, all.size())));
    }

    /** The longest pause in microseconds, 0 when there was none. */
    public long maxMicros() {
        return longest.isEmpty() ? 0 : longest.get(0).durationMicros();
    }
}
