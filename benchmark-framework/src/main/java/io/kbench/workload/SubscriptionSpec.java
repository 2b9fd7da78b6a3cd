package io.kbench.workload;

import io.kbench.driver.ConsumerRequest.GroupProtocol;
import java.time.Duration;

/**
 * A workload's {@code subscription:} section: what kind of group each subscription is and how its
 * consumers behave. Absent, every subscription is a plain consumer group with the driver's defaults.
 *
 * @param type {@code consumer} (a consumer group, the default) or {@code share} (a share group: records, not
 *     partitions, are shared, so consumers may outnumber partitions)
 * @param groupProtocol a consumer group's protocol, {@code classic} or {@code consumer}; null: the driver's default
 * @param staticMembership consumer group members get a {@code group.instance.id} each (static membership)
 * @param sessionTimeout how long a consumer group waits for a silent member (a crash) before moving its partitions
 * @param processingTime how long each record takes to process, on the consumer's thread (a slow consumer); 0 or null: none
 * @param processingTimeDistribution how processing times vary around {@code processingTime}: {@code fixed} (the
 *     default), {@code exponential} (that mean) or {@code uniform} (0 to twice it)
 * @param shareGroup a share group's own settings and acknowledgements; only with type share
 */
public record SubscriptionSpec(
        SubscriptionType type,
        GroupProtocol groupProtocol,
        Boolean staticMembership,
        Duration sessionTimeout,
        Duration processingTime,
        ProcessingDistribution processingTimeDistribution,
        ShareGroupSpec shareGroup) {

    /** A consumer group with the driver's defaults: what a workload without the section gets. */
    public static final SubscriptionSpec DEFAULT = new SubscriptionSpec(null, null, null, null, null, null, null);

    public SubscriptionSpec {
        type = type == null ? SubscriptionType.CONSUMER : type;
        staticMembership = staticMembership != null && staticMembership;
        processingTimeDistribution = processingTimeDistribution == null ? ProcessingDistribution.FIXED : processingTimeDistribution;
    }

    /** The subscriptions are share groups. */
    public boolean share() {
        return type == SubscriptionType.SHARE;
    }

    /** The share group's section, or its defaults when not given. */
    public ShareGroupSpec shareGroupOrDefault() {
        return shareGroup == null ? ShareGroupSpec.DEFAULT : shareGroup;
    }

    /** Each record's processing time in microseconds on average; 0 for none. */
    public long processingMicros() {
        return processingTime == null || processingTime.isNegative() ? 0 : processingTime.toNanos() / 1_000;
    }

    /** What kind of group a subscription is. */
    public enum SubscriptionType {
        /** A consumer group: each partition is read by one member. */
        CONSUMER,
        /** A share group (Kafka's queues, KIP-932): records are handed out one member at a time. */
        SHARE
    }

    /** How per-record processing times vary. */
    public enum ProcessingDistribution {
        /** Every record takes processingTime. */
        FIXED,
        /** Exponentially distributed with mean processingTime (a few records take much longer). */
        EXPONENTIAL,
        /** Uniform between 0 and twice processingTime. */
        UNIFORM
    }
}
