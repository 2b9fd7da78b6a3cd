package io.kbench.features.search;

import io.kbench.driver.NearestName;
import io.kbench.model.Measurement;
import io.kbench.stats.LatencySummary;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency objective, e.g. {@code publish.p99<=50ms,e2e.p99<=200ms}: every bound must hold over a
 * step's measurement. Empty: throughput only.
 *
 * @param bounds the bounds, all of which must hold
 */
public record Slo(List<Bound> bounds) {

    public static final Slo THROUGHPUT_ONLY = new Slo(List.of());

    static final List<String> METRICS = List.of("publish", "send", "e2e");
    static final Map<String, ToLongFunction<LatencySummary>> STATS = Map.of(
            "p50", LatencySummary::p50Micros,
            "p75", LatencySummary::p75Micros,
            "p95", LatencySummary::p95Micros,
            "p99", LatencySummary::p99Micros,
            "p99.9", LatencySummary::p999Micros,
            "p99.99", LatencySummary::p9999Micros,
            "avg", s -> Math.round(s.avgMicros()),
            "max", LatencySummary::maxMicros);
    private static final List<String> STAT_ORDER = List.of("p50", "p75", "p95", "p99", "p99.9", "p99.99", "avg", "max");
    private static final Pattern TERM = Pattern.compile("\\s*([A-Za-z0-9]+)\\.([A-Za-z0-9.]+)\\s*(<=|<)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(us|µs|ms|s)\\s*");

    /**
     * One bound, e.g. publish p99 at most 50 ms.
     *
     * @param metric publish (ack − intended), send (ack − sent) or e2e (consume − intended)
     * @param stat p50 … p99.99, avg or max
     * @param strict {@code <} rather than {@code <=}
     * @param limitMicros the bound
     */
    public record Bound(String metric, String stat, boolean strict, long limitMicros) {

        /** The measured value, µs; null when the measurement has no sample of this metric. */
        Long valueIn(Measurement m) {
            return valueIn(m.publishLatency(), m.sendLatency(), m.endToEndLatency());
        }

        /** The value a step measured, µs; null when it has no sample of this metric. */
        Long valueIn(StepResult step) {
            return valueIn(step.publishLatency(), step.sendLatency(), step.endToEndLatency());
        }

        private Long valueIn(LatencySummary publish, LatencySummary send, LatencySummary endToEnd) {
            LatencySummary s = switch (metric) {
                case "publish" -> publish;
                case "send" -> send;
                default -> endToEnd;
            };
            return s.count() == 0 ? null : STATS.get(stat).applyAsLong(s);
        }

        boolean holdsFor(long micros) {
            return strict ? micros < limitMicros : micros <= limitMicros;
        }

        /** "publish p99 <= 50 ms". */
        public String describe() {
            return metric + " " + stat + " " + (strict ? "<" : "<=") + " " + Slo.ms(limitMicros) + " ms";
        }
    }

    /** Parses {@code publish.p99<=50ms,e2e.p99<=200ms}; null or blank is throughput only. */
    public static Slo parse(String text) {
        if (text == null || text.isBlank()) {
            return THROUGHPUT_ONLY;
        }
        List<Bound> bounds = new ArrayList<>();
        for (String term : text.split(",")) {
            Matcher m = TERM.matcher(term);
            if (!m.matches()) {
                throw new IllegalArgumentException("--slo: '" + term.trim() + "' is not a bound like publish.p99<=50ms "
                        + "(metric.statistic, <= or <, a number with us, ms or s)");
            }
            String metric = m.group(1).toLowerCase(Locale.ROOT);
            String stat = m.group(2).toLowerCase(Locale.ROOT);
            if (!METRICS.contains(metric)) {
                throw new IllegalArgumentException("--slo: '" + m.group(1) + "' in '" + term.trim() + "' is not a metric"
                        + NearestName.find(metric, METRICS).map(n -> "; did you mean " + n + "?").orElse(".")
                        + " Allowed: " + String.join(", ", METRICS));
            }
            if (!STATS.containsKey(stat)) {
                throw new IllegalArgumentException("--slo: '" + m.group(2) + "' in '" + term.trim() + "' is not a statistic"
                        + NearestName.find(stat, STAT_ORDER).map(n -> "; did you mean " + n + "?").orElse(".")
                        + " Allowed: " + String.join(", ", STAT_ORDER));
            }
            double value = Double.parseDouble(m.group(4));
            long micros = Math.round(switch (m.group(5)) {
                case "s" -> value * 1_000_000;
                case "ms" -> value * 1_000;
                default -> value;
            });
            bounds.add(new Bound(metric, stat, m.group(3).equals("<"), micros));
        }
        return new Slo(List.copyOf(bounds));
    }

    /** The bounds a measurement breaks, described with the measured values; empty when it meets them all. */
    public List<String> violations(Measurement m) {
        List<String> broken = new ArrayList<>();
        for (Bound b : bounds) {
            Long v = b.valueIn(m);
            if (v == null) {
                broken.add(b.describe() + " cannot be judged: nothing measured for " + b.metric()
                        + (b.metric().equals("e2e") ? " (the workload has no consumers)" : ""));
            } else if (!b.holdsFor(v)) {
                broken.add(String.format(Locale.ROOT, "%s %s is %s ms, over %s", b.metric(), b.stat(), ms(v), b.describe()));
            }
        }
        return broken;
    }

    /** "throughput only" or "publish p99 <= 50 ms, e2e p99 <= 200 ms". */
    public String describe() {
        return bounds.isEmpty() ? "throughput only" : String.join(", ", bounds.stream().map(Bound::describe).toList());
    }

    static String ms(long micros) {
        double ms = micros / 1e3;
        if (ms == Math.rint(ms)) {
            return String.format(Locale.ROOT, "%.0f", ms);
        }
        // Below 1 ms, enough digits that a microsecond bound does not print as 0.
        return ms >= 1 ? String.format(Locale.ROOT, "%.1f", ms)
                : new BigDecimal(ms).round(new MathContext(2)).stripTrailingZeros().toPlainString();
    }
}
