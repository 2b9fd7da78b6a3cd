package io.kbench.kafka.cluster;

import io.kbench.driver.DriverException;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/**
 * Starts local clusters; implemented by the local-kafka module and found with {@link ServiceLoader}.
 * A seam, not a plug-in point: it exists so that driver-kafka compiles and runs with kafka-clients
 * only, and the broker jars ship only where a cluster is started (the coordinator, tests).
 */
public interface LocalClusterProvider {

    /**
     * Starts a cluster and waits until every broker serves clients.
     *
     * @param config   must have no {@link LocalClusterConfig#problems()}
     * @param progress one line per step, for the user
     */
    LocalCluster start(LocalClusterConfig config, Consumer<String> progress);

    /** The provider on the class path; fails with a sentence saying where the cluster can start. */
    static LocalClusterProvider find() {
        return ServiceLoader.load(LocalClusterProvider.class, LocalClusterProvider.class.getClassLoader()).findFirst()
                .orElseThrow(() -> new DriverException("localCluster", "the local Kafka cluster is not on this class path "
                        + "(module local-kafka): start runs with a localCluster section through bin/benchmark, "
                        + "which has it; worker agents do not", null));
    }
}
