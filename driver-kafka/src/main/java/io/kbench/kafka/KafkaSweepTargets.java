package io.kbench.kafka;

import io.kbench.driver.SweepTarget;
import java.util.List;

/**
 * The Kafka settings a sweep may vary one key at a time ({@link KafkaBenchmarkDriver#sweepTargets()}):
 * client and topic settings in the driver file's properties text, and broker settings of a local
 * cluster, which kbench configures only because it starts those brokers itself.
 */
final class KafkaSweepTargets {

    static final List<SweepTarget> ALL = List.of(
            SweepTarget.propertiesText("producer", "producerConfig", "Kafka producer settings in producerConfig", "batch.size"),
            SweepTarget.propertiesText("consumer", "consumerConfig", "Kafka consumer settings in consumerConfig", "fetch.min.bytes"),
            SweepTarget.propertiesText("common", "commonConfig",
                    "Kafka client settings for producers, consumers and admin in commonConfig", "client.dns.lookup"),
            SweepTarget.propertiesText("topic", "topicConfig", "topic-level settings in topicConfig", "flush.messages"),
            SweepTarget.mapping("broker", List.of("localCluster", "brokerConfig"),
                    "broker settings of the local cluster in localCluster.brokerConfig", "log.flush.interval.messages",
                    "kbench only configures brokers it starts itself. On other clusters vary a topic-level setting instead, "
                            + "e.g. topic.flush.messages or topic.flush.ms"));

    private KafkaSweepTargets() {}
}
