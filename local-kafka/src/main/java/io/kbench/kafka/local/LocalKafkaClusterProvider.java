package io.kbench.kafka.local;

import io.kbench.kafka.cluster.LocalCluster;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.cluster.LocalClusterProvider;
import java.util.function.Consumer;

/** Registers {@link LocalKafkaCluster} with driver-kafka (META-INF/services), which knows only the interface. */
public final class LocalKafkaClusterProvider implements LocalClusterProvider {

    @Override
    public LocalCluster start(LocalClusterConfig config, Consumer<String> progress) {
        return LocalKafkaCluster.start(config, progress);
    }
}
