package io.kbench.features.partitions;

import java.util.Arrays;

/**
 * How one figure spreads over partitions: the smallest, nearest-rank percentiles and the largest of the partitions'
 * values, each the value of an actual partition. Kept over every partition, also where the result lists only some.
 *
 * @param partitions the partitions the figure is over
 * @param min the smallest value
 * @param p10 the value 10% of the partitions are at or below (nearest rank)
 * @param p50 the median (nearest rank)
 * @param p90 the 90th percentile (nearest rank)
 * @param p99 the 99th percentile (nearest rank)
 * @param max the largest value
 */
public record Spread(int partitions, long min, long p10, long p50, long p90, long p99, long max) {

    /** The spread of {@code values} (sorted here, in place), or null for none. */
    static Spread of(long[] values) {
        if (values.length == 0) {
            return null;
        }
        Arrays.sort(values);
        return new Spread(values.length, values[0], rank(values, 10), rank(values, 50), rank(values, 90), rank(values, 99),
                values[values.length - 1]);
    }

    /** The smallest value with at least {@code percent} of the values at or below it. */
    private static long rank(long[] sorted, int percent) {
        int n = sorted.length;
        long index = ((long) percent * n + 99) / 100 - 1; // ceil(percent × n / 100) − 1, in whole numbers
        return sorted[(int) Math.max(0, Math.min(n - 1, index))];
    }
}
