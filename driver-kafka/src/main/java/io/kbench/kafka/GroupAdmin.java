package io.kbench.kafka;

import io.kbench.driver.DriverException;
import io.kbench.driver.ShareGroupSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.admin.ShareMemberDescription;
import org.apache.kafka.clients.admin.SupportedVersionRange;
import org.apache.kafka.common.config.ConfigResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster side of the run's groups, through the Admin API: whether the brokers have share groups
 * and the consumer protocol (their finalized features), the group-level settings each group needs
 * before its first member starts (checked against the brokers' allowed ranges), and which partitions
 * each share group member holds.
 */
final class GroupAdmin {

    private static final Logger log = LoggerFactory.getLogger(GroupAdmin.class);
    static final long CALL_TIMEOUT_SECONDS = 30;
    /** How long a share group's description serves assignedPartitionCount before it is asked for again. */
    static final long ASSIGNMENT_CACHE_MILLIS = 300;

    static final String SHARE_VERSION = "share.version";
    static final String GROUP_VERSION = "group.version";
    static final String METADATA_VERSION = "metadata.version";

    /** A setting, the broker settings that bound it, and its unit for messages. */
    private record Bounded(String groupSetting, String sharePart, String minBroker, String maxBroker, String unit) {}

    private static final Bounded LOCK = new Bounded(GroupSettings.SHARE_RECORD_LOCK_DURATION_MS, "recordLockDuration",
            "group.share.min.record.lock.duration.ms", "group.share.max.record.lock.duration.ms", " ms");
    private static final Bounded LIMIT = new Bounded(GroupSettings.SHARE_DELIVERY_COUNT_LIMIT, "deliveryCountLimit",
            "group.share.min.delivery.count.limit", "group.share.max.delivery.count.limit", "");
    private static final Bounded SESSION = new Bounded(GroupSettings.CONSUMER_SESSION_TIMEOUT_MS, "sessionTimeout",
            "group.consumer.min.session.timeout.ms", "group.consumer.max.session.timeout.ms", " ms");

    private record Described(long atMillis, Map<String, Integer> partitionsByClientId) {}

    private final Admin admin;
    private final String bootstrap;
    private final Map<String, String> groupConfig;
    private final boolean readCommitted;
    private final LongSupplier clockMillis;
    private final Map<String, Described> shareAssignments = new ConcurrentHashMap<>();
    /** Group settings applied, by group, so a group's members after the first cost nothing. */
    private final Map<String, Map<String, String>> applied = new ConcurrentHashMap<>();
    private volatile FeatureMetadata features;
    private volatile Map<String, String> brokerSettings;

    /**
     * @param groupConfig the driver file's groupConfig settings
     * @param readCommitted the run's producers send in transactions: share groups read committed records only
     */
    GroupAdmin(Admin admin, String bootstrap, Map<String, String> groupConfig, boolean readCommitted, LongSupplier clockMillis) {
        this.admin = admin;
        this.bootstrap = bootstrap;
        this.groupConfig = Map.copyOf(groupConfig);
        this.readCommitted = readCommitted;
        this.clockMillis = clockMillis;
    }

    /**
     * Checks that the brokers have share groups switched on, then sets the share group's settings: the
     * driver file's {@code share.*} group settings, overridden by {@code settings}.
     *
     * @throws DriverException when the cluster has no share groups (naming its Kafka release and how to
     *     switch them on), or a setting is out of the brokers' range (naming the setting and the range)
     */
    void prepareShareGroup(String group, ShareGroupSettings settings) {
        requireFeature(SHARE_VERSION, "share groups (queues)", "4.2 (4.1 as a preview)");
        Map<String, String> wanted = new LinkedHashMap<>(GroupSettings.withPrefix(groupConfig, GroupSettings.SHARE_PREFIX));
        if (settings.recordLockDuration() != null) {
            wanted.put(LOCK.groupSetting(), String.valueOf(settings.recordLockDuration().toMillis()));
        }
        if (settings.deliveryCountLimit() != null) {
            wanted.put(LIMIT.groupSetting(), String.valueOf(settings.deliveryCountLimit()));
        }
        wanted.put(GroupSettings.SHARE_AUTO_OFFSET_RESET, settings.autoOffsetReset().name().toLowerCase(Locale.ROOT));
        if (readCommitted) {
            wanted.put(GroupSettings.SHARE_ISOLATION_LEVEL, "read_committed");
        }
        checkRange("share group " + group, LOCK, wanted.get(LOCK.groupSetting()));
        checkRange("share group " + group, LIMIT, wanted.get(LIMIT.groupSetting()));
        apply(group, wanted);
    }

    /**
     * Readies a group of the consumer protocol: checks that the brokers offer the protocol, and sets the
     * driver file's {@code consumer.*} group settings and the session timeout, if any.
     */
    void prepareConsumerProtocolGroup(String group, Duration sessionTimeout) {
        requireFeature(GROUP_VERSION, "the consumer group protocol", "4.0");
        Map<String, String> wanted = new LinkedHashMap<>(GroupSettings.withPrefix(groupConfig, GroupSettings.CONSUMER_PREFIX));
        if (sessionTimeout != null) {
            wanted.put(SESSION.groupSetting(), String.valueOf(sessionTimeout.toMillis()));
        }
        checkRange("consumer group " + group, SESSION, wanted.get(SESSION.groupSetting()));
        apply(group, wanted);
    }

    /**
     * The partitions the share group member with this client id holds, from a description of the group
     * at most {@link #ASSIGNMENT_CACHE_MILLIS} old; 0 when the group or the member is not known yet.
     */
    int sharePartitionsOf(String group, String clientId) {
        long now = clockMillis.getAsLong();
        Described d = shareAssignments.get(group);
        if (d == null || now - d.atMillis() > ASSIGNMENT_CACHE_MILLIS) {
            d = new Described(now, describeShareGroup(group, d));
            shareAssignments.put(group, d);
        }
        return d.partitionsByClientId().getOrDefault(clientId, 0);
    }

    private Map<String, Integer> describeShareGroup(String group, Described previous) {
        try {
            ShareGroupDescription description = admin.describeShareGroups(List.of(group)).describedGroups().get(group)
                    .get(5, TimeUnit.SECONDS);
            Map<String, Integer> out = new HashMap<>();
            for (ShareMemberDescription m : description.members()) {
                out.merge(m.clientId(), m.assignment().topicPartitions().size(), Integer::sum);
            }
            return out;
        } catch (ExecutionException | TimeoutException e) {
            log.debug("describing share group {}: {}", group, e.toString());
            return previous == null ? Map.of() : previous.partitionsByClientId();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
    }

    /** The finalized level of the feature is at least 1, or a DriverException saying what the brokers run and how to switch it on. */
    private void requireFeature(String feature, String what, String since) {
        FeatureMetadata fm = features();
        FinalizedVersionRange finalized = fm.finalizedFeatures().get(feature);
        if (finalized != null && finalized.maxVersionLevel() >= 1) {
            return;
        }
        SupportedVersionRange metadata = fm.supportedFeatures().get(METADATA_VERSION);
        String release = metadata == null ? "a Kafka release without KRaft metadata versions (before 3.3)"
                : KafkaReleases.describe(metadata.maxVersion());
        SupportedVersionRange supported = fm.supportedFeatures().get(feature);
        if (supported == null || supported.maxVersion() < 1) {
            throw new DriverException("the cluster at " + bootstrap + " has no " + what + ": its brokers run " + release
                    + ", and " + what + " need Kafka " + since + " or later. Upgrade the brokers, or run the subscription as a "
                    + (feature.equals(SHARE_VERSION) ? "consumer group" : "classic group"));
        }
        throw new DriverException("the cluster at " + bootstrap + " has " + what + " switched off: its brokers run " + release
                + " but the finalized feature " + feature + " is " + (finalized == null ? 0 : finalized.maxVersionLevel())
                + ". Switch them on with: bin/kafka-features.sh --bootstrap-server " + bootstrap + " upgrade --feature " + feature + "=1");
    }

    private FeatureMetadata features() {
        FeatureMetadata fm = features;
        if (fm == null) {
            fm = await("describe the cluster's features", admin.describeFeatures().featureMetadata());
            features = fm;
        }
        return fm;
    }

    /** Refuses a value outside the brokers' bounds, when the brokers say what they are. */
    private void checkRange(String group, Bounded b, String value) {
        if (value == null) {
            return;
        }
        long v;
        try {
            v = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new DriverException("groupConfig", group + ": " + b.groupSetting() + " must be a whole number, got '" + value + "'", null);
        }
        Map<String, String> broker = brokerSettings();
        Long min = parse(broker.get(b.minBroker()));
        Long max = parse(broker.get(b.maxBroker()));
        if ((min != null && v < min) || (max != null && v > max)) {
            throw new DriverException(group + ": " + b.groupSetting() + " (" + b.sharePart() + ") " + v + b.unit()
                    + " is out of the cluster's range, " + (min == null ? "?" : min) + " to " + (max == null ? "?" : max) + b.unit()
                    + " (its brokers' " + b.minBroker() + " and " + b.maxBroker() + ")");
        }
    }

    private static Long parse(String s) {
        try {
            return s == null ? null : Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The group bounds of one broker, from describeConfigs; empty when the cluster does not tell (e.g. no
     * permission to describe broker configs), and then the brokers' own refusal says what is wrong.
     */
    private Map<String, String> brokerSettings() {
        Map<String, String> settings = brokerSettings;
        if (settings != null) {
            return settings;
        }
        Map<String, String> out = new HashMap<>();
        try {
            Collection<org.apache.kafka.common.Node> nodes = admin.describeCluster().nodes().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (!nodes.isEmpty()) {
                ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, nodes.iterator().next().idString());
                Config config = admin.describeConfigs(List.of(broker)).all().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS).get(broker);
                for (ConfigEntry e : config.entries()) {
                    if (e.name().startsWith("group.") && e.value() != null) {
                        out.put(e.name(), e.value());
                    }
                }
            }
        } catch (ExecutionException | TimeoutException e) {
            log.debug("describing a broker's group settings: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        brokerSettings = Map.copyOf(out);
        return brokerSettings;
    }

    /** Sets the settings on the group, unless this driver set exactly these before. */
    private void apply(String group, Map<String, String> wanted) {
        if (wanted.isEmpty() || wanted.equals(applied.get(group))) {
            return;
        }
        ConfigResource resource = new ConfigResource(ConfigResource.Type.GROUP, group);
        List<AlterConfigOp> ops = new ArrayList<>();
        wanted.forEach((k, v) -> ops.add(new AlterConfigOp(new ConfigEntry(k, v), AlterConfigOp.OpType.SET)));
        try {
            admin.incrementalAlterConfigs(Map.of(resource, ops)).all().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new DriverException("the cluster at " + bootstrap + " refused the settings " + wanted + " of group " + group + ": "
                    + KafkaBenchmarkDriver.rootMessage(e), e.getCause());
        } catch (TimeoutException e) {
            throw new DriverException("the cluster at " + bootstrap + " did not confirm the settings of group " + group + " within "
                    + CALL_TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while setting the settings of group " + group, e);
        }
        applied.put(group, Map.copyOf(wanted));
    }

    private <T> T await(String what, org.apache.kafka.common.KafkaFuture<T> future) {
        try {
            return future.get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new DriverException("the cluster at " + bootstrap + " did not " + what + ": " + KafkaBenchmarkDriver.rootMessage(e),
                    e.getCause());
        } catch (TimeoutException e) {
            throw new DriverException("the cluster at " + bootstrap + " did not " + what + " within " + CALL_TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting to " + what, e);
        }
    }
}
