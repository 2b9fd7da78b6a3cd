package io.kbench.model;

import io.kbench.stats.PeriodStats;
import java.util.List;

/**
 * What one run of a phase saw in all, for figures of the phase alone (the catch-up of a backlog).
 *
 * @param conditionMet the phase ended because its condition held (false: it timed out or ran its length)
 * @param workers each worker's stats merged over the phase: counts and histograms from the poll that
 *     ended the previous phase to the phase's last poll, each over that worker's own clock
 * @param end where the load stood at the phase's last poll, or null if it was never polled
 */
public record PhaseTotals(boolean conditionMet, List<PeriodStats> workers, LoadState end) {

    public PhaseTotals {
        workers = List.copyOf(workers);
    }

    /** The phase's length, µs: the longest of the workers' windows, as the coordinator takes a period's. */
    public long durationMicros() {
        return workers.stream().mapToLong(PeriodStats::durationMicros).max().orElse(0);
    }
}
