package io.kbench.workload.traffic;

import java.util.List;
import java.util.Set;

/** Zipf's law: the key of rank i (from 1) is drawn in proportion to 1/i^s, so a few keys take most messages. */
final class ZipfKeys implements KeyShape {

    @Override
    public String name() {
        return "zipf";
    }

    @Override
    public String description() {
        return "the key of rank i (from 1) in proportion to 1/i^exponent";
    }

    @Override
    public Set<String> parameters() {
        return Set.of("exponent");
    }

    @Override
    public List<Issue> issues(KeySpec spec) {
        Double s = spec.exponent();
        if (s == null) {
            return List.of(new Issue("", "keys.exponent is missing: zipf needs the exponent s, above 0 (e.g. 1.1: a few keys hot)"));
        }
        if (!(s > 0) || Double.isInfinite(s) || s > 100) {
            return List.of(new Issue("exponent", "keys.exponent must be above 0 and at most 100 (e.g. 1.1: a few keys hot), got " + s));
        }
        return List.of();
    }

    @Override
    public double[] weights(KeySpec spec) {
        double[] w = new double[spec.count()];
        for (int i = 0; i < w.length; i++) {
            w[i] = Math.pow(i + 1, -spec.exponent());
        }
        return w;
    }
}
