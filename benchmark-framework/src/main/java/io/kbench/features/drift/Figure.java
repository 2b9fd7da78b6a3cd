package io.kbench.features.drift;

import io.kbench.model.PeriodFigure;
import io.kbench.model.PeriodSummary;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A figure the drift test judges, read from each measured period in its own unit. */
enum Figure {
    /** Acknowledged messages per second. */
    THROUGHPUT("throughput", "throughput", "msg/s", PeriodFigure.THROUGHPUT, 1),
    /** The period's publish latency p99 (ack − intended send), in milliseconds. */
    PUBLISH_P99("publish-p99", "publish p99", "ms", PeriodFigure.PUBLISH_P99, 1e3),
    /** The period's end-to-end latency p99 (consume − intended send), in milliseconds. */
    END_TO_END_P99("end-to-end-p99", "end-to-end p99", "ms", PeriodFigure.END_TO_END_P99, 1e3),
    /** Messages acknowledged and not yet consumed by every subscription at the period's end. */
    CONSUMER_LAG("consumer-lag", "consumer lag", "messages", PeriodFigure.BACKLOG, 1);

    private final String label;
    private final String text;
    private final String unit;
    private final PeriodFigure figure;
    /** How many of the period's unit make one of this figure's (1,000 µs a millisecond). */
    private final double periodUnitsPerUnit;

    Figure(String label, String text, String unit, PeriodFigure figure, double periodUnitsPerUnit) {
        this.label = label;
        this.text = text;
        this.unit = unit;
        this.figure = figure;
        this.periodUnitsPerUnit = periodUnitsPerUnit;
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
        return figure.valueIn(period) / periodUnitsPerUnit;
    }
}
