package io.kbench.driver;

import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a driver can do with consumers beyond a plain consumer group member, declared by
 * {@link BenchmarkDriver#consumerFeatures()}. The framework compares a workload's needs with these
 * before anything runs (no cluster is touched), so a driver without share groups refuses a share
 * subscription up front, naming itself. A driver that gets a {@link ConsumerRequest} needing a feature it
 * does not declare refuses it too ({@link ConsumerRequest#unmetBy}), as does the SPI's default
 * {@link BenchmarkDriver#prepareShareGroup}: a driver declares a feature only when it implements it.
 */
public enum ConsumerFeature {
    /** Share groups (queues; Kafka's KIP-932): {@link BenchmarkDriver#prepareShareGroup} and {@link ConsumerRequest.ShareMember}. */
    SHARE_GROUPS("share groups"),
    /** {@link ConsumerRequest.GroupMember#protocol()}: the consumer group protocol, classic or consumer (Kafka's KIP-848). */
    GROUP_PROTOCOL("a choice of consumer group protocol"),
    /** {@link ConsumerRequest.GroupMember#groupInstanceId()}: static membership (Kafka's {@code group.instance.id}). */
    STATIC_MEMBERSHIP("static group membership"),
    /** {@link ConsumerRequest.GroupMember#sessionTimeout()}: how long the group waits for a silent member. */
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

    /**
     * How a driver refuses what it lacks, naming itself and saying what to do instead.
     *
     * @param driverName the driver's simple class name
     * @param missing the features asked for and not declared; not empty
     */
    public static DriverException refusal(String driverName, Set<ConsumerFeature> missing) {
        if (missing.contains(SHARE_GROUPS)) {
            return new DriverException("driver " + driverName + " has no share groups (queues): run the subscription as a consumer "
                    + "group, or use a driver that declares ConsumerFeature.SHARE_GROUPS (e.g. Kafka 4.2+)");
        }
        return new DriverException("driver " + driverName + " does not offer "
                + missing.stream().sorted().map(ConsumerFeature::description).collect(Collectors.joining(", "))
                + ": leave the subscription's group protocol, group instance id and session timeout unset");
    }
}
