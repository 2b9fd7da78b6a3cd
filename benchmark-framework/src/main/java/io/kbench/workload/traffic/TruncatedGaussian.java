package io.kbench.workload.traffic;

import java.util.function.DoubleUnaryOperator;

/**
 * A normal distribution, or one of a transform of it (log-normal), cut to bounds: the quantile of share u is the
 * normal's quantile of share u rescaled to the part of it within the bounds, so every size stays within them and
 * keeps the shape's proportions there.
 */
final class TruncatedGaussian implements SizeDistribution {

    private final double mu;
    private final double sigma;
    private final double lowZ;
    private final double highZ;
    private final double lowP;
    private final double highP;
    private final int min;
    private final int max;
    private final DoubleUnaryOperator toBytes;
    private final String description;

    /**
     * @param mu the mean of the normal variable
     * @param sigma its standard deviation, above 0
     * @param low the normal variable's value at the smallest size (may be -∞)
     * @param high its value at the largest size
     * @param toBytes from the normal variable to bytes (identity for normal, exp for log-normal)
     */
    TruncatedGaussian(double mu, double sigma, double low, double high, int min, int max, DoubleUnaryOperator toBytes,
                      String description) {
        this.mu = mu;
        this.sigma = sigma;
        this.lowZ = (low - mu) / sigma;
        this.highZ = (high - mu) / sigma;
        this.lowP = Gaussian.cdf(lowZ);
        this.highP = Gaussian.cdf(highZ);
        this.min = min;
        this.max = max;
        this.toBytes = toBytes;
        this.description = description;
    }

    @Override
    public int sizeAt(double u) {
        double z = Gaussian.quantile(lowP + u * (highP - lowP), lowZ, highZ);
        long bytes = Math.round(toBytes.applyAsDouble(mu + sigma * z));
        return (int) Math.max(min, Math.min(max, bytes));
    }

    @Override
    public int maxBytes() {
        return max;
    }

    @Override
    public String describe() {
        return description;
    }
}
