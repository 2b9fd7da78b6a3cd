package io.kbench.coordinator.live;

import io.kbench.model.PeriodFigure;
import io.kbench.model.PeriodSummary;

/** A figure whose drift so far the endpoint exports, read from each measured period in the unit its label names. */
enum TrendFigure {
    /** Acknowledged messages per second. */
    THROUGHPUT("throughput_msgs", PeriodFigure.THROUGHPUT),
    /** The period's publish latency p99 (ack − intended send), µs. */
    PUBLISH_P99("publish_p99_micros", PeriodFigure.PUBLISH_P99),
    /** The period's end-to-end latency p99 (consume − intended send), µs. */
    END_TO_END_P99("end_to_end_p99_micros", PeriodFigure.END_TO_END_P99),
    /** Acknowledged × subscriptions − consumed messages at the period's end. */
    BACKLOG("backlog_messages", PeriodFigure.BACKLOG);

    private final String label;
    private final PeriodFigure figure;

    TrendFigure(String label, PeriodFigure figure) {
        this.label = label;
        this.figure = figure;
    }

    /** The value of the {@code figure} label: the figure and its unit, which is also the slope's unit per hour. */
    String label() {
        return label;
    }

    /** The figure in {@code period}, or NaN when the period has none (no message acknowledged or consumed in it). */
    double valueIn(PeriodSummary period) {
        return figure.valueIn(period);
    }
}
