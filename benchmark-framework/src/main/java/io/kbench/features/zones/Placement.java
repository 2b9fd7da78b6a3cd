package io.kbench.features.zones;

import io.kbench.driver.ClusterOperations;
import java.util.List;
import java.util.Map;

/**
 * Where the brokers and the run's partitions are, as the cluster's admin interface says.
 *
 * @param racks each broker's rack (zone), by broker id; a broker without one is absent
 * @param leaders each partition's leader by topic (a list indexed by partition; -1 for none); empty when not read
 * @param replicas each partition's replicas by topic; empty when not read
 * @param problem why the placement of the partitions is not known, or null
 * @param offsetsFollowers the followers of a partition of Kafka's offsets topic, on average (0 when not known): what its
 *     appends (the consumers' offset commits) add to the brokers' replication counts
 */
record Placement(Map<Integer, String> racks, Map<String, List<Integer>> leaders, Map<String, List<List<Integer>>> replicas,
                 String problem, double offsetsFollowers) {

    /** The offsets topic, whose commits the brokers count among what they append. */
    static final String OFFSETS_TOPIC = "__consumer_offsets";

    Placement(Map<Integer, String> racks, Map<String, List<Integer>> leaders, Map<String, List<List<Integer>>> replicas, String problem) {
        this(racks, leaders, replicas, problem, 0);
    }

    Placement {
        racks = Map.copyOf(racks);
        leaders = Map.copyOf(leaders);
        replicas = Map.copyOf(replicas);
    }

    static Placement unknown(String problem) {
        return new Placement(Map.of(), Map.of(), Map.of(), problem);
    }

    /** The racks, and the leaders and replicas of {@code topics} when given (empty: racks only). */
    static Placement read(ClusterOperations ops, List<String> topics) {
        Map<Integer, String> racks = ops.brokerRacks();
        if (topics.isEmpty()) {
            return new Placement(racks, Map.of(), Map.of(), "the partitions' replicas were not read");
        }
        double followers = ops.replicas(List.of(OFFSETS_TOPIC)).getOrDefault(OFFSETS_TOPIC, List.of()).stream()
                .mapToInt(r -> r.size() - 1).average().orElse(0);
        return new Placement(racks, ops.leaders(topics), ops.replicas(topics), null, followers);
    }

    /** The same placement with racks read again (the brokers are still up when the topics are gone). */
    Placement withRacks(Map<Integer, String> racks) {
        return new Placement(racks, leaders, replicas, problem, offsetsFollowers);
    }
}
