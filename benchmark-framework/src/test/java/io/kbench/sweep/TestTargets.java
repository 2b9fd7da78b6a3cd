package io.kbench.sweep;

import io.kbench.driver.SweepTarget;
import java.util.List;

/**
 * Sweep targets for the framework's tests, which cannot see a driver module: one set built like the
 * Kafka driver's (driver-kafka's KafkaSweepTargetsTest pins that one), one of an imaginary driver.
 */
final class TestTargets {

    /** As the Kafka driver declares them, so the messages read as users of that driver see them. */
    static final List<SweepTarget> KAFKA_LIKE = List.of(
            SweepTarget.propertiesText("producer", "producerConfig", "Kafka producer settings in producerConfig", "batch.size"),
            SweepTarget.propertiesText("consumer", "consumerConfig", "Kafka consumer settings in consumerConfig", "fetch.min.bytes"),
            SweepTarget.propertiesText("common", "commonConfig",
                    "Kafka client settings for producers, consumers and admin in commonConfig", "client.dns.lookup"),
            SweepTarget.propertiesText("topic", "topicConfig", "topic-level settings in topicConfig", "flush.messages"),
            SweepTarget.mapping("broker", List.of("localCluster", "brokerConfig"),
                    "broker settings of the local cluster in localCluster.brokerConfig", "log.flush.interval.messages",
                    "kbench only configures brokers it starts itself. On other clusters vary a topic-level setting instead, "
                            + "e.g. topic.flush.messages or topic.flush.ms"));

    /** An imaginary driver: client options as properties text, server options three mappings deep, without advice. */
    static final List<SweepTarget> OTHER = List.of(
            SweepTarget.propertiesText("client", "clientOptions", "client options in clientOptions", "timeout"),
            SweepTarget.mapping("server", List.of("cluster", "server", "options"), "server options of the cluster", "threads", null),
            SweepTarget.mapping("store", List.of("store"), "storage options in store", "fsync", null));

    private TestTargets() {}
}
