package io.kbench.features.drift;

import java.util.Arrays;

/**
 * The Mann–Kendall test for a monotonic trend: whether later values tend to be larger (or smaller) than earlier ones,
 * whatever their distribution. It counts signs, not sizes, so a spike counts as much as any other point and no more.
 *
 * <p>S = Σ<sub>i&lt;j</sub> sgn(y<sub>j</sub> − y<sub>i</sub>). Without a trend (independent values of one
 * distribution) S has mean 0 and variance Var(S) = [n(n−1)(2n+5) − Σ<sub>t</sub> t(t−1)(2t+5)] / 18, where the sum
 * runs over the groups of tied values, t the size of each (Kendall 1975). The two-sided p-value is from the normal
 * approximation with a continuity correction: Z = (S − 1)/√Var(S) for S &gt; 0, (S + 1)/√Var(S) for S &lt; 0, 0 for
 * S = 0, and p = 2(1 − Φ(|Z|)). The approximation is good from about 10 values on (the exact distribution differs in
 * the third decimal at n = 10); callers judge no fewer.
 *
 * <p>Neighbouring periods of a run are not independent (a GC, a segment roll or a cache warming up moves several
 * together), and the test above, which assumes they are, then finds trends in flat series far more often than its
 * significance level says. {@link #corrected} widens Var(S) by Hamed and Rao's factor (J. Hydrology 204, 1998): the
 * series is detrended by its Theil–Sen slope, its residuals ranked, and each lag k whose rank autocorrelation
 * ρ<sub>k</sub> lies outside the 95% band (−1 ± 1.96√(n−k−1))/(n−k) adds to
 * n/n*<sub>s</sub> = 1 + 2/(n(n−1)(n−2)) Σ<sub>k</sub> (n−k)(n−k−1)(n−k−2) ρ<sub>k</sub>. The factor is kept at 1 or
 * more: a series that seems to alternate is not judged more strictly than independent values.
 *
 * <p>O(n²) time; callers keep n small (see {@link TheilSen}).
 */
final class MannKendall {

    private MannKendall() {}

    /**
     * One test's outcome.
     *
     * @param s the statistic S: positive for a rising series, negative for a falling one
     * @param variance Var(S) without a trend, corrected for ties
     * @param z the standardised statistic, continuity corrected
     * @param pValue the two-sided p-value, 0 to 1: how likely an |S| this large is without a trend
     * @param varianceFactor what Var(S) was multiplied by for the series' autocorrelation (1: none)
     */
    record Result(long s, double variance, double z, double pValue, double varianceFactor) {}

    /** Tests {@code y}, in the order given (oldest first), as independent values. Fewer than 3 have no variance: p-value 1. */
    static Result test(double[] y) {
        return test(y, 1);
    }

    /**
     * Tests {@code y} at times {@code x} (oldest first), with Var(S) widened for the autocorrelation of its residuals
     * around the line of slope {@code slope} (Hamed and Rao's correction, above).
     */
    static Result corrected(double[] x, double[] y, double slope) {
        int n = y.length;
        if (n < 3) {
            return test(y, 1);
        }
        double[] residuals = new double[n];
        for (int i = 0; i < n; i++) {
            residuals[i] = y[i] - slope * x[i];
        }
        double[] ranks = ranks(residuals);
        double mean = (n + 1) / 2.0;
        double denominator = 0;
        for (double r : ranks) {
            denominator += (r - mean) * (r - mean);
        }
        double sum = 0;
        if (denominator > 0) {
            for (int k = 1; k < n - 2; k++) {
                double c = 0;
                for (int i = 0; i + k < n; i++) {
                    c += (ranks[i] - mean) * (ranks[i + k] - mean);
                }
                double rho = c / denominator;
                double band = 1.96 * Math.sqrt(n - k - 1.0);
                if (rho > (-1 + band) / (n - k) || rho < (-1 - band) / (n - k)) {
                    sum += (n - k) * (n - k - 1.0) * (n - k - 2.0) * rho;
                }
            }
        }
        double hamedRao = 1 + 2 * sum / (n * (n - 1.0) * (n - 2.0));
        return test(y, Math.max(1, Math.max(hamedRao, ar1Factor(residuals))));
    }

    /**
     * Yue and Wang's factor for a lag-one autocorrelated series (Water Resources Management 18, 2004):
     * 1 + 2 Σ<sub>k=1</sub><sup>n−1</sup> (1 − k/n) r<sup>k</sup>, with r the residuals' lag-one autocorrelation,
     * corrected for its bias in short series (r + (1 + 3r)/n, Kendall 1954). Hamed and Rao's factor keeps only the
     * lags it can tell from noise, which in a series of tens of periods misses a real lag-one correlation of 0.5;
     * this one does not.
     */
    static double ar1Factor(double[] residuals) {
        int n = residuals.length;
        double mean = Arrays.stream(residuals).average().orElse(0);
        double c0 = 0;
        double c1 = 0;
        for (int i = 0; i < n; i++) {
            c0 += (residuals[i] - mean) * (residuals[i] - mean);
            if (i + 1 < n) {
                c1 += (residuals[i] - mean) * (residuals[i + 1] - mean);
            }
        }
        if (c0 <= 0) {
            return 1;
        }
        double r = c1 / c0;
        r = Math.min(0.95, r + (1 + 3 * r) / n);
        if (r <= 0) {
            return 1;
        }
        double sum = 0;
        double power = 1;
        for (int k = 1; k < n; k++) {
            power *= r;
            sum += (1 - (double) k / n) * power;
        }
        return 1 + 2 * sum;
    }

    private static Result test(double[] y, double varianceFactor) {
        int n = y.length;
        long s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += (long) Math.signum(y[j] - y[i]);
            }
        }
        double variance = varianceFactor * (n * (n - 1.0) * (2.0 * n + 5) - tieTerm(y)) / 18.0;
        if (variance <= 0) {
            return new Result(s, 0, 0, 1, varianceFactor);
        }
        double z = s > 0 ? (s - 1) / Math.sqrt(variance) : s < 0 ? (s + 1) / Math.sqrt(variance) : 0;
        double p = Math.min(1, Normal.twoSidedTail(Math.abs(z)));
        return new Result(s, variance, z, p, varianceFactor);
    }

    /** The ranks of {@code v}, 1 to n, tied values sharing the mean of their ranks. */
    static double[] ranks(double[] v) {
        int n = v.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(v[a], v[b]));
        double[] ranks = new double[n];
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && v[order[j + 1]] == v[order[i]]) {
                j++;
            }
            double rank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = rank;
            }
            i = j + 1;
        }
        return ranks;
    }

    /** Σ t(t−1)(2t+5) over the groups of equal values. */
    private static double tieTerm(double[] y) {
        double[] sorted = y.clone();
        Arrays.sort(sorted);
        double sum = 0;
        int i = 0;
        while (i < sorted.length) {
            int j = i;
            while (j + 1 < sorted.length && sorted[j + 1] == sorted[i]) {
                j++;
            }
            double t = j - i + 1;
            sum += t * (t - 1) * (2 * t + 5);
            i = j + 1;
        }
        return sum;
    }
}
