package io.kbench.kafka;

import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.ConsumerRequest.GroupProtocol;
import io.kbench.driver.GroupMembership;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a member's {@link ConsumerRequest.GroupMember} options into Kafka consumer settings: the group protocol, static
 * membership and (under classic) the session timeout. The driver file's settings for the other protocol
 * are left out, not refused: one file may serve a sweep over both protocols.
 *
 * <p>A member of the consumer protocol without a group instance id gets one of its own
 * ({@value #CRASHABLE_PREFIX}&lt;uuid&gt;), so that it can be closed as a crash: kafka-clients 4.3.1 sends a
 * dynamic member's leave heartbeat even when it closes with {@code REMAIN_IN_GROUP} (its DEBUG log says
 * "generated the heartbeat to leave the group"), while a static member closing so sends epoch -2, and
 * the coordinator keeps its partitions until the session timeout, as for a member that went silent.
 * Such a member leaves at once (epoch -1) when closed gracefully ({@link CrashableKafkaConsumer}).
 */
final class ProtocolChoice {

    private static final Logger log = LoggerFactory.getLogger(ProtocolChoice.class);
    static final String CRASHABLE_PREFIX = "kbench-member-";

    private ProtocolChoice() {}

    /**
     * The protocol and static membership a member made from the driver file's settings {@code props} and
     * the request's {@code options} runs with: the request wins, then the file's {@code group.protocol}, then kafka-clients'
     * default. Static means a {@code group.instance.id} from the options or the file, not one {@link #apply} makes up.
     * Call before {@link #apply}, which changes {@code props}.
     */
    static GroupMembership membership(Properties props, ConsumerRequest.GroupMember options) {
        Object fromFile = props.get(ConsumerConfig.GROUP_PROTOCOL_CONFIG);
        GroupMembership.Source from = options.protocol().isPresent() ? GroupMembership.Source.OPTIONS
                : fromFile != null ? GroupMembership.Source.DRIVER_CONFIG : GroupMembership.Source.DEFAULT;
        String label = switch (from) {
            case OPTIONS -> options.protocol().get().label();
            case DRIVER_CONFIG -> fromFile.toString();
            case DEFAULT -> ConsumerConfig.DEFAULT_GROUP_PROTOCOL;
        };
        // An unknown label fails in the client when the member is made, with Kafka's own message; say classic until then.
        GroupProtocol protocol = GroupProtocol.byLabel(label).orElse(GroupProtocol.CLASSIC);
        boolean staticMember = options.groupInstanceId().isPresent() || props.get(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG) != null;
        return new GroupMembership(protocol, from, staticMember);
    }

    /** @return true when the member got an instance id of its own, to be closed gracefully with LEAVE_GROUP */
    static boolean apply(Properties props, ConsumerRequest.GroupMember options) {
        options.protocol().ifPresent(p -> props.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, p.label()));
        boolean consumerProtocol = isConsumerProtocol(props);
        leaveOut(props, consumerProtocol ? KafkaClientConfigs.CLASSIC_ONLY : KafkaClientConfigs.CONSUMER_PROTOCOL_ONLY,
                consumerProtocol ? GroupProtocol.CONSUMER : GroupProtocol.CLASSIC);
        options.groupInstanceId().ifPresent(id -> props.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, id));
        boolean generated = consumerProtocol && !props.containsKey(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
        if (generated) {
            props.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, CRASHABLE_PREFIX + UUID.randomUUID());
        }
        if (options.sessionTimeout().isPresent() && !consumerProtocol) {
            long sessionMs = options.sessionTimeout().get().toMillis();
            props.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, String.valueOf(sessionMs));
            // The heartbeat must come well within the session: Kafka's rule of a third, and its default of 3 s at most.
            long heartbeatMs = Long.parseLong(String.valueOf(props.getOrDefault(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "3000")).trim());
            if (heartbeatMs * 3 > sessionMs) {
                props.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, String.valueOf(Math.max(1, sessionMs / 3)));
            }
        }
        return generated;
    }

    /** Whether these settings make a member of the consumer protocol (group.protocol=consumer). */
    static boolean isConsumerProtocol(Properties props) {
        Object p = props.get(ConsumerConfig.GROUP_PROTOCOL_CONFIG);
        return p != null && GroupProtocol.CONSUMER.label().equalsIgnoreCase(p.toString().trim());
    }

    private static void leaveOut(Properties props, List<String> keys, GroupProtocol protocol) {
        for (String key : keys) {
            if (props.remove(key) != null) {
                log.info("{} is not a setting of the {} group protocol: this member runs without it", key, protocol.label());
            }
        }
    }
}
