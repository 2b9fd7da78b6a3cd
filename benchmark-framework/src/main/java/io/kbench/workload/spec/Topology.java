package io.kbench.workload.spec;

import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * The run's topics and clients.
 *
 * @param topics how many topics
 * @param partitionsPerTopic partitions in each topic; 0 until the cluster is asked (existing topics without
 *     partitionsPerTopic), then the cluster's count (see {@link #partitionsKnown()})
 * @param producersPerTopic producers per topic (0: none during the measurement)
 * @param subscriptionsPerTopic subscriptions (groups) per topic (0: produce only)
 * @param consumersPerSubscription consumers in each subscription
 * @param existing the existing topics the run uses; {@link ExistingTopics#NONE} when it creates its own
 * @param consumesExistingOnly a run of existing topics that produces nothing: its groups read what the topics hold
 * @param splitsTopics some topics are only produced to or only consumed from: what the consumers read is not what the
 *     producers wrote, so a backlog and losses cannot be counted
 */
@RecordBuilder
public record Topology(int topics, int partitionsPerTopic, int producersPerTopic, int subscriptionsPerTopic,
                       int consumersPerSubscription, ExistingTopics existing, boolean consumesExistingOnly,
                       boolean splitsTopics) implements TopologyBuilder.With {

    /** Whether the partition count is known (always, but for existing topics before the cluster was asked). */
    public boolean partitionsKnown() {
        return partitionsPerTopic > 0;
    }

    /** Whether the run's producers write {@code topic}: every topic, but those only consumed. */
    public boolean produces(String topic) {
        return producersPerTopic > 0 && !existing.consumeOnly().contains(topic);
    }

    /** Whether the run's subscriptions read {@code topic}: every topic, but those only produced to. */
    public boolean consumes(String topic) {
        return subscriptionsPerTopic > 0 && !existing.produceOnly().contains(topic);
    }

    /**
     * The subscriptions each acknowledged message waits for, to count the backlog: subscriptionsPerTopic, or 0 when some
     * topics are only produced to or only consumed from.
     */
    public int backlogSubscriptions() {
        return splitsTopics ? 0 : subscriptionsPerTopic;
    }

    public int totalProducers() {
        return topics * producersPerTopic;
    }

    public int totalConsumers() {
        return topics * subscriptionsPerTopic * consumersPerSubscription;
    }

    /** Partitions in all; 0 while unknown. */
    public int totalPartitions() {
        return topics * partitionsPerTopic;
    }
}
