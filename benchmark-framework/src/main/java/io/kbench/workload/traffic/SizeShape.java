package io.kbench.workload.traffic;

import java.util.List;
import java.util.Set;

/**
 * One distribution of payload sizes a workload's {@code messageSizes.distribution} may name. A new one is a class
 * implementing this, listed in {@link SizeShapes#ALL}: the sampling table, the payloads of each size, the
 * compressibility and the checks of the bounds are shared.
 */
public interface SizeShape {

    /** The name the workload gives, e.g. {@code log-normal}. */
    String name();

    /** What it draws, in one phrase for the docs. */
    String description();

    /** The {@link SizeSpec} fields it reads beyond min and max (e.g. {@code mean}); others are refused. */
    Set<String> parameters();

    /** The problems of its parameters, each naming its field; called once min and max are right (0 ≤ min ≤ max). */
    List<Issue> issues(SizeSpec spec);

    /** The distribution; called only when {@link #issues} is empty. */
    SizeDistribution distribution(SizeSpec spec);
}
