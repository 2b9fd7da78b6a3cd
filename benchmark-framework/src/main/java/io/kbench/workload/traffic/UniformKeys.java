package io.kbench.workload.traffic;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** Every key as often as every other. */
final class UniformKeys implements KeyShape {

    @Override
    public String name() {
        return "uniform";
    }

    @Override
    public String description() {
        return "every key equally often";
    }

    @Override
    public Set<String> parameters() {
        return Set.of();
    }

    @Override
    public List<Issue> issues(KeySpec spec) {
        return List.of();
    }

    @Override
    public double[] weights(KeySpec spec) {
        double[] w = new double[spec.count()];
        Arrays.fill(w, 1.0);
        return w;
    }
}
