package io.kbench.stats;

import org.HdrHistogram.Histogram;

/**
 * The four latency histograms of the measurement contract, in microseconds:
 * <ul>
 *   <li>publish = ack − intended send (includes falling behind the schedule);</li>
 *   <li>send = ack − actual send (what kafka-producer-perf-test reports);</li>
 *   <li>schedule delay = actual send − intended send;</li>
 *   <li>end-to-end = consume − intended send.</li>
 * </ul>
 * Without a schedule (unthrottled), intended send = actual send, so publish = send.
 */
public record Latencies(Histogram publish, Histogram send, Histogram scheduleDelay, Histogram endToEnd) {

    public static Latencies empty() {
        return new Latencies(
                Histograms.newHistogram(),
                Histograms.newHistogram(),
                Histograms.newHistogram(),
                Histograms.newHistogram());
    }

    /** Adds {@code other}'s samples into these histograms. */
    public void add(Latencies other) {
        publish.add(other.publish);
        send.add(other.send);
        scheduleDelay.add(other.scheduleDelay);
        endToEnd.add(other.endToEnd);
    }
}
