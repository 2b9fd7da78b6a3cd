package io.kbench.driver;

/**
 * What a driver can do with consumers beyond a plain consumer group member, declared by
 * {@link BenchmarkDriver#consumerFeatures()}. The framework compares a workload's needs with these
 * before anything runs (no cluster is touched), so a driver without share groups refuses a share
 * subscription up front, naming itself. The SPI's defaults for each feature refuse too, with a
 * {@link DriverException}: a driver declares a feature only when it overrides what the feature needs.
 */
public enum ConsumerFeature {
    /**
     * Share groups (queues; Kafka's KIP-932): {@link BenchmarkDriver#prepareShareGroup} and
     * {@link BenchmarkDriver#createShareConsumer}.
     */
    SHARE_GROUPS("share groups"),
    /** {@link ConsumerOptions#protocol()}: the consumer group protocol, classic or consumer (Kafka's KIP-848). */
    GROUP_PROTOCOL("a choice of consumer group protocol"),
    /** {@link ConsumerOptions#groupInstanceId()}: static membership (Kafka's {@code group.instance.id}). */
    STATIC_MEMBERSHIP("static group membership"),
    /** {@link ConsumerOptions#sessionTimeout()}: how long the group waits for a silent member. */
    SESSION_TIMEOUT("a choice of session timeout"),
    /** {@link BenchmarkConsumer#closeAsCrash()}: leave the group as a crashed process does, by going silent. */
    CRASH_CLOSE("closing a consumer as a crash");

    private final String description;

    ConsumerFeature(String description) {
        this.description = description;
    }

    /** What the feature is, for messages: "driver X has no share groups". */
    public String description() {
        return description;
    }
}
