package io.kbench.kafka;

import io.kbench.driver.ClusterDescription;
import io.kbench.driver.SecretNames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.DescribeFeaturesOptions;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.admin.SupportedVersionRange;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigResource;

/**
 * Describes a Kafka cluster through the Admin API, read-only: DescribeCluster (id, controller, brokers and racks),
 * DescribeConfigs (each broker's configs, each topic's), DescribeFeatures (finalized feature levels, and each
 * broker's newest {@code metadata.version}, from which its release is told: Kafka names no broker version). Each
 * call is bounded and may be refused by the cluster's access rules: what it would have told is then named as not
 * available, with the cluster's reason, and the rest is still described.
 */
final class KafkaClusterDescriber {

    /** The longest one call may take. */
    static final int CALL_TIMEOUT_MS = 8_000;
    /** The longest the whole description may take: within the SPI's 30 s, whatever the number of topics. */
    static final long TOTAL_MS = 25_000;
    /** Topics per DescribeConfigs request. */
    static final int TOPIC_BATCH = 500;

    /** Broker configs that shape performance, recorded with their values in effect (defaults included). */
    static final Set<String> PERFORMANCE_CONFIGS = Set.of("num.io.threads", "num.network.threads", "num.replica.fetchers",
            "min.insync.replicas", "compression.type", "default.replication.factor", "log.segment.bytes",
            "remote.log.storage.system.enable");
    /** And every config starting with this: {@code log.flush.interval.messages}, {@code log.flush.interval.ms}, ... */
    static final String FLUSH_PREFIX = "log.flush.";

    private static final String METADATA_VERSION = "metadata.version";
    private static final String IBP = "inter.broker.protocol.version";

    private final Admin admin;
    private final KafkaClientConfigs configs;
    private long deadlineNanos;

    KafkaClusterDescriber(Admin admin, KafkaClientConfigs configs) {
        this.admin = admin;
        this.configs = configs;
    }

    ClusterDescription describe(List<String> topics) {
        deadlineNanos = System.nanoTime() + TOTAL_MS * 1_000_000;
        Map<String, String> notAvailable = new LinkedHashMap<>();
        DescribeClusterResult cluster = admin.describeCluster(new DescribeClusterOptions().timeoutMs(CALL_TIMEOUT_MS));
        String clusterId = get(cluster.clusterId(), "clusterId", notAvailable);
        Node controller = get(cluster.controller(), "controller", notAvailable);
        Collection<Node> found = get(cluster.nodes(), "brokers", notAvailable);
        List<Node> nodes = found == null ? List.of() : found.stream().sorted(Comparator.comparingInt(Node::id)).toList();

        Map<String, Config> brokerConfigs = brokerConfigs(nodes, notAvailable);
        Map<String, String> versions = versions(nodes, brokerConfigs, notAvailable);
        List<ClusterDescription.Broker> brokers = new ArrayList<>();
        for (Node n : nodes) {
            Config config = brokerConfigs.get(n.idString());
            brokers.add(new ClusterDescription.Broker(n.idString(), n.host() + ":" + n.port(), n.rack(), versions.get(n.idString()),
                    config == null ? Map.of() : performance(config), config == null ? Map.of() : nonDefault(config)));
        }
        return new ClusterDescription(clusterId, controller == null || controller.isEmpty() ? null
                : controller.idString() + " (" + controller.host() + ":" + controller.port() + ")",
                brokers, finalizedFeatures(notAvailable), topicConfigs(topics, notAvailable), clientConfigs(), notAvailable);
    }

    private Map<String, Config> brokerConfigs(List<Node> nodes, Map<String, String> notAvailable) {
        if (nodes.isEmpty()) {
            return Map.of();
        }
        List<ConfigResource> resources = nodes.stream().map(n -> new ConfigResource(ConfigResource.Type.BROKER, n.idString())).toList();
        Map<ConfigResource, Config> described = get(admin.describeConfigs(resources,
                new DescribeConfigsOptions().timeoutMs(CALL_TIMEOUT_MS)).all(), "brokerConfigs", notAvailable);
        Map<String, Config> out = new TreeMap<>();
        if (described != null) {
            described.forEach((r, c) -> out.put(r.name(), c));
        }
        return out;
    }

    /**
     * Each broker's release: from the newest {@code metadata.version} it supports (KRaft clusters), else from its
     * {@code inter.broker.protocol.version} (older, ZooKeeper-based ones: the software is at least that).
     */
    private Map<String, String> versions(List<Node> nodes, Map<String, Config> brokerConfigs, Map<String, String> notAvailable) {
        Map<Integer, KafkaFuture<FeatureMetadata>> asked = new LinkedHashMap<>();
        for (Node n : nodes) {
            asked.put(n.id(), admin.describeFeatures(new DescribeFeaturesOptions().nodeId(n.id()).timeoutMs(CALL_TIMEOUT_MS))
                    .featureMetadata());
        }
        Map<String, String> out = new TreeMap<>();
        String refused = null;
        for (Node n : nodes) {
            Map<String, String> why = new LinkedHashMap<>();
            FeatureMetadata features = get(asked.get(n.id()), "version", why);
            SupportedVersionRange metadata = features == null ? null : features.supportedFeatures().get(METADATA_VERSION);
            Config config = brokerConfigs.get(n.idString());
            ConfigEntry ibp = config == null ? null : config.get(IBP);
            if (metadata != null) {
                out.put(n.idString(), KafkaReleases.describe(metadata.maxVersion()));
            } else if (ibp != null && ibp.value() != null) {
                out.put(n.idString(), "Kafka " + ibp.value().replaceFirst("-IV\\d+$", "") + " or later (" + IBP + " " + ibp.value() + ")");
            } else if (refused == null) {
                refused = why.isEmpty() ? "the brokers tell neither a " + METADATA_VERSION + " nor an " + IBP : why.get("version");
            }
        }
        if (refused != null) {
            notAvailable.put("brokerVersions", refused);
        }
        return out;
    }

    private Map<String, String> finalizedFeatures(Map<String, String> notAvailable) {
        FeatureMetadata features = get(admin.describeFeatures(new DescribeFeaturesOptions().timeoutMs(CALL_TIMEOUT_MS)).featureMetadata(),
                "features", notAvailable);
        Map<String, String> out = new TreeMap<>();
        if (features != null) {
            for (Map.Entry<String, FinalizedVersionRange> f : features.finalizedFeatures().entrySet()) {
                out.put(f.getKey(), Short.toString(f.getValue().maxVersionLevel()));
            }
        }
        return out;
    }

    private Map<String, Map<String, String>> topicConfigs(List<String> topics, Map<String, String> notAvailable) {
        Map<String, Map<String, String>> out = new TreeMap<>();
        for (int from = 0; from < topics.size(); from += TOPIC_BATCH) {
            if (remainingMs() < 1_000) {
                notAvailable.put("topicConfigs", String.format(Locale.ROOT, "%,d of the %,d topics were described within "
                        + "the %d s allowed", from, topics.size(), TOTAL_MS / 1_000));
                break;
            }
            List<ConfigResource> batch = topics.subList(from, Math.min(topics.size(), from + TOPIC_BATCH)).stream()
                    .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList();
            Map<ConfigResource, Config> described = get(admin.describeConfigs(batch,
                    new DescribeConfigsOptions().timeoutMs(CALL_TIMEOUT_MS)).all(), "topicConfigs", notAvailable);
            if (described == null) {
                break;
            }
            described.forEach((r, c) -> out.put(r.name(), setOnTopic(c)));
        }
        return out;
    }

    /** What the producers and the consumers are given: the driver file's settings and kbench's own, secrets masked. */
    private Map<String, Map<String, String>> clientConfigs() {
        Map<String, Map<String, String>> out = new TreeMap<>();
        out.put("producer", masked(configs.producer()));
        Map<String, String> consumer = masked(configs.consumer("(one group per subscription)"));
        consumer.remove(ConsumerConfig.GROUP_ID_CONFIG);
        out.put("consumer", consumer);
        return out;
    }

    private static Map<String, String> masked(Properties props) {
        Map<String, String> out = new TreeMap<>();
        props.forEach((k, v) -> out.put(k.toString(), mask(k.toString(), String.valueOf(v))));
        return out;
    }

    private static Map<String, String> performance(Config config) {
        Map<String, String> out = new TreeMap<>();
        for (ConfigEntry e : config.entries()) {
            if (PERFORMANCE_CONFIGS.contains(e.name()) || e.name().startsWith(FLUSH_PREFIX)) {
                out.put(e.name(), value(e));
            }
        }
        return out;
    }

    /** A broker's configs set in its file or at run time: whatever is not Kafka's default. */
    private static Map<String, String> nonDefault(Config config) {
        Map<String, String> out = new TreeMap<>();
        for (ConfigEntry e : config.entries()) {
            if (e.source() != ConfigEntry.ConfigSource.DEFAULT_CONFIG && e.source() != ConfigEntry.ConfigSource.UNKNOWN
                    && e.source() != ConfigEntry.ConfigSource.DYNAMIC_BROKER_LOGGER_CONFIG) {
                out.put(e.name(), value(e));
            }
        }
        return out;
    }

    /** A topic's own configs (set when it was created, or later); what it inherits from the brokers is theirs. */
    private static Map<String, String> setOnTopic(Config config) {
        Map<String, String> out = new TreeMap<>();
        for (ConfigEntry e : config.entries()) {
            if (e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG) {
                out.put(e.name(), value(e));
            }
        }
        return out;
    }

    private static String value(ConfigEntry e) {
        if (e.isSensitive()) {
            return SecretNames.MASK;
        }
        return e.value() == null ? null : mask(e.name(), e.value());
    }

    private static String mask(String name, String value) {
        return SecretNames.isSecret(name) ? SecretNames.MASK : value;
    }

    private long remainingMs() {
        return (deadlineNanos - System.nanoTime()) / 1_000_000;
    }

    /** The future's value, or null with {@code what} and the cluster's reason put in {@code notAvailable}. */
    private <T> T get(KafkaFuture<T> future, String what, Map<String, String> notAvailable) {
        long waitMs = Math.max(0, Math.min(CALL_TIMEOUT_MS + 2_000L, remainingMs()));
        try {
            return future.get(waitMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            notAvailable.putIfAbsent(what, "refused: " + reason(e.getCause()));
        } catch (TimeoutException e) {
            future.cancel(true);
            notAvailable.putIfAbsent(what, "no answer within " + Math.max(1, waitMs / 1_000) + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            notAvailable.putIfAbsent(what, "interrupted");
        }
        return null;
    }

    /** E.g. "Cluster authorization failed. (ClusterAuthorizationException)". */
    static String reason(Throwable t) {
        Throwable cause = t == null ? new IllegalStateException("unknown") : t;
        String message = KafkaBenchmarkDriver.rootMessage(cause);
        return message + " (" + cause.getClass().getSimpleName() + ")";
    }
}
