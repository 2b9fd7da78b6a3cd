package io.kbench.workload.traffic;

/** The standard normal distribution's CDF and its inverse, to the precision a size in bytes needs. */
final class Gaussian {

    private Gaussian() {}

    /** Φ(z): the probability that a standard normal value is below {@code z}; absolute error below 1e-7. */
    static double cdf(double z) {
        if (z == Double.NEGATIVE_INFINITY) {
            return 0;
        }
        if (z == Double.POSITIVE_INFINITY) {
            return 1;
        }
        double x = Math.abs(z) / Math.sqrt(2);
        // erfc(x) by the Chebyshev fit in Numerical Recipes (fractional error below 1.2e-7 everywhere).
        double t = 1 / (1 + 0.5 * x);
        double erfc = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223
                + t * 0.17087277)))))))));
        return z >= 0 ? 1 - erfc / 2 : erfc / 2;
    }

    /** Φ⁻¹(p) within [lo, hi]: the z with Φ(z) = p, by bisection (the table is made once, so speed does not matter). */
    static double quantile(double p, double lo, double hi) {
        double a = Math.max(lo, -40);
        double b = Math.min(hi, 40);
        for (int i = 0; i < 100 && b - a > 1e-12; i++) {
            double mid = (a + b) / 2;
            if (cdf(mid) < p) {
                a = mid;
            } else {
                b = mid;
            }
        }
        return (a + b) / 2;
    }
}
