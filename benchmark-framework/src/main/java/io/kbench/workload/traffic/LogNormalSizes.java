package io.kbench.workload.traffic;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A log-normal distribution whose sizes have the given mean and standard deviation (before the bounds cut it): most
 * messages small, a long tail of large ones, as real traffic often is.
 */
final class LogNormalSizes implements SizeShape {

    @Override
    public String name() {
        return "log-normal";
    }

    @Override
    public String description() {
        return "log-normal whose sizes have mean and stddev, cut to min and max";
    }

    @Override
    public Set<String> parameters() {
        return Set.of("mean", "stddev");
    }

    @Override
    public List<Issue> issues(SizeSpec spec) {
        List<Issue> issues = NormalSizes.meanAndSpread(spec, name());
        if (issues.isEmpty() && spec.mean() <= 0) {
            return List.of(new Issue("mean", "messageSizes.mean must be above 0 bytes for log-normal sizes, got " + spec.mean()));
        }
        return issues;
    }

    @Override
    public SizeDistribution distribution(SizeSpec spec) {
        double m = spec.mean();
        double s = spec.stddev();
        double sigma2 = Math.log(1 + s * s / (m * m));
        double mu = Math.log(m) - sigma2 / 2;
        double low = spec.min() <= 0 ? Double.NEGATIVE_INFINITY : Math.log(spec.min() - 0.5 <= 0 ? spec.min() : spec.min() - 0.5);
        double high = Math.log(spec.max() + 0.5);
        return new TruncatedGaussian(mu, Math.sqrt(sigma2), low, high, spec.min(), spec.max(), Math::exp,
                String.format(Locale.ROOT, "log-normal, mean %,.0f B, stddev %,.0f B, %,d B to %,d B", m, s, spec.min(), spec.max()));
    }
}
