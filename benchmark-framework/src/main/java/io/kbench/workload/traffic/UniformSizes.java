package io.kbench.workload.traffic;

import java.util.List;
import java.util.Set;

/** Every size from min to max (both included) equally often. */
final class UniformSizes implements SizeShape {

    @Override
    public String name() {
        return "uniform";
    }

    @Override
    public String description() {
        return "every size from min to max (both included) equally often";
    }

    @Override
    public Set<String> parameters() {
        return Set.of();
    }

    @Override
    public List<Issue> issues(SizeSpec spec) {
        return List.of();
    }

    @Override
    public SizeDistribution distribution(SizeSpec spec) {
        int min = spec.min();
        int max = spec.max();
        return new SizeDistribution() {
            @Override
            public int sizeAt(double u) {
                return (int) Math.min(max, min + (long) Math.floor(u * ((long) max - min + 1)));
            }

            @Override
            public int maxBytes() {
                return max;
            }

            @Override
            public String describe() {
                return String.format(java.util.Locale.ROOT, "uniform, %,d B to %,d B", min, max);
            }
        };
    }
}
