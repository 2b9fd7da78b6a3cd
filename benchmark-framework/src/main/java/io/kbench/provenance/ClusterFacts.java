package io.kbench.provenance;

import io.kbench.driver.ClusterDescription;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The cluster as it described itself at the start of the run (the driver's {@code describeCluster}), in the
 * result's words. Brokers (and topics) whose configs are the same are written once, as a group.
 *
 * @param clusterId the cluster's own id, or null when not available
 * @param controller the active controller, or null when not available
 * @param brokerCount how many brokers the cluster listed
 * @param brokers each broker: id, address, rack, version
 * @param brokerConfigs the brokers' configs, one entry per group of brokers whose configs are the same
 * @param features cluster-wide facts, e.g. Kafka's finalized feature levels ({@code metadata.version})
 * @param topicConfigs the run's topics' configs that are not the cluster's defaults, one entry per group of topics
 *     whose configs are the same
 * @param clientConfigs what the driver hands its clients, by kind of client ({@code producer}, {@code consumer}),
 *     secrets masked
 */
public record ClusterFacts(
        String clusterId,
        String controller,
        int brokerCount,
        List<Broker> brokers,
        List<BrokerConfigs> brokerConfigs,
        Map<String, String> features,
        List<TopicConfigs> topicConfigs,
        Map<String, Map<String, String>> clientConfigs) {

    /**
     * One broker.
     *
     * @param id its id
     * @param address host:port
     * @param rack its rack (availability zone), or null without one
     * @param version the software it runs as far as the cluster tells, and how that was told; null when not available
     */
    public record Broker(String id, String address, String rack, String version) {}

    /**
     * The configs of a group of brokers.
     *
     * @param brokers the brokers' ids
     * @param performance the configs that shape performance, with their values in effect (defaults included)
     * @param differsFromDefault every config not at the software's default (set in the broker's file or at run time)
     */
    public record BrokerConfigs(List<String> brokers, Map<String, String> performance, Map<String, String> differsFromDefault) {}

    /**
     * The configs of a group of topics.
     *
     * @param topics the topics' names
     * @param configs their configs that are not the cluster's defaults; empty when they have none
     */
    public record TopicConfigs(List<String> topics, Map<String, String> configs) {}

    /** The result's form of what the driver described. */
    public static ClusterFacts of(ClusterDescription d) {
        List<Broker> brokers = new ArrayList<>();
        Map<List<Map<String, String>>, List<String>> configGroups = new LinkedHashMap<>();
        for (ClusterDescription.Broker b : d.brokers()) {
            brokers.add(new Broker(b.id(), b.address(), b.rack(), b.version()));
            configGroups.computeIfAbsent(List.of(b.performanceConfigs(), b.nonDefaultConfigs()), k -> new ArrayList<>()).add(b.id());
        }
        List<BrokerConfigs> brokerConfigs = new ArrayList<>();
        configGroups.forEach((configs, ids) -> brokerConfigs.add(new BrokerConfigs(List.copyOf(ids), configs.get(0), configs.get(1))));
        Map<Map<String, String>, List<String>> topicGroups = new LinkedHashMap<>();
        d.topicConfigs().forEach((topic, configs) -> topicGroups.computeIfAbsent(configs, k -> new ArrayList<>()).add(topic));
        List<TopicConfigs> topicConfigs = new ArrayList<>();
        topicGroups.forEach((configs, topics) -> topicConfigs.add(new TopicConfigs(List.copyOf(topics), configs)));
        return new ClusterFacts(d.clusterId(), d.controller(), d.brokers().size(), brokers, brokerConfigs, d.features(), topicConfigs,
                d.clientConfigs());
    }

    /** The brokers' versions, each once, in broker order: "Kafka 4.3 (metadata.version up to 30)". */
    public List<String> versions() {
        return brokers.stream().map(Broker::version).filter(Objects::nonNull).distinct().toList();
    }
}
