package io.kbench.features.drift;

import io.kbench.model.PeriodSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One figure over the measured periods, as points (hours since the first period ended, value) for the trend tests;
 * periods without a value (no message acknowledged or consumed in them) are left out.
 *
 * <p>The tests take O(n²) time and memory, so a series of more than {@value #MAX_POINTS} periods (a run of more than
 * 2.8 hours at the default 5 s progress interval) is cut into {@value #MAX_POINTS} blocks of consecutive periods, each
 * one point: its middle time and the median of its values (a median, so that one spike in a block does not move the
 * point).
 *
 * @param hours each point's time, hours after the first period's end, strictly increasing
 * @param values each point's value in the figure's unit
 * @param periods how many periods had a value
 */
record Series(double[] hours, double[] values, int periods) {

    /** The most points the tests take. */
    static final int MAX_POINTS = 2_000;

    static Series of(Figure figure, List<PeriodSummary> measured) {
        List<double[]> points = new ArrayList<>();
        long firstEnd = measured.isEmpty() ? 0 : measured.get(0).elapsedMicros();
        for (PeriodSummary p : measured) {
            double v = figure.valueIn(p);
            if (!Double.isNaN(v)) {
                points.add(new double[] {(p.elapsedMicros() - firstEnd) / 3.6e9, v});
            }
        }
        int n = points.size();
        int blocks = Math.min(n, MAX_POINTS);
        double[] hours = new double[blocks];
        double[] values = new double[blocks];
        for (int b = 0; b < blocks; b++) {
            int from = (int) ((long) b * n / blocks);
            int to = (int) ((long) (b + 1) * n / blocks);
            hours[b] = (points.get(from)[0] + points.get(to - 1)[0]) / 2;
            values[b] = median(points.subList(from, to).stream().mapToDouble(p -> p[1]).toArray());
        }
        return new Series(hours, values, n);
    }

    int size() {
        return values.length;
    }

    /** The median of the values, NaN when there are none. */
    double median() {
        return median(values.clone());
    }

    private static double median(double[] v) {
        if (v.length == 0) {
            return Double.NaN;
        }
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
