package io.kbench.kafka;

import io.kbench.kafka.cluster.LocalClusterConfig;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

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
 * @param transactional producers send in transactions and consumers read committed data only
 *     ({@code isolation.level=read_committed}); needs acks=all and one of the two next fields
 * @param transactionDuration with transactional: commit each transaction once it is this old, e.g. 100ms
 *     (as kafka-producer-perf-test's --transaction-duration-ms)
 * @param messagesPerTransaction with transactional: commit each transaction after this many messages
 * @param groupConfig group-level settings (Kafka's group configs, Java properties format), applied through
 *     the Admin API to each group of the run before its first member starts: the {@code share.*} ones to
 *     share groups (e.g. {@code share.heartbeat.interval.ms}), the {@code consumer.*} ones to groups of the
 *     consumer protocol (e.g. {@code consumer.heartbeat.interval.ms}); classic groups have none
 */
public record KafkaDriverConfig(
        Integer replicationFactor,
        Boolean reset,
        String topicConfig,
        String commonConfig,
        String producerConfig,
        String consumerConfig,
        LocalClusterConfig localCluster,
        Boolean transactional,
        Duration transactionDuration,
        Integer messagesPerTransaction,
        String groupConfig) {

    public KafkaDriverConfig {
        replicationFactor = replicationFactor == null ? 1 : replicationFactor;
        reset = reset != null && reset;
        topicConfig = topicConfig == null ? "" : topicConfig;
        commonConfig = commonConfig == null ? "" : commonConfig;
        producerConfig = producerConfig == null ? "" : producerConfig;
        consumerConfig = consumerConfig == null ? "" : consumerConfig;
        transactional = transactional != null && transactional;
        groupConfig = groupConfig == null ? "" : groupConfig;
    }

    /** A configuration without group settings. */
    public KafkaDriverConfig(Integer replicationFactor, Boolean reset, String topicConfig, String commonConfig, String producerConfig,
                             String consumerConfig, LocalClusterConfig localCluster, Boolean transactional,
                             Duration transactionDuration, Integer messagesPerTransaction) {
        this(replicationFactor, reset, topicConfig, commonConfig, producerConfig, consumerConfig, localCluster, transactional,
                transactionDuration, messagesPerTransaction, null);
    }

    /** A configuration without transactions. */
    public KafkaDriverConfig(Integer replicationFactor, Boolean reset, String topicConfig, String commonConfig,
                             String producerConfig, String consumerConfig, LocalClusterConfig localCluster) {
        this(replicationFactor, reset, topicConfig, commonConfig, producerConfig, consumerConfig, localCluster, null, null, null, null);
    }

    /**
     * The same configuration pointing at a cluster this run started, without the local cluster
     * section: {@code clientSettings} (bootstrap servers and, for a secured cluster, protocol and
     * truststore) replace those keys in commonConfig.
     */
    /** The same configuration with these topic settings added where topicConfig does not set them already. */
    public KafkaDriverConfig withTopicDefaults(Map<String, String> defaults) {
        Map<String, String> given = PropertiesText.parse("topicConfig", topicConfig);
        String topics = topicConfig;
        for (Map.Entry<String, String> e : new TreeMap<>(defaults).entrySet()) {
            if (!given.containsKey(e.getKey())) {
                topics = PropertiesText.withProperty(topics, e.getKey(), e.getValue());
            }
        }
        return new KafkaDriverConfig(replicationFactor, reset, topics, commonConfig, producerConfig, consumerConfig, localCluster,
                transactional, transactionDuration, messagesPerTransaction, groupConfig);
    }

    public KafkaDriverConfig pointingAt(Map<String, String> clientSettings) {
        String common = commonConfig;
        for (Map.Entry<String, String> e : new TreeMap<>(clientSettings).entrySet()) {
            common = PropertiesText.withProperty(common, e.getKey(), e.getValue());
        }
        return new KafkaDriverConfig(replicationFactor, reset, topicConfig, common, producerConfig, consumerConfig, null,
                transactional, transactionDuration, messagesPerTransaction, groupConfig);
    }
}
