package io.kbench.workload.traffic;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/** A normal distribution of the given mean and standard deviation, cut to min and max. */
final class NormalSizes implements SizeShape {

    @Override
    public String name() {
        return "normal";
    }

    @Override
    public String description() {
        return "normal with mean and stddev, cut to min and max";
    }

    @Override
    public Set<String> parameters() {
        return Set.of("mean", "stddev");
    }

    @Override
    public List<Issue> issues(SizeSpec spec) {
        return meanAndSpread(spec, name());
    }

    /** mean within the bounds, stddev above 0: the checks normal and log-normal share. */
    static List<Issue> meanAndSpread(SizeSpec spec, String name) {
        List<Issue> issues = new java.util.ArrayList<>();
        if (spec.mean() == null) {
            issues.add(new Issue("", "messageSizes.mean is missing: " + name + " needs the mean size in bytes, from min to max"));
        } else if (!(spec.mean() >= spec.min() && spec.mean() <= spec.max())) {
            issues.add(new Issue("mean", String.format(Locale.ROOT, "messageSizes.mean must be from min (%d) to max (%d) bytes, got %s",
                    spec.min(), spec.max(), spec.mean())));
        }
        if (spec.stddev() == null) {
            issues.add(new Issue("", "messageSizes.stddev is missing: " + name + " needs the standard deviation in bytes, above 0"));
        } else if (!(spec.stddev() > 0) || Double.isInfinite(spec.stddev())) {
            issues.add(new Issue("stddev", "messageSizes.stddev must be above 0 bytes, got " + spec.stddev()));
        }
        return issues;
    }

    @Override
    public SizeDistribution distribution(SizeSpec spec) {
        return new TruncatedGaussian(spec.mean(), spec.stddev(), spec.min() - 0.5, spec.max() + 0.5, spec.min(), spec.max(),
                x -> x, String.format(Locale.ROOT, "normal, mean %,.0f B, stddev %,.0f B, %,d B to %,d B", spec.mean(), spec.stddev(),
                spec.min(), spec.max()));
    }
}
