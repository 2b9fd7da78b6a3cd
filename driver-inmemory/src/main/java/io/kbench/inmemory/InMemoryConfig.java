package io.kbench.inmemory;

/**
 * The fields of an in-memory driver file. Every worker's driver gets the same values, so the
 * limits and the simulated latency and failures below hold for the whole run.
 *
 * @param cluster the in-memory cluster to use, by name; it must run in this JVM. Absent: the run
 *     starts a fresh cluster and removes it afterwards ({@link InMemoryDriver#provisionCluster})
 * @param maxPartitionsPerTopic a topic with more partitions is refused, as a broker refuses one over
 *     its limit (default 10,000)
 * @param ackLatencyMicros how long after a send the cluster acknowledges it; the message becomes
 *     readable at the same moment (default 0)
 * @param sendFailureRate the share of sends the cluster fails instead of storing, 0 to 1, spread
 *     evenly over each producer's sends (default 0)
 * @param maxMessagesPerSecond the most messages the whole cluster acknowledges per second, like a broker's
 *     produce quota: sends beyond it wait their turn, in order, on the cluster's clock (default 0: no limit)
 * @param sendCostMicros the client's own time per send, on the producer's sending thread: a producer sends at most
 *     a million / sendCostMicros messages per second, as a client whose CPU is the limit (compression, say), and falls
 *     behind its schedule beyond, while the cluster acknowledges promptly (default 0: no cost)
 */
public record InMemoryConfig(String cluster, Integer maxPartitionsPerTopic, Long ackLatencyMicros, Double sendFailureRate,
                             Double maxMessagesPerSecond, Long sendCostMicros) {

    public static final int DEFAULT_MAX_PARTITIONS_PER_TOPIC = 10_000;

    public InMemoryConfig {
        maxPartitionsPerTopic = maxPartitionsPerTopic == null ? DEFAULT_MAX_PARTITIONS_PER_TOPIC : maxPartitionsPerTopic;
        ackLatencyMicros = ackLatencyMicros == null ? 0L : ackLatencyMicros;
        sendFailureRate = sendFailureRate == null ? 0.0 : sendFailureRate;
        maxMessagesPerSecond = maxMessagesPerSecond == null ? 0.0 : maxMessagesPerSecond;
        sendCostMicros = sendCostMicros == null ? 0L : sendCostMicros;
    }

    public InMemoryConfig(String cluster, Integer maxPartitionsPerTopic, Long ackLatencyMicros, Double sendFailureRate,
                          Double maxMessagesPerSecond) {
        this(cluster, maxPartitionsPerTopic, ackLatencyMicros, sendFailureRate, maxMessagesPerSecond, null);
    }

    public InMemoryConfig(String cluster, Integer maxPartitionsPerTopic, Long ackLatencyMicros, Double sendFailureRate) {
        this(cluster, maxPartitionsPerTopic, ackLatencyMicros, sendFailureRate, null);
    }

    /** A configuration for the named cluster with every other field at its default. */
    public static InMemoryConfig of(String cluster) {
        return new InMemoryConfig(cluster, null, null, null);
    }

    /** The same configuration pointing at the named cluster. */
    public InMemoryConfig withCluster(String name) {
        return new InMemoryConfig(name, maxPartitionsPerTopic, ackLatencyMicros, sendFailureRate, maxMessagesPerSecond,
                sendCostMicros);
    }
}
