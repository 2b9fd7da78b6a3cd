package io.kbench.kafka;

import io.kbench.driver.ConfigScope;
import io.kbench.driver.DriverException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;

/**
 * The configs set at one scope of a Kafka cluster (a topic, a broker, the cluster's default for every broker), read
 * and changed through the Admin API. Describing a broker reports every config in effect on it, each with where its
 * value comes from: a value set on the broker itself has source DYNAMIC_BROKER_CONFIG, while one it inherits from the
 * cluster default (DYNAMIC_DEFAULT_BROKER_CONFIG), its file (STATIC_BROKER_CONFIG) or Kafka (DEFAULT_CONFIG) is not
 * set there; so only the scope's own source counts.
 */
final class ScopedConfigs {

    private final Admin admin;

    ScopedConfigs(Admin admin) {
        this.admin = admin;
    }

    /** The values of {@code names} set at {@code scope} itself, by name; see {@link io.kbench.driver.ClusterOperations#configs}. */
    Map<String, String> read(ConfigScope scope, Collection<String> names, long deadline) {
        ConfigResource resource = resource(scope);
        ConfigEntry.ConfigSource own = switch (scope.kind()) {
            case TOPIC -> ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG;
            case BROKER -> ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG;
            case BROKER_DEFAULT -> ConfigEntry.ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG;
        };
        Map<ConfigResource, Config> described = AdminCalls.await("describe the configs of " + scope.describe(), deadline,
                () -> admin.describeConfigs(List.of(resource)).all());
        Config config = described.get(resource);
        Map<String, String> out = new TreeMap<>();
        for (String name : names) {
            ConfigEntry entry = config == null ? null : config.get(name);
            if (entry == null || entry.source() != own) {
                continue;
            }
            if (entry.value() == null) {
                // Kafka never tells a sensitive value: what was there could not be put back.
                throw new DriverException(name + " of " + scope.describe() + " is sensitive: Kafka does not tell its value, "
                        + "so it could not be put back after a change");
            }
            out.put(name, entry.value());
        }
        return out;
    }

    /** Sets each name mapped to a value and removes each mapped to null, in one request. */
    void alter(ConfigScope scope, Map<String, String> values, long deadline) {
        if (values.isEmpty()) {
            return;
        }
        Map<String, String> sorted = new TreeMap<>(values);
        List<AlterConfigOp> ops = new ArrayList<>();
        sorted.forEach((name, value) -> ops.add(value == null
                ? new AlterConfigOp(new ConfigEntry(name, null), AlterConfigOp.OpType.DELETE)
                : new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET)));
        ConfigResource resource = resource(scope);
        AdminCalls.await("alter the configs " + sorted.keySet() + " of " + scope.describe(), deadline,
                () -> admin.incrementalAlterConfigs(Map.of(resource, ops)).all());
    }

    /** The cluster default is the broker resource without a name. */
    private static ConfigResource resource(ConfigScope scope) {
        return switch (scope.kind()) {
            case TOPIC -> new ConfigResource(ConfigResource.Type.TOPIC, scope.name());
            case BROKER -> new ConfigResource(ConfigResource.Type.BROKER, scope.name());
            case BROKER_DEFAULT -> new ConfigResource(ConfigResource.Type.BROKER, "");
        };
    }
}
