package io.kbench.stats.trend;

/** The standard normal distribution's tails, for the p-values of {@link MannKendall}. */
public final class Normal {

    private Normal() {}

    /**
     * P(|Z| ≥ z) for a standard normal Z and z ≥ 0: 2(1 − Φ(z)) = erfc(z / √2). From the complementary error
     * function's Chebyshev fit (Press et al., Numerical Recipes, {@code erfcc}), whose relative error is below
     * 1.2 × 10<sup>−7</sup> everywhere: far finer than a p-value is read.
     */
    public static double twoSidedTail(double z) {
        return erfc(z / Math.sqrt(2));
    }

    public static double erfc(double x) {
        double z = Math.abs(x);
        double t = 1 / (1 + 0.5 * z);
        double r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
                + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
        return x >= 0 ? r : 2 - r;
    }
}
