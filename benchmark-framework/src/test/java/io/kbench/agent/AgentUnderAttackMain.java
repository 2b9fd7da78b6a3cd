package io.kbench.agent;

import io.kbench.inmemory.InMemoryCluster;

/**
 * A worker agent process for {@link HostileClientTest}: {@code bin/benchmark-worker} itself, with an
 * in-memory cluster in its JVM so that a coordinator can run something on it without Kafka.
 */
public final class AgentUnderAttackMain {

    static final String CLUSTER = "under-attack";

    private AgentUnderAttackMain() {}

    public static void main(String[] args) {
        InMemoryCluster.start(CLUSTER);
        WorkerMain.main(args);
    }
}
