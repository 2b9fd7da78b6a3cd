package io.kbench.stats;

import org.HdrHistogram.Histogram;

/**
 * The four latency histograms of the measurement contract, in microseconds:
 * <ul>
 *   <li>publish = ack − intended send (includes falling behind the schedule);</li>
 *   <li>send = ack − actual send (what kafka-producer-perf-test reports);</li>
 *   <li>schedule delay = actual send − intended send;</li>
 *   <li>end-to-end = consume − intended send;</li>
 * </ul>
 * and, when the producers send in transactions, commit = how long each commit took (one sample per
 * transaction, empty otherwise). Without a schedule (unthrottled), intended send = actual send, so
 * publish = send.
 */
public record LatencyHistograms(Histogram publish, Histogram send, Histogram scheduleDelay, Histogram endToEnd, Histogram commit) {

    public LatencyHistograms {
        // A peer of an older version sends no commit histogram.
        commit = commit == null ? Histograms.newHistogram() : commit;
    }

    /** The histograms of a run without transactions. */
    public LatencyHistograms(Histogram publish, Histogram send, Histogram scheduleDelay, Histogram endToEnd) {
        this(publish, send, scheduleDelay, endToEnd, Histograms.newHistogram());
    }

    public static LatencyHistograms empty() {
        return new LatencyHistograms(
                Histograms.newHistogram(),
                Histograms.newHistogram(),
                Histograms.newHistogram(),
                Histograms.newHistogram(),
                Histograms.newHistogram());
    }

    /** Adds {@code other}'s samples into these histograms. */
    public void add(LatencyHistograms other) {
        publish.add(other.publish);
        send.add(other.send);
        scheduleDelay.add(other.scheduleDelay);
        endToEnd.add(other.endToEnd);
        commit.add(other.commit);
    }
}
