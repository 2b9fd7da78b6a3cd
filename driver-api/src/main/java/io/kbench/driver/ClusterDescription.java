package io.kbench.driver;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a cluster says about itself, read-only, for a result's provenance: its identity, its brokers and their
 * settings, the configs of the run's topics, and what the driver hands its clients. A part the cluster would not
 * describe (its access rules refused it, or it has no such thing) is absent and named in {@link #notAvailable()}
 * with the reason; it is never a failure of the run. Secrets never appear: a driver masks a value whose name
 * {@link SecretNames} calls secret, and a value the cluster itself hides, with {@link SecretNames#MASK}.
 *
 * @param clusterId the cluster's own id, or null when not available
 * @param controller the active controller, e.g. {@code "1 (10.0.0.5:9092)"}, or null when not available
 * @param brokers every broker the cluster lists, in id order; empty when not available
 * @param features cluster-wide facts that shape behaviour, name to value (Kafka: its finalized feature levels,
 *     e.g. {@code metadata.version}); empty when none or not available
 * @param topicConfigs each described topic's configs that are not the cluster's defaults (set when it was
 *     created, or later), topic to config name to value; a topic with none maps to an empty map
 * @param clientConfigs what the driver hands its clients, client kind (e.g. {@code producer}, {@code consumer})
 *     to setting name to value, secrets masked
 * @param notAvailable what could not be described, e.g. {@code brokerConfigs}, to why, in one line
 */
public record ClusterDescription(
        String clusterId,
        String controller,
        List<Broker> brokers,
        Map<String, String> features,
        Map<String, Map<String, String>> topicConfigs,
        Map<String, Map<String, String>> clientConfigs,
        Map<String, String> notAvailable) {

    public ClusterDescription {
        brokers = brokers == null ? List.of() : List.copyOf(brokers);
        features = sorted(features);
        topicConfigs = sortedNested(topicConfigs);
        clientConfigs = sortedNested(clientConfigs);
        notAvailable = sorted(notAvailable);
    }

    /** An unmodifiable copy sorted by name (a config without a value keeps its null). */
    static Map<String, String> sorted(Map<String, String> map) {
        return map == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(map));
    }

    private static Map<String, Map<String, String>> sortedNested(Map<String, Map<String, String>> map) {
        Map<String, Map<String, String>> copy = new TreeMap<>();
        if (map != null) {
            map.forEach((k, v) -> copy.put(k, sorted(v)));
        }
        return Collections.unmodifiableMap(copy);
    }

    /**
     * One broker.
     *
     * @param id its id in the cluster
     * @param address host:port its clients reach it at
     * @param rack its rack (availability zone), or null when it has none
     * @param version the software it runs as far as the cluster tells (Kafka names no release: the driver infers
     *     one, and says how), or null when not available
     * @param performanceConfigs the configs that shape its performance, as the driver chooses them, with their
     *     values in effect (defaults included); empty when not available
     * @param nonDefaultConfigs every config whose value is not the software's default (set in its configuration
     *     file or at run time), name to value; empty when none or not available
     */
    public record Broker(String id, String address, String rack, String version, Map<String, String> performanceConfigs,
                         Map<String, String> nonDefaultConfigs) {
        public Broker {
            performanceConfigs = sorted(performanceConfigs);
            nonDefaultConfigs = sorted(nonDefaultConfigs);
        }
    }
}
