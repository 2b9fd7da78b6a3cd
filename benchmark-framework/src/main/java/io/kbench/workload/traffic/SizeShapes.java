package io.kbench.workload.traffic;

import io.kbench.driver.NearestName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The size distributions a workload's {@code messageSizes.distribution} may name, and the checks every one shares. */
public final class SizeShapes {

    /** Every size distribution, by name: add a new one here. */
    public static final List<SizeShape> ALL = List.of(new UniformSizes(), new NormalSizes(), new LogNormalSizes());

    /** The largest payload a size distribution may give, bytes (as messageSize's bound). */
    public static final int MAX_BYTES = 64 * 1024 * 1024;

    private SizeShapes() {}

    public static Optional<SizeShape> byName(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public static List<String> names() {
        return ALL.stream().map(SizeShape::name).toList();
    }

    /** Everything wrong with a {@code messageSizes} section, each naming its field; empty when it is right. */
    public static List<Issue> issues(SizeSpec spec) {
        List<Issue> issues = new ArrayList<>();
        if (spec.min() == null) {
            issues.add(new Issue("", "messageSizes.min is missing: the smallest payload, bytes, 0 or more"));
        } else if (spec.min() < 0) {
            issues.add(new Issue("min", "messageSizes.min must be 0 or more bytes, got " + spec.min()));
        }
        if (spec.max() == null) {
            issues.add(new Issue("", "messageSizes.max is missing: the largest payload, bytes, at most " + MAX_BYTES));
        } else if (spec.max() > MAX_BYTES || (spec.min() != null && spec.max() < spec.min())) {
            issues.add(new Issue("max", "messageSizes.max must be from min (" + spec.min() + ") to " + MAX_BYTES + " bytes, got "
                    + spec.max()));
        }
        if (spec.distribution() == null) {
            issues.add(new Issue("", "messageSizes.distribution is missing: one of " + String.join(", ", names())));
            return issues;
        }
        Optional<SizeShape> shape = byName(spec.distribution());
        if (shape.isEmpty()) {
            String nearest = NearestName.find(spec.distribution(), names()).orElse(null);
            issues.add(new Issue("distribution", "messageSizes.distribution '" + spec.distribution() + "' is unknown"
                    + (nearest == null ? "" : "; did you mean '" + nearest + "'?") + " Allowed: " + String.join(", ", names())
                    + " (OpenMessaging Benchmark's weighted buckets are messageSizeDistribution)"));
            return issues;
        }
        for (String given : spec.givenParameters().keySet()) {
            if (!shape.get().parameters().contains(given)) {
                issues.add(new Issue(given, "messageSizes." + given + " is not a parameter of " + spec.distribution() + " sizes"
                        + (shape.get().parameters().isEmpty() ? " (it takes only min and max)" : "") + ": remove it"));
            }
        }
        if (issues.isEmpty()) {
            issues.addAll(shape.get().issues(spec));
        }
        return issues;
    }

    /** The distribution of a right spec ({@link #issues} empty). */
    public static SizeDistribution distribution(SizeSpec spec) {
        return byName(spec.distribution()).orElseThrow().distribution(spec);
    }
}
