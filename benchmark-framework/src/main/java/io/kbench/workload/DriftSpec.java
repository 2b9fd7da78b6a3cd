package io.kbench.workload;

import java.time.Duration;
import java.util.List;

/**
 * A workload's {@code drift:} section: which figures the drift test judges over the measurement and how strictly. Every
 * field is optional, and a workload without the section gets the defaults: every figure the run measures, judged over
 * a measurement of at least 20 s, at a significance level of 0.01. The drift feature checks the names and ranges.
 *
 * @param metrics the figures to judge, by name: {@code throughput}, {@code publish-p99}, {@code end-to-end-p99},
 *     {@code consumer-lag}; null: each of them the run measures
 * @param minimumWindow the shortest measured span judged; a shorter measurement is "too short to judge" (default 20s,
 *     at least 10s)
 * @param alpha the significance level: a trend is reported when the test's p-value is below it (default 0.01, above 0
 *     and at most 0.1)
 */
public record DriftSpec(List<String> metrics, Duration minimumWindow, Double alpha) {

    /** The figures a drift test judges, by the names {@code metrics} uses. */
    public static final List<String> METRICS = List.of("throughput", "publish-p99", "end-to-end-p99", "consumer-lag");
    /** The fewest measured periods a drift test judges: below it the test's normal approximation is off. */
    public static final int MINIMUM_PERIODS = 10;
    public static final Duration DEFAULT_MINIMUM_WINDOW = Duration.ofSeconds(20);
    /** A window below this holds too few periods of any usual length (1 s and more) to show a trend. */
    public static final Duration SHORTEST_MINIMUM_WINDOW = Duration.ofSeconds(10);
    public static final double DEFAULT_ALPHA = 0.01;
    public static final double LARGEST_ALPHA = 0.1;

    public DriftSpec {
        metrics = metrics == null ? null : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(metrics));
    }
}
