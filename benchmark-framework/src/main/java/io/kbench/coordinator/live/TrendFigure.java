package io.kbench.coordinator.live;

import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencySummary;

/** A figure whose drift so far the endpoint exports, read from each measured period in the unit its label names. */
enum TrendFigure {
    /** Acknowledged messages per second. */
    THROUGHPUT("throughput_msgs"),
    /** The period's publish latency p99 (ack − intended send), µs. */
    PUBLISH_P99("publish_p99_micros"),
    /** The period's end-to-end latency p99 (consume − intended send), µs. */
    END_TO_END_P99("end_to_end_p99_micros"),
    /** Acknowledged × subscriptions − consumed messages at the period's end. */
    BACKLOG("backlog_messages");

    private final String label;

    TrendFigure(String label) {
        this.label = label;
    }

    /** The value of the {@code figure} label: the figure and its unit, which is also the slope's unit per hour. */
    String label() {
        return label;
    }

    /** The figure in {@code period}, or NaN when the period has none (no message acknowledged or consumed in it). */
    double valueIn(PeriodSummary period) {
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
