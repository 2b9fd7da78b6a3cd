package io.kbench.report.gate;

import io.kbench.model.PeriodSummary;
import io.kbench.model.WorkerSummary;
import io.kbench.result.RunResult;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * A figure the gate judges, by the name {@code --fail-on} gives it: its unit, which way is better, and how one run
 * gives it. Each figure is taken per measured period (so that one run's periods show its noise): a rate as messages
 * per second over the periods, a latency percentile as the periods' figure averaged weighting each period by its
 * samples. CPU per message exists per run only (its noise needs repeats).
 */
public enum GateFigure {
    THROUGHPUT("throughput", "msg/s", true, "acknowledged messages per second"),
    CONSUME_THROUGHPUT("consume.throughput", "msg/s", true, "consumed messages per second"),
    PUBLISH_P50("publish.p50", "ms", false, "publish latency p50 (ack − intended send)"),
    PUBLISH_P99("publish.p99", "ms", false, "publish latency p99"),
    PUBLISH_P999("publish.p99.9", "ms", false, "publish latency p99.9"),
    SEND_P50("send.p50", "ms", false, "send latency p50 (ack − actual send)"),
    SEND_P99("send.p99", "ms", false, "send latency p99"),
    E2E_P50("e2e.p50", "ms", false, "end-to-end latency p50 (consume − intended send)"),
    E2E_P99("e2e.p99", "ms", false, "end-to-end latency p99"),
    E2E_P999("e2e.p99.9", "ms", false, "end-to-end latency p99.9"),
    CPU_PER_MESSAGE("cpu.per.message", "µs", false, "the workers' CPU time per message sent or consumed");

    private final String label;
    private final String unit;
    private final boolean higherIsBetter;
    private final String meaning;

    GateFigure(String label, String unit, boolean higherIsBetter, String meaning) {
        this.label = label;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
        this.meaning = meaning;
    }

    /** As {@code --fail-on} names it, e.g. {@code publish.p99}. */
    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    public String meaning() {
        return meaning;
    }

    /** Every figure's name, for messages: "throughput, consume.throughput, publish.p50, ...". */
    public static String names() {
        return String.join(", ", Arrays.stream(values()).map(GateFigure::label).toList());
    }

    /** The figure of this name, or null. */
    public static GateFigure named(String name) {
        for (GateFigure f : values()) {
            if (f.label.equalsIgnoreCase(name.trim())) {
                return f;
            }
        }
        return null;
    }

    /**
     * One run's samples of this figure: one per measured period that has it (values and weights), or, for a figure
     * a run has once (CPU per message), that one value with weight 1. Empty when the run has no such figure (a
     * latency without samples, consumers' figures without consumers).
     */
    public Samples samples(RunResult run) {
        if (this == CPU_PER_MESSAGE) {
            return cpuPerMessage(run);
        }
        List<double[]> points = new ArrayList<>();
        for (PeriodSummary p : run.timeline().periods()) {
            if (!p.phase().measured() || p.durationMicros() <= 0) {
                continue;
            }
            double[] point = point(p);
            if (point != null) {
                points.add(point);
            }
        }
        return Samples.of(points, true);
    }

    /** {value, weight} of one period, or null when it has none. */
    private double[] point(PeriodSummary p) {
        return switch (this) {
            case THROUGHPUT -> new double[] {p.publishRate(), p.durationMicros()};
            case CONSUME_THROUGHPUT -> p.consumeRate() > 0 || p.endToEndLatency().count() > 0
                    ? new double[] {p.consumeRate(), p.durationMicros()} : null;
            case PUBLISH_P50 -> latency(p.publishLatency(), LatencySummary::p50Micros);
            case PUBLISH_P99 -> latency(p.publishLatency(), LatencySummary::p99Micros);
            case PUBLISH_P999 -> latency(p.publishLatency(), LatencySummary::p999Micros);
            case SEND_P50 -> latency(p.sendLatency(), LatencySummary::p50Micros);
            case SEND_P99 -> latency(p.sendLatency(), LatencySummary::p99Micros);
            case E2E_P50 -> latency(p.endToEndLatency(), LatencySummary::p50Micros);
            case E2E_P99 -> latency(p.endToEndLatency(), LatencySummary::p99Micros);
            case E2E_P999 -> latency(p.endToEndLatency(), LatencySummary::p999Micros);
            case CPU_PER_MESSAGE -> null;
        };
    }

    private static double[] latency(LatencySummary s, ToLongFunction<LatencySummary> micros) {
        return s == null || s.count() == 0 ? null : new double[] {micros.applyAsLong(s) / 1_000.0, s.count()};
    }

    private static Samples cpuPerMessage(RunResult run) {
        if (run.measurement() == null) {
            return Samples.of(List.of(), false);
        }
        double cpu = 0;
        double messages = 0;
        for (WorkerSummary w : run.measurement().workers()) {
            if (w.cpuMicrosPerMessage() != null) {
                double n = w.messagesAcked() + w.messagesReceived();
                cpu += w.cpuMicrosPerMessage() * n;
                messages += n;
            }
        }
        return messages == 0 ? Samples.of(List.of(), false) : Samples.of(List.<double[]>of(new double[] {cpu / messages, 1}), false);
    }

    /**
     * One run's samples of a figure.
     *
     * @param values one per period (or one per run)
     * @param weights each value's weight: a period's length for rates, its samples for latencies
     * @param perPeriod whether the values are periods (their spread is the run's noise) or the run's one value
     */
    public record Samples(double[] values, double[] weights, boolean perPeriod) {

        static Samples of(List<double[]> points, boolean perPeriod) {
            return new Samples(points.stream().mapToDouble(p -> p[0]).toArray(), points.stream().mapToDouble(p -> p[1]).toArray(),
                    perPeriod);
        }

        public int size() {
            return values.length;
        }

        /** The weighted mean of the values at these indices. */
        double mean(int[] indices) {
            double sum = 0;
            double weight = 0;
            for (int i : indices) {
                sum += values[i] * weights[i];
                weight += weights[i];
            }
            return weight == 0 ? Double.NaN : sum / weight;
        }

        /** The weighted mean of all values. */
        public double mean() {
            int[] all = new int[values.length];
            Arrays.setAll(all, i -> i);
            return mean(all);
        }
    }

    /** "12.3 ms", "1,000.0 msg/s". */
    public String format(double value) {
        return String.format(Locale.ROOT, unit.equals("ms") || unit.equals("µs") ? "%,.3f %s" : "%,.1f %s", value, unit);
    }
}
