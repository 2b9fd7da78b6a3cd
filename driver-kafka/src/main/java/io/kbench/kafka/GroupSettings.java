package io.kbench.kafka;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Kafka's group-level settings (group configs, set through the Admin API on a {@code GROUP} resource),
 * as the driver file's {@code groupConfig} gives them: which names exist, and which apply to share
 * groups and which to groups of the consumer protocol. Classic groups take none.
 */
final class GroupSettings {

    static final String SHARE_PREFIX = "share.";
    static final String CONSUMER_PREFIX = "consumer.";

    static final String SHARE_RECORD_LOCK_DURATION_MS = "share.record.lock.duration.ms";
    static final String SHARE_DELIVERY_COUNT_LIMIT = "share.delivery.count.limit";
    static final String SHARE_AUTO_OFFSET_RESET = "share.auto.offset.reset";
    static final String SHARE_ISOLATION_LEVEL = "share.isolation.level";
    static final String CONSUMER_SESSION_TIMEOUT_MS = "consumer.session.timeout.ms";

    /**
     * The group configs of Kafka 4.3.1 brokers (org.apache.kafka.coordinator.group.GroupConfig, which
     * only the broker's jars carry). Streams groups' settings are left out: kbench has no streams groups.
     */
    static final Set<String> NAMES = Set.of(
            CONSUMER_SESSION_TIMEOUT_MS, "consumer.heartbeat.interval.ms", "consumer.assignment.interval.ms",
            "consumer.assignor.offload.enable",
            "share.session.timeout.ms", "share.heartbeat.interval.ms", SHARE_RECORD_LOCK_DURATION_MS, SHARE_DELIVERY_COUNT_LIMIT,
            "share.partition.max.record.locks", SHARE_AUTO_OFFSET_RESET, SHARE_ISOLATION_LEVEL, "share.renew.acknowledge.enable",
            "share.assignment.interval.ms", "share.assignor.offload.enable");

    private GroupSettings() {}

    /** The settings of {@code groupConfig} that start with {@code prefix}. */
    static Map<String, String> withPrefix(Map<String, String> groupConfig, String prefix) {
        Map<String, String> out = new TreeMap<>();
        groupConfig.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k, v);
            }
        });
        return out;
    }
}
