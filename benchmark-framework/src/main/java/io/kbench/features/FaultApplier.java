package io.kbench.features;

import io.kbench.driver.Fault;
import java.util.Map;

/** Applies one fault to the cluster the run owns; returns what was done, in one line. */
@FunctionalInterface
public interface FaultApplier {
    String apply(Fault fault);

    /**
     * The counters of the cluster the run started ({@link io.kbench.driver.ProvisionedCluster#metrics()}, e.g. the
     * bytes read from a remote tier), by name; empty when the run started none (the default).
     */
    default Map<String, Double> metrics() {
        return Map.of();
    }
}
