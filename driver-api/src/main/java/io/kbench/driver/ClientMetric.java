package io.kbench.driver;

/**
 * One metric of one client (producer or consumer), as the client library names it, for the result
 * and for {@code --print-metrics}. The framework combines the same metric of every client on every
 * worker as {@link #aggregation()} says.
 *
 * @param name group and metric, e.g. {@code producer-metrics:batch-size-avg}
 * @param value the client's current value
 * @param aggregation how values of several clients combine
 */
public record ClientMetric(String name, double value, Aggregation aggregation) {

    /** How a metric of several clients combines into one figure. */
    public enum Aggregation {
        /** Rates and totals: the cluster saw the sum. */
        SUM,
        /** Averages and ratios: the mean over clients. */
        AVG,
        /** Maxima: the largest. */
        MAX
    }
}
