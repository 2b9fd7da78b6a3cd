package io.kbench.stats.trend;

import java.util.Arrays;

/**
 * The Mann–Kendall test for a monotonic trend: whether later values tend to be larger (or smaller) than earlier ones,
 * whatever their distribution. It counts signs, not sizes, so a spike counts as much as any other point and no more.
 *
 * <p>S = Σ<sub>i&lt;j</sub> sgn(y<sub>j</sub> − y<sub>i</sub>). Without a trend (independent values of one
 * distribution) S has mean 0 and variance Var(S) = [n(n−1)(2n+5) − Σ<sub>t</sub> t(t−1)(2t+5)] / 18, where the sum
 * runs over the groups of tied values, t the size of each (Kendall 1975). The two-sided p-value is from the normal
 * approximation with a continuity correction: Z = (S − 1)/√Var(S) for S &gt; 0, (S + 1)/√Var(S) for S &lt; 0, 0 for
 * S = 0, and p = 2(1 − Φ(|Z|)). The approximation is the usual one from about 10 values on; callers judge no fewer.
 *
 * <p>Neighbouring periods of a run are not independent (a GC, a segment roll or a cache warming up moves several
 * together), and the test above, which assumes they are, then finds trends in flat series far more often than its
 * significance level says (10% to 14% of flat series whose periods have a lag-one correlation of 0.5, instead of 1%).
 * {@link #corrected} widens Var(S) by the factor of a lag-one autoregressive series, 1 + 2 Σ<sub>k=1</sub><sup>n−1</sup>
 * (1 − k/n) φ<sup>k</sup> (Yue and Wang, Water Resources Management 18, 2004), with φ estimated from the first
 * differences of the values' ranks: for such a series the differences' lag-one correlation is −(1 − φ)/2, so
 * φ = 1 + 2r<sub>Δ</sub>. Differences, unlike the residuals around a fitted line, hardly see a trend that is not
 * straight (a latency that rises slowly, then fast), which would otherwise pass for autocorrelation and hide the
 * trend; a spike makes them alternate (r<sub>Δ</sub> near −0.5), which asks for no correction. Ranks, as in S itself,
 * keep a few periods of a stall (a starved machine's latencies, ten times the rest) from passing for a random walk
 * (r<sub>Δ</sub> near 0, φ near 1) and hiding a real trend. φ is kept from 0 to {@value #MAX_PHI}: a latency that
 * follows its cause (a link slowing down) rises smoothly, and in tens of periods a smooth rise with wiggles cannot be
 * told from a more persistent series; corrected for φ of 0.9 (Var(S) × 17), a rise seen on a real broker from 150 ms
 * to 620 ms in 30 periods got p = 0.16. Capped at 0.5 (Var(S) × 3, what a correlation of 0.5 between neighbours
 * needs), it got p = 0.0003, and flat series of that correlation stay near the significance level.
 *
 * <p>O(n²) time; callers keep n small (see {@link TheilSen}).
 */
public final class MannKendall {

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
    public record Result(long s, double variance, double z, double pValue, double varianceFactor) {}

    /** Tests {@code y}, in the order given (oldest first), as independent values. Fewer than 3 have no variance: p-value 1. */
    public static Result test(double[] y) {
        return test(y, 1);
    }

    /** Tests {@code y} (oldest first), with Var(S) widened for the correlation of neighbouring values (above). */
    public static Result corrected(double[] y) {
        return test(y, ar1Factor(lagOneFromDifferences(ranks(y)), y.length));
    }

    /** The ranks of {@code v}, 1 to n, tied values sharing the mean of their ranks. */
    public static double[] ranks(double[] v) {
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
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = (i + j) / 2.0 + 1;
            }
            i = j + 1;
        }
        return ranks;
    }

    /** The largest lag-one correlation {@link #corrected} allows for (above). */
    public static final double MAX_PHI = 0.5;

    /** φ of a lag-one autoregressive series, from its first differences' lag-one correlation: 1 + 2r, from 0 to {@link #MAX_PHI}. */
    public static double lagOneFromDifferences(double[] y) {
        int m = y.length - 1;
        if (m < 3) {
            return 0;
        }
        double[] d = new double[m];
        for (int i = 0; i < m; i++) {
            d[i] = y[i + 1] - y[i];
        }
        double mean = Arrays.stream(d).average().orElse(0);
        double c0 = 0;
        double c1 = 0;
        for (int i = 0; i < m; i++) {
            c0 += (d[i] - mean) * (d[i] - mean);
            if (i + 1 < m) {
                c1 += (d[i] - mean) * (d[i + 1] - mean);
            }
        }
        return c0 <= 0 ? 0 : Math.max(0, Math.min(MAX_PHI, 1 + 2 * c1 / c0));
    }

    /** 1 + 2 Σ<sub>k=1</sub><sup>n−1</sup> (1 − k/n) φ<sup>k</sup>: how much a lag-one correlation φ widens Var(S). */
    public static double ar1Factor(double phi, int n) {
        double sum = 0;
        double power = 1;
        for (int k = 1; k < n && power > 1e-12; k++) {
            power *= phi;
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
