package io.kbench.kafka;

import io.kbench.driver.DriverException;
import io.kbench.driver.NearestName;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Builds the admin, producer and consumer settings from a {@link KafkaDriverConfig}, and checks
 * setting names so that a typo ({@code lingerms}) is reported instead of silently ignored.
 */
final class KafkaClientConfigs {

    private final Map<String, String> common;
    private final Map<String, String> producer;
    private final Map<String, String> consumer;
    private final Map<String, String> topic;
    private final Map<String, String> group;
    /** The worker's zone, for the consumers' client.rack where the driver file sets none; null when unknown. */
    private final String zone;

    KafkaClientConfigs(KafkaDriverConfig config) {
        this(config, null);
    }

    /** @param zone the worker's zone, given to consumers as {@code client.rack} unless the driver file sets one; null for none */
    KafkaClientConfigs(KafkaDriverConfig config, String zone) {
        this.zone = zone;
        this.common = PropertiesText.parse("commonConfig", config.commonConfig());
        this.producer = PropertiesText.parse("producerConfig", config.producerConfig());
        this.consumer = PropertiesText.parse("consumerConfig", config.consumerConfig());
        this.topic = PropertiesText.parse("topicConfig", config.topicConfig());
        this.group = PropertiesText.parse("groupConfig", config.groupConfig());
    }

    /** Rejects setting names no Kafka client (or topic, for topicConfig) knows. */
    void checkNames() {
        Set<String> anyClient = new TreeSet<>(ProducerConfig.configNames());
        anyClient.addAll(ConsumerConfig.configNames());
        anyClient.addAll(AdminClientConfig.configNames());
        check("commonConfig", common, anyClient);
        check("producerConfig", producer, ProducerConfig.configNames());
        check("consumerConfig", consumer, ConsumerConfig.configNames());
        check("topicConfig", topic, topicConfigNames());
        check("groupConfig", group, GroupSettings.NAMES);
        checkProtocolSettings();
    }

    /**
     * A driver file that asks for the consumer protocol itself cannot give the classic protocol's client
     * settings: the consumer protocol takes them from the group (groupConfig), and the client would refuse them.
     */
    private void checkProtocolSettings() {
        Map<String, String> merged = consumerSettings();
        if ("consumer".equalsIgnoreCase(String.valueOf(merged.get(ConsumerConfig.GROUP_PROTOCOL_CONFIG)).trim())) {
            for (String key : CLASSIC_ONLY) {
                if (merged.containsKey(key)) {
                    throw new DriverException(fieldOf(key), fieldOf(key) + " sets " + key + " with group.protocol=consumer, which takes "
                            + "no " + key + " from the client: remove it" + (key.equals(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG)
                            ? " and set consumer.session.timeout.ms in groupConfig (or the subscription's session timeout)"
                            : key.equals(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG)
                            ? " and set consumer.heartbeat.interval.ms in groupConfig" : ""), null);
                }
            }
        }
        for (String key : List.of(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG)) {
            if (merged.containsKey(key)) {
                throw new DriverException(fieldOf(key), fieldOf(key) + " sets " + key + ", which kbench sets from the subscription's "
                        + "acknowledgement mode: remove it", null);
            }
        }
    }

    /** Client settings only the classic protocol takes (Kafka's consumer refuses them with group.protocol=consumer). */
    static final List<String> CLASSIC_ONLY = List.of(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
            ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG);
    /** Client settings only the consumer protocol takes. */
    static final List<String> CONSUMER_PROTOCOL_ONLY = List.of(ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG);
    /** Consumer settings a share consumer does not take (the group decides them, or they make no sense for it). */
    static final List<String> NOT_FOR_SHARE_CONSUMERS = List.of(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG,
            ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, ConsumerConfig.GROUP_PROTOCOL_CONFIG,
            ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG, ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG);

    private static Set<String> topicConfigNames() {
        Set<String> names = new TreeSet<>();
        for (Field f : TopicConfig.class.getFields()) {
            if (f.getName().endsWith("_CONFIG") && f.getType() == String.class) {
                try {
                    names.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return names;
    }

    private static void check(String field, Map<String, String> settings, Set<String> known) {
        for (String key : settings.keySet()) {
            // Client plugins (SASL callback handlers, interceptors) may read their own keys.
            boolean plugin = key.startsWith("sasl.") || key.startsWith("ssl.") || key.contains(".interceptor.")
                    || key.startsWith("confluent.") || key.startsWith("aws.");
            if (!known.contains(key) && !plugin) {
                String nearest = NearestName.find(key, known).orElse(null);
                throw new DriverException(field, field + ": '" + key + "' is not a Kafka setting"
                        + (nearest == null ? "" : "; did you mean '" + nearest + "'?"), null);
            }
        }
    }

    /** The commonConfig settings as written (placeholders resolved). */
    Map<String, String> common() {
        return common;
    }

    /** The producers' settings as written: commonConfig's, then producerConfig's over them. */
    Map<String, String> producerSettings() {
        Map<String, String> merged = new HashMap<>(common);
        merged.putAll(producer);
        return merged;
    }

    /** The consumers' settings as written: commonConfig's, then consumerConfig's over them. */
    Map<String, String> consumerSettings() {
        Map<String, String> merged = new HashMap<>(common);
        merged.putAll(consumer);
        return merged;
    }

    /** The driver-file field that sets {@code key}: producerConfig or consumerConfig over commonConfig. */
    String fieldOf(String key) {
        if (producer.containsKey(key)) {
            return "producerConfig";
        }
        return consumer.containsKey(key) ? "consumerConfig" : "commonConfig";
    }

    String bootstrapServers() {
        return common.get(CommonKeys.BOOTSTRAP);
    }

    Properties admin() {
        Properties p = new Properties();
        p.putAll(common);
        return p;
    }

    Properties producer() {
        Properties p = new Properties();
        p.putAll(common);
        p.putAll(producer);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }

    Properties consumer(String groupId) {
        Properties p = new Properties();
        p.putAll(common);
        p.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"); // topics are new: read all of them
        p.putAll(consumer);
        // One consumerConfig serves both kinds of consumer: a consumer group member refuses the share consumer's own keys.
        p.remove(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG);
        p.remove(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG);
        putZone(p);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        // Only sizes and headers are read: the bytes are never copied out of the fetched buffers.
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, UncopiedBytesDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, UncopiedBytesDeserializer.class.getName());
        return p;
    }

    /**
     * A share consumer's settings: commonConfig's, then consumerConfig's but those a share consumer does not
     * take ({@link #NOT_FOR_SHARE_CONSUMERS}), then the group, the client id and the acknowledgement mode.
     */
    Properties shareConsumer(String groupId, String clientId, boolean explicit) {
        Properties p = new Properties();
        p.putAll(common);
        p.putAll(consumer);
        NOT_FOR_SHARE_CONSUMERS.forEach(p::remove);
        putZone(p);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, explicit ? "explicit" : "implicit");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, UncopiedBytesDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, UncopiedBytesDeserializer.class.getName());
        return p;
    }

    /**
     * The worker's zone as the consumer's {@code client.rack}, unless the driver file sets one: a broker with a replica
     * selector then lets the consumer fetch from a replica in its zone. (Producers of this client version take no rack.)
     */
    private void putZone(Properties p) {
        if (zone != null) {
            p.putIfAbsent(ConsumerConfig.CLIENT_RACK_CONFIG, zone);
        }
    }

    /** The groupConfig settings as written. */
    Map<String, String> group() {
        return group;
    }

    boolean consumerAutoCommit() {
        String value = consumer.getOrDefault(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, common.get(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG));
        return value == null || Boolean.parseBoolean(value);
    }

    Map<String, String> topicConfig() {
        return new HashMap<>(topic);
    }

    /** Shared key names. */
    static final class CommonKeys {
        static final String BOOTSTRAP = "bootstrap.servers";

        private CommonKeys() {}
    }
}
