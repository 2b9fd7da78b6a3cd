package io.kbench.features;

import io.kbench.driver.Fault;

/** Applies one fault to the cluster the run owns; returns what was done, in one line. */
@FunctionalInterface
public interface FaultApplier {
    String apply(Fault fault);
}
