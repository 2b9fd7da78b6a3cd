package io.kbench.coordinator.live;

import java.util.Arrays;

/**
 * One figure's points over the measured periods so far, at most {@link #maxPoints} of them however long the run: when
 * full, each two neighbouring points become one (the mean of their times and of their values), so that every point
 * stands for the same number of periods, which doubles each time. The trend tests take O(n²) time; this keeps n, and
 * the memory of a run of days, bounded. Written by one thread (the coordinator's).
 */
final class BoundedSeries {

    private final int maxPoints;
    private final double[] hours;
    private final double[] values;
    /** Periods in each point: {@link #periodsPerPoint} but for the last, which may still be filling. */
    private final int[] weights;
    private int size;
    private int periodsPerPoint = 1;
    private int periods;

    /** @param maxPoints the most points kept, even and at least 2 */
    BoundedSeries(int maxPoints) {
        if (maxPoints < 2 || maxPoints % 2 != 0) {
            throw new IllegalArgumentException("maxPoints must be even and at least 2, not " + maxPoints);
        }
        this.maxPoints = maxPoints;
        hours = new double[maxPoints];
        values = new double[maxPoints];
        weights = new int[maxPoints];
    }

    /** One more period's value, {@code hoursSinceFirst} after the first measured period's end, later than the last. */
    void add(double hoursSinceFirst, double value) {
        periods++;
        if (size > 0 && weights[size - 1] < periodsPerPoint) {
            int w = weights[size - 1];
            hours[size - 1] = (hours[size - 1] * w + hoursSinceFirst) / (w + 1);
            values[size - 1] = (values[size - 1] * w + value) / (w + 1);
            weights[size - 1] = w + 1;
            return;
        }
        if (size == maxPoints) {
            halve();
        }
        hours[size] = hoursSinceFirst;
        values[size] = value;
        weights[size] = 1;
        size++;
    }

    /** Every point full: each two neighbours become one of twice the periods. */
    private void halve() {
        for (int i = 0; i < size / 2; i++) {
            hours[i] = (hours[2 * i] + hours[2 * i + 1]) / 2;
            values[i] = (values[2 * i] + values[2 * i + 1]) / 2;
            weights[i] = weights[2 * i] + weights[2 * i + 1];
        }
        size /= 2;
        periodsPerPoint *= 2;
    }

    /** The points so far, a copy. */
    Points points() {
        return new Points(Arrays.copyOf(hours, size), Arrays.copyOf(values, size), periods);
    }

    /**
     * A series' points at one moment.
     *
     * @param hours each point's time, hours after the first measured period's end, increasing
     * @param values each point's value in the figure's unit
     * @param periods the periods with a value they stand for
     */
    record Points(double[] hours, double[] values, int periods) {
        static final Points NONE = new Points(new double[0], new double[0], 0);
    }
}
