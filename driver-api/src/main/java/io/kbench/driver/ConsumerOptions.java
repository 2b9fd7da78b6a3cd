package io.kbench.driver;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * How the framework wants one consumer group member made, beyond its topic and group
 * ({@link BenchmarkDriver#createConsumer(String, String, ConsumerCallback, ConsumerOptions)}).
 * Every field but {@code fromEnd} may be {@code null}: the driver's and the system's default.
 *
 * @param fromEnd a group new to the topic starts at the end of each partition instead of at its
 *     start, so the run measures only its own messages on a topic that holds other data
 * @param protocol the consumer group protocol the member speaks; {@code null}: the driver's default
 *     (Kafka: {@code group.protocol} of the driver file's consumer settings, else {@code classic})
 * @param groupInstanceId a static member's identity (Kafka: {@code group.instance.id}), unique in its
 *     group: a member that comes back under the same identity within the session timeout gets its
 *     partitions back without a rebalance; {@code null}: a dynamic member
 * @param sessionTimeout how long the group keeps a member that stopped heartbeating (a crash) before it
 *     hands its partitions to others; positive; {@code null}: the system's default (Kafka: 45 s)
 */
public record ConsumerOptions(boolean fromEnd, GroupProtocol protocol, String groupInstanceId, Duration sessionTimeout) {

    /** A dynamic member from the earliest position, with the driver's defaults. */
    public static final ConsumerOptions DEFAULTS = new ConsumerOptions(false, null, null, null);

    public ConsumerOptions {
        if (groupInstanceId != null && groupInstanceId.isBlank()) {
            throw new IllegalArgumentException("groupInstanceId must not be blank (null for a dynamic member)");
        }
        if (sessionTimeout != null && (sessionTimeout.isNegative() || sessionTimeout.isZero())) {
            throw new IllegalArgumentException("sessionTimeout must be positive, got " + sessionTimeout.toMillis() + " ms");
        }
    }

    public ConsumerOptions withFromEnd(boolean fromEnd) {
        return new ConsumerOptions(fromEnd, protocol, groupInstanceId, sessionTimeout);
    }

    public ConsumerOptions withProtocol(GroupProtocol protocol) {
        return new ConsumerOptions(fromEnd, protocol, groupInstanceId, sessionTimeout);
    }

    public ConsumerOptions withGroupInstanceId(String groupInstanceId) {
        return new ConsumerOptions(fromEnd, protocol, groupInstanceId, sessionTimeout);
    }

    public ConsumerOptions withSessionTimeout(Duration sessionTimeout) {
        return new ConsumerOptions(fromEnd, protocol, groupInstanceId, sessionTimeout);
    }

    /** The features of {@link ConsumerFeature} a driver needs to honour these options. */
    public Set<ConsumerFeature> needs() {
        Set<ConsumerFeature> needs = EnumSet.noneOf(ConsumerFeature.class);
        if (protocol != null) {
            needs.add(ConsumerFeature.GROUP_PROTOCOL);
        }
        if (groupInstanceId != null) {
            needs.add(ConsumerFeature.STATIC_MEMBERSHIP);
        }
        if (sessionTimeout != null) {
            needs.add(ConsumerFeature.SESSION_TIMEOUT);
        }
        return needs;
    }

    /** The protocol a consumer group member speaks with its group coordinator. */
    public enum GroupProtocol {
        /**
         * The classic protocol: members rebalance together through JoinGroup/SyncGroup; with an eager
         * assignor every member stops consuming while a rebalance runs.
         */
        CLASSIC,
        /**
         * The consumer group protocol (Kafka 4.0+, KIP-848): the coordinator assigns partitions and
         * moves them one member at a time, so the others go on consuming.
         */
        CONSUMER;

        /** As written in workload files and in Kafka's {@code group.protocol}: "classic" or "consumer". */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The protocol of that label, ignoring case. */
        public static Optional<GroupProtocol> byLabel(String label) {
            return Arrays.stream(values()).filter(p -> p.label().equalsIgnoreCase(label == null ? "" : label.trim())).findFirst();
        }
    }
}
