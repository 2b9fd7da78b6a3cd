package io.kbench.model;

import io.kbench.stats.LatencySummary;

/**
 * A figure of each measured period whose trend over a run is tested, in the unit its period keeps: the drift feature
 * judges these over the whole run and the live view over the periods so far, each naming them (and scaling them) its
 * own way.
 */
public enum PeriodFigure {
    /** Acknowledged messages per second. */
    THROUGHPUT,
    /** The period's publish latency p99 (ack − intended send), µs. */
    PUBLISH_P99,
    /** The period's end-to-end latency p99 (consume − intended send), µs. */
    END_TO_END_P99,
    /** Acknowledged × subscriptions − consumed messages at the period's end: the consumers' lag. */
    BACKLOG;

    /** The figure in {@code period}, or NaN when the period has none (no message acknowledged or consumed in it). */
    public double valueIn(PeriodSummary period) {
        return switch (this) {
            case THROUGHPUT -> period.publishRate();
            case PUBLISH_P99 -> p99(period.publishLatency());
            case END_TO_END_P99 -> p99(period.endToEndLatency());
            case BACKLOG -> period.backlogMessages();
        };
    }

    private static double p99(LatencySummary latency) {
        return latency == null || latency.count() == 0 ? Double.NaN : latency.p99Micros();
    }
}
