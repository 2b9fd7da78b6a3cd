package io.kbench.driver;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One consumer the framework asks a driver for ({@link BenchmarkDriver#createConsumer(ConsumerRequest)}):
 * a member of a consumer group ({@link GroupMember}) or of a share group ({@link ShareMember}), with
 * everything the driver needs to make it. Made once per consumer, off the hot path.
 */
public sealed interface ConsumerRequest permits ConsumerRequest.GroupMember, ConsumerRequest.ShareMember {

    /** The topic the consumer reads. */
    String topic();

    /** The group it joins: one consumer group or share group per subscription, named after it. */
    String group();

    /** The {@link ConsumerFeature}s a driver needs to make this consumer; empty for a plain consumer group member. */
    Set<ConsumerFeature> needs();

    /**
     * The refusal of a driver that lacks a feature this request needs ({@link BenchmarkDriver#consumerFeatures()}):
     * a {@link DriverException} naming the driver and what it lacks; empty when the driver offers them all.
     * A driver calls it first in {@code createConsumer} and fails the future with it.
     */
    default Optional<DriverException> unmetBy(BenchmarkDriver<?> driver) {
        Set<ConsumerFeature> missing = EnumSet.noneOf(ConsumerFeature.class);
        missing.addAll(needs());
        missing.removeAll(driver.consumerFeatures());
        return missing.isEmpty() ? Optional.empty() : Optional.of(ConsumerFeature.refusal(driver.getClass().getSimpleName(), missing));
    }

    /** A dynamic member of {@code group} from the {@link StartPosition#EARLIEST earliest} position, with the driver's defaults. */
    static GroupMember groupMember(String topic, String group, ConsumerCallback callback) {
        return new GroupMember(topic, group, callback, StartPosition.EARLIEST, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** A member of the share group {@code group}. */
    static ShareMember shareMember(String topic, String group, AcknowledgementMode mode, ShareConsumerCallback callback) {
        return new ShareMember(topic, group, mode, callback);
    }

    /**
     * A member of a consumer group: the group's members split the topic's partitions between them, each
     * partition read by one member, and every group gets every record. The member delivers to
     * {@code callback} on its own thread, one record at a time.
     *
     * @param topic the topic to read
     * @param group the consumer group to join (Kafka: {@code group.id})
     * @param callback where records go
     * @param start where the group starts in a partition it has no position in yet
     * @param protocol the group protocol the member speaks; empty: the driver's default (Kafka: {@code group.protocol}
     *     of the driver file's consumer settings, else {@code classic}). Needs {@link ConsumerFeature#GROUP_PROTOCOL}
     * @param groupInstanceId a static member's identity, non-blank and unique in its group (Kafka: {@code group.instance.id}):
     *     a member that comes back under it within the session timeout gets its partitions back without a rebalance;
     *     empty: a dynamic member. Needs {@link ConsumerFeature#STATIC_MEMBERSHIP}
     * @param sessionTimeout how long the group keeps a member that went silent (a crash) before it hands its
     *     partitions to others; positive, whole milliseconds; empty: the system's default (Kafka: 45 s). Needs
     *     {@link ConsumerFeature#SESSION_TIMEOUT}
     */
    record GroupMember(String topic, String group, ConsumerCallback callback, StartPosition start, Optional<GroupProtocol> protocol,
                       Optional<String> groupInstanceId, Optional<Duration> sessionTimeout) implements ConsumerRequest {

        public GroupMember {
            requireName(topic, "topic");
            requireName(group, "group");
            Objects.requireNonNull(callback, "callback");
            Objects.requireNonNull(start, "start");
            Objects.requireNonNull(protocol, "protocol (Optional.empty() for the driver's default)");
            Objects.requireNonNull(groupInstanceId, "groupInstanceId (Optional.empty() for a dynamic member)");
            Objects.requireNonNull(sessionTimeout, "sessionTimeout (Optional.empty() for the system's default)");
            if (groupInstanceId.filter(String::isBlank).isPresent()) {
                throw new IllegalArgumentException("groupInstanceId must not be blank (empty for a dynamic member)");
            }
            if (sessionTimeout.filter(t -> t.toMillis() <= 0).isPresent()) {
                throw new IllegalArgumentException("sessionTimeout must be positive, got " + sessionTimeout.get().toMillis() + " ms");
            }
        }

        /** The same member, starting at {@code start}. */
        public GroupMember from(StartPosition start) {
            return new GroupMember(topic, group, callback, start, protocol, groupInstanceId, sessionTimeout);
        }

        /** The same member speaking {@code protocol}; {@code null}: the driver's default. */
        public GroupMember withProtocol(GroupProtocol protocol) {
            return new GroupMember(topic, group, callback, start, Optional.ofNullable(protocol), groupInstanceId, sessionTimeout);
        }

        /** The same member with a static identity; {@code null}: a dynamic member. */
        public GroupMember withGroupInstanceId(String groupInstanceId) {
            return new GroupMember(topic, group, callback, start, protocol, Optional.ofNullable(groupInstanceId), sessionTimeout);
        }

        /** The same member with a session timeout; {@code null}: the system's default. */
        public GroupMember withSessionTimeout(Duration sessionTimeout) {
            return new GroupMember(topic, group, callback, start, protocol, groupInstanceId, Optional.ofNullable(sessionTimeout));
        }

        @Override
        public Set<ConsumerFeature> needs() {
            Set<ConsumerFeature> needs = EnumSet.noneOf(ConsumerFeature.class);
            protocol.ifPresent(p -> needs.add(ConsumerFeature.GROUP_PROTOCOL));
            groupInstanceId.ifPresent(i -> needs.add(ConsumerFeature.STATIC_MEMBERSHIP));
            sessionTimeout.ifPresent(t -> needs.add(ConsumerFeature.SESSION_TIMEOUT));
            return needs;
        }

        /** Options and start, for messages (the callback left out). */
        @Override
        public String toString() {
            return "GroupMember[topic=" + topic + ", group=" + group + ", start=" + start + protocol.map(p -> ", protocol=" + p.label()).orElse("")
                    + groupInstanceId.map(i -> ", groupInstanceId=" + i).orElse("")
                    + sessionTimeout.map(t -> ", sessionTimeout=" + t.toMillis() + " ms").orElse("") + "]";
        }
    }

    /**
     * A member of a share group (a queue; Kafka's KIP-932): members share records, not partitions. Each
     * record goes to one member at a time, any number of members may read one partition, and there may be
     * more members than partitions. A record is held by the member it was delivered to until acknowledged
     * or until the group's record lock duration runs out. Where the group starts is one of its own
     * settings ({@link ShareGroupSettings#autoOffsetReset()}, applied by {@link BenchmarkDriver#prepareShareGroup}).
     * {@link BenchmarkConsumer#pause()} stops fetching new records (the ones delivered are acknowledged first).
     * Needs {@link ConsumerFeature#SHARE_GROUPS}.
     *
     * @param topic the topic to read
     * @param group the share group to join
     * @param mode how the member acknowledges what it was delivered
     * @param callback where records go, on the member's own thread
     */
    record ShareMember(String topic, String group, AcknowledgementMode mode, ShareConsumerCallback callback) implements ConsumerRequest {

        public ShareMember {
            requireName(topic, "topic");
            requireName(group, "group");
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(callback, "callback");
        }

        @Override
        public Set<ConsumerFeature> needs() {
            return EnumSet.of(ConsumerFeature.SHARE_GROUPS);
        }

        /** Topic, group and mode, for messages (the callback left out). */
        @Override
        public String toString() {
            return "ShareMember[topic=" + topic + ", group=" + group + ", mode=" + mode + "]";
        }
    }

    private static void requireName(String name, String what) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a consumer request needs a " + what + ", got " + (name == null ? "null" : "'" + name + "'"));
        }
    }

    /** The protocol a consumer group member speaks with its group coordinator. */
    enum GroupProtocol {
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

        /** The protocol of that label, ignoring case and surrounding blanks; empty for any other text or null. */
        public static Optional<GroupProtocol> byLabel(String label) {
            return Arrays.stream(values()).filter(p -> p.label().equalsIgnoreCase(label == null ? "" : label.trim())).findFirst();
        }
    }
}
