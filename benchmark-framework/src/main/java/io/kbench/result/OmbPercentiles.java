package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.function.DoubleFunction;

/**
 * OpenMessaging Benchmark's nine figures of a latency, each written as the latency's name with a
 * suffix ({@code publishLatencyAvg}, {@code publishLatency50pct}, ... {@code publishLatencyMax}): a
 * figure per measured period ({@code T} a list) or over the measurement ({@code T} a number).
 */
public record OmbPercentiles<T>(
        @JsonProperty("Avg") T avg,
        @JsonProperty("50pct") T p50,
        @JsonProperty("75pct") T p75,
        @JsonProperty("95pct") T p95,
        @JsonProperty("99pct") T p99,
        @JsonProperty("999pct") T p999,
        @JsonProperty("9999pct") T p9999,
        @JsonProperty("99999pct") T p99999,
        @JsonProperty("Max") T max) {

    /** @param figure the figure at a percentile (50, 75, ..., 100 for the maximum), or the average for -1 */
    public static <T> OmbPercentiles<T> of(DoubleFunction<T> figure) {
        return new OmbPercentiles<>(figure.apply(-1), figure.apply(50), figure.apply(75), figure.apply(95), figure.apply(99),
                figure.apply(99.9), figure.apply(99.99), figure.apply(99.999), figure.apply(100));
    }
}
