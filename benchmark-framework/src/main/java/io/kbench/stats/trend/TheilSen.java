package io.kbench.stats.trend;

import java.util.Arrays;

/**
 * The Theil–Sen estimator of a line's slope: the median of the slopes between every two points. Robust: up to about
 * 29% of the points may be arbitrary (spikes, stalls) before it moves without bound, unlike least squares, which one
 * spike can tilt.
 *
 * <p>Takes O(n²) time and memory for n points (n(n−1)/2 slopes, sorted), so callers keep n small (2,000 points are
 * about two million slopes, 16 MB, tens of milliseconds).
 */
public final class TheilSen {

    private TheilSen() {}

    /**
     * The median slope of {@code y} over {@code x}, in y's units per x's unit.
     *
     * @param x the points' positions, strictly increasing (pairs of equal x are skipped)
     * @param y the points' values, as many as {@code x}
     * @return the median of (y[j] − y[i]) / (x[j] − x[i]) over every i &lt; j (the mean of the middle two when their
     *     count is even); NaN for fewer than two points
     */
    public static double slope(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " positions for " + y.length + " values");
        }
        int n = x.length;
        double[] slopes = new double[Math.max(0, n * (n - 1) / 2)];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double dx = x[j] - x[i];
                if (dx != 0) {
                    slopes[k++] = (y[j] - y[i]) / dx;
                }
            }
        }
        if (k == 0) {
            return Double.NaN;
        }
        Arrays.sort(slopes, 0, k);
        return k % 2 == 1 ? slopes[k / 2] : (slopes[k / 2 - 1] + slopes[k / 2]) / 2;
    }
}
