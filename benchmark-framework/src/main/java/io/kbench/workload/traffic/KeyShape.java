package io.kbench.workload.traffic;

import java.util.List;
import java.util.Set;

/**
 * One way of drawing keys: how often each of the {@code count} keys is drawn. A new one is a class implementing
 * this, listed in {@link KeyShapes#ALL}; the sampling (precomputed, allocation-free), the key bytes and the checks
 * of count and size are shared.
 */
public interface KeyShape {

    /** The name the workload's {@code keys.distribution} gives, e.g. {@code zipf}. */
    String name();

    /** What it draws, in one phrase for the docs and errors, e.g. "key i with weight 1/i^exponent". */
    String description();

    /** The {@link KeySpec} fields it reads beyond count and sizeBytes (e.g. {@code exponent}); others are refused. */
    Set<String> parameters();

    /** The problems of its parameters, each naming the field and what is allowed; empty when they are right. */
    List<Issue> issues(KeySpec spec);

    /** The weight of each key, {@code spec.count()} of them, 0 or more, not all 0; called only when {@link #issues} is empty. */
    double[] weights(KeySpec spec);
}
