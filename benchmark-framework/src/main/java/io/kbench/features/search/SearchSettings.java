package io.kbench.features.search;

import java.time.Duration;

/**
 * How a max-rate search runs.
 *
 * @param slo what every step must meet besides the throughput criteria
 * @param precision the bisection stops when the bounds are this close, as a share of the lower (0.05: 5%)
 * @param settle how long each step runs at its rate before it is measured
 * @param step how long each step is measured
 * @param confirm how long the confirmation at the rate found is measured; null: the workload's test duration
 * @param maxDuration the time the search may take, confirmation excluded: after it, the best bounds so far
 * @param probe how long the probe that seeds a search without a rate runs
 * @param rateDiscovery OMB's rate discovery ({@code producerRate: 0}) rather than find-max: the confirmation is
 *     the run's measurement, taken for the workload's duration, as its users expect
 */
public record SearchSettings(Slo slo, double precision, Duration settle, Duration step, Duration confirm, Duration maxDuration,
                             Duration probe, boolean rateDiscovery) {

    public static final double DEFAULT_PRECISION = 0.05;
    public static final Duration DEFAULT_SETTLE = Duration.ofSeconds(10);
    public static final Duration DEFAULT_STEP = Duration.ofSeconds(30);
    public static final Duration DEFAULT_MAX_DURATION = Duration.ofMinutes(15);
    public static final Duration DEFAULT_PROBE = Duration.ofSeconds(5);

    /**
     * {@code producerRate: 0}: throughput only, then the workload's measurement at the rate found.
     * A step settles no longer than the workload warms up and is measured no longer than the workload
     * is, so a short workload makes a short search.
     */
    public static SearchSettings ombRateDiscovery(Duration warmup, Duration testDuration) {
        Duration settle = min(DEFAULT_SETTLE, warmup);
        Duration step = testDuration.isZero() ? DEFAULT_STEP : min(DEFAULT_STEP, testDuration);
        return new SearchSettings(Slo.THROUGHPUT_ONLY, DEFAULT_PRECISION, settle, step, null, DEFAULT_MAX_DURATION,
                min(DEFAULT_PROBE, step), true);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** "producerRate 0" or "find-max", as the result names how the search was asked for. */
    public String mode() {
        return rateDiscovery ? "producerRate 0" : "find-max";
    }

    /** The confirmation's length for a workload measured for {@code testDuration}. */
    public Duration confirmFor(Duration testDuration) {
        if (confirm != null) {
            return confirm;
        }
        return testDuration.isZero() ? step : testDuration;
    }
}
