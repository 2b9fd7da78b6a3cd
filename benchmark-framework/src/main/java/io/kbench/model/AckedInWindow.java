package io.kbench.model;

import io.kbench.stats.Counts;

/**
 * What the workers acknowledged within a timed window, counted between two polls of their counters, and the time
 * between those polls: the publish rate is the one over the other. The window itself (from the reset of the stats to
 * the producers' stop) is a little longer or shorter, by how long those calls took; with many workers, or a slow
 * link, that is not negligible, so the rate divides by the span its counts cover.
 *
 * @param counts the counters' difference between the polls, summed over workers
 * @param micros the time between the polls, on the coordinator's clock
 */
public record AckedInWindow(Counts counts, long micros) {

    /** Between two states of the run; the span is unknown (0: the window is used) when either was read without a time. */
    public static AckedInWindow between(LoadState open, LoadState close) {
        long micros = open.atEpochMicros() > 0 && close.atEpochMicros() > 0 ? close.atEpochMicros() - open.atEpochMicros() : 0;
        return new AckedInWindow(close.runTotals().minus(open.runTotals()), Math.max(0, micros));
    }
}
