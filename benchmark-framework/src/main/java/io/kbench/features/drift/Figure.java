package io.kbench.features.drift;

import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencySummary;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A figure the drift test judges, read from each measured period in its own unit. */
enum Figure {
    /** Acknowledged messages per second. */
    THROUGHPUT("throughput", "throughput", "msg/s"),
    /** The period's publish latency p99 (ack − intended send), in milliseconds. */
    PUBLISH_P99("publish-p99", "publish p99", "ms"),
    /** The period's end-to-end latency p99 (consume − intended send), in milliseconds. */
    END_TO_END_P99("end-to-end-p99", "end-to-end p99", "ms"),
    /** Messages acknowledged and not yet consumed by every subscription at the period's end. */
    CONSUMER_LAG("consumer-lag", "consumer lag", "messages");

    private final String label;
    private final String text;
    private final String unit;

    Figure(String label, String text, String unit) {
        this.label = label;
        this.text = text;
        this.unit = unit;
    }

    /** The name a workload's {@code drift.metrics} and the result use. */
    String label() {
        return label;
    }

    /** As the summary writes it: "publish p99". */
    String text() {
        return text;
    }

    /** The unit of its values, and of its slope per hour. */
    String unit() {
        return unit;
    }

    static List<String> labels() {
        return Arrays.stream(values()).map(Figure::label).toList();
    }

    static Optional<Figure> byLabel(String label) {
        String wanted = label == null ? "" : label.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.label.equals(wanted)).findFirst();
    }

    /** The figure in {@code period}, or NaN when the period has none (no message acknowledged or consumed in it). */
    double valueIn(PeriodSummary period) {
        return switch (this) {
            case THROUGHPUT -> period.publishRate();
            case PUBLISH_P99 -> millis(period.publishLatency());
            case END_TO_END_P99 -> millis(period.endToEndLatency());
            case CONSUMER_LAG -> period.backlogMessages();
        };
    }

    private static double millis(LatencySummary latency) {
        return latency == null || latency.count() == 0 ? Double.NaN : latency.p99Micros() / 1e3;
    }
}
