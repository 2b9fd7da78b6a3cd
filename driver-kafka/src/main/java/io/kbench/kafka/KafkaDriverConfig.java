package io.kbench.kafka;

import io.kbench.kafka.local.LocalClusterConfig;

/**
 * The fields of a Kafka driver file, as in OpenMessaging Benchmark's Kafka driver (so its files
 * work unchanged), plus {@code localCluster}.
 *
 * @param replicationFactor replication factor of the topics the run creates (default 1)
 * @param reset OMB's flag; topics here are unique per run and deleted after it, so it changes nothing
 * @param topicConfig topic-level settings in Java properties format, e.g. {@code min.insync.replicas=2}
 * @param commonConfig client settings for admin, producers and consumers, e.g. {@code bootstrap.servers}
 * @param producerConfig producer settings, e.g. {@code acks=all}
 * @param consumerConfig consumer settings, e.g. {@code auto.offset.reset=earliest}
 * @param localCluster start a KRaft cluster on 127.0.0.1 for the run instead of using bootstrap.servers
 */
public record KafkaDriverConfig(
        Integer replicationFactor,
        Boolean reset,
        String topicConfig,
        String commonConfig,
        String producerConfig,
        String consumerConfig,
        LocalClusterConfig localCluster) {

    public KafkaDriverConfig {
        replicationFactor = replicationFactor == null ? 1 : replicationFactor;
        reset = reset != null && reset;
        topicConfig = topicConfig == null ? "" : topicConfig;
        commonConfig = commonConfig == null ? "" : commonConfig;
        producerConfig = producerConfig == null ? "" : producerConfig;
        consumerConfig = consumerConfig == null ? "" : consumerConfig;
    }

    /** The same configuration pointing at {@code bootstrapServers}, without a local cluster section. */
    public KafkaDriverConfig pointingAt(String bootstrapServers) {
        String common = PropertiesText.withProperty(commonConfig, "bootstrap.servers", bootstrapServers);
        return new KafkaDriverConfig(replicationFactor, reset, topicConfig, common, producerConfig, consumerConfig, null);
    }
}
