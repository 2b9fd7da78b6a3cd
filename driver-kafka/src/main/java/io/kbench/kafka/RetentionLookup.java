package io.kbench.kafka;

import io.kbench.driver.DriverException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;

/**
 * How long topics keep records: each topic's {@code retention.ms} as the brokers resolve it (the topic's own
 * setting, else the broker's default), through the admin client's {@code describeConfigs}; -1 for no time limit.
 */
final class RetentionLookup {

    static final long TIMEOUT_SECONDS = 30;

    private final Admin admin;
    private final Function<List<String>, Map<String, Integer>> partitionCounts;

    /** @param partitionCounts each existing topic's partition count (missing topics left out) */
    RetentionLookup(Admin admin, Function<List<String>, Map<String, Integer>> partitionCounts) {
        this.admin = admin;
        this.partitionCounts = partitionCounts;
    }

    Map<String, Long> of(List<String> topics) {
        Map<String, Integer> existing = partitionCounts.apply(topics);
        if (existing.isEmpty()) {
            return Map.of();
        }
        List<ConfigResource> resources = existing.keySet().stream().map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList();
        Map<ConfigResource, Config> configs;
        try {
            configs = admin.describeConfigs(resources).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new DriverException("could not read the retention of topics " + existing.keySet() + ": " + e.getCause().getMessage(),
                    e.getCause());
        } catch (TimeoutException e) {
            throw new DriverException("Kafka did not describe the configs of topics " + existing.keySet() + " within "
                    + TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while reading the retention of topics", e);
        }
        Map<String, Long> out = new HashMap<>();
        configs.forEach((resource, config) -> {
            ConfigEntry retention = config.get(TopicConfig.RETENTION_MS_CONFIG);
            out.put(resource.name(), retention == null || retention.value() == null ? -1L : parse(resource.name(), retention.value()));
        });
        return out;
    }

    private static long parse(String topic, String value) {
        try {
            long ms = Long.parseLong(value.trim());
            return ms < 0 ? -1 : ms;
        } catch (NumberFormatException e) {
            throw new DriverException("topic " + topic + " has retention.ms '" + value + "', not a number of milliseconds");
        }
    }
}
