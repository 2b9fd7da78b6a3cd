package io.kbench.features;

import io.kbench.driver.Fault;
import io.kbench.driver.ClusterOperations;
import io.kbench.driver.ProvisionedCluster;
import java.util.Map;
import java.util.Optional;

/**
 * What the coordinator acts on the cluster through: faults on a cluster the run owns ({@link #apply}, in one line what
 * was done), its counters, its admin interface and the cluster itself.
 */
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

    /**
     * The cluster's admin interface ({@link io.kbench.driver.BenchmarkDriver#clusterOperations}), opened on first use
     * and closed with the driver session; empty when the driver has none. Works on a cluster the run did not start too.
     */
    default Optional<ClusterOperations> operations() {
        return Optional.empty();
    }

    /** The cluster the run started, for what only its owner can do (restart, add, remove brokers); empty when none. */
    default Optional<ProvisionedCluster<?>> startedCluster() {
        return Optional.empty();
    }
}
