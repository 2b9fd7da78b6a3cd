package io.kbench.driver;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Changes to a running cluster through its own admin interface (Kafka: the Admin API), for operations measured under
 * load: moving replicas, changing configs, adding partitions, electing leaders. Works on any cluster that grants the
 * rights, one the run started or not. Opened on the coordinator ({@link BenchmarkDriver#clusterOperations}), used from
 * one thread at a time, closed when the run ends.
 *
 * <p>Every call is bounded in time (30 s at most) and fails with a {@link DriverException} whose message is the
 * cluster's own refusal in one line ("not authorized", "reassignments are not supported"), never a stack trace.
 * Brokers are named by their ids as the cluster gives them.
 */
public interface ClusterOperations extends AutoCloseable {

    /** The ids of the brokers the cluster lists now, ascending. */
    List<Integer> brokerIds();

    /**
     * The replicas of every partition of {@code topics}: topic to a list indexed by partition, each the replica
     * broker ids in the cluster's order (the preferred leader first). A topic that does not exist is absent.
     */
    Map<String, List<List<Integer>>> replicas(List<String> topics);

    /**
     * The leader of every partition of {@code topics} now: topic to a list indexed by partition, each the leader's
     * broker id, or -1 for a partition without a leader. A topic that does not exist is absent. The default takes each
     * partition's preferred leader (its first replica), which leads in a steady cluster.
     */
    default Map<String, List<Integer>> leaders(List<String> topics) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        replicas(topics).forEach((topic, partitions) -> out.put(topic,
                partitions.stream().map(r -> r.isEmpty() ? -1 : r.get(0)).toList()));
        return out;
    }

    /**
     * The rack (availability zone) of each broker the cluster lists now, by broker id (Kafka: {@code broker.rack}); a
     * broker without one is absent. The default knows none.
     */
    default Map<Integer, String> brokerRacks() {
        return Map.of();
    }

    /**
     * The bytes each partition of {@code topics} holds on its largest replica: topic to a list indexed by partition.
     * What a reassignment copies to each new replica.
     */
    Map<String, List<Long>> partitionBytes(List<String> topics);

    /**
     * Starts moving replicas: topic to partition to its new replica list (the preferred leader first). Returns once
     * the cluster accepted the move, not when it is done ({@link PartitionHealth#reassigning()} says that).
     */
    void reassign(Map<String, Map<Integer, List<Integer>>> target);

    /** How the partitions of {@code topics} stand now. */
    PartitionHealth health(List<String> topics);

    /**
     * The values of {@code names} set at {@code scope} itself (a topic's own value, a broker's dynamic value, the
     * dynamic cluster default), by name; a name not set there (its value comes from a default or the broker's file)
     * is absent. So what {@link #alterConfigs} changes can be put back exactly: set what was there, remove what was not.
     */
    Map<String, String> configs(ConfigScope scope, Collection<String> names);

    /**
     * Sets configs at {@code scope}: a name mapped to a value sets it, a name mapped to null removes the value set
     * there (the default applies again). All or nothing where the cluster allows it.
     */
    void alterConfigs(ConfigScope scope, Map<String, String> values);

    /** Grows {@code topic} to {@code totalPartitions} partitions (more than it has). */
    void addPartitions(String topic, int totalPartitions);

    /**
     * Runs a preferred leader election for every partition of {@code topics} whose leader is not its preferred one;
     * returns how many partitions changed leader (0 when every leader already was the preferred one).
     */
    int electPreferredLeaders(List<String> topics);

    /**
     * The end offset of every partition of {@code topics} (the offset the next record written gets; above 0 once a
     * record was written): topic to a list indexed by partition. A topic that does not exist, or whose offsets this
     * cluster will not tell, is absent: not known, which is not 0.
     */
    default Map<String, List<Long>> endOffsets(List<String> topics) {
        return Map.of();
    }

    /**
     * The log start offset of every partition of {@code topics} (the earliest offset still kept: it rises when retention
     * or a deletion removes the oldest records): topic to a list indexed by partition. A topic that does not exist, or
     * whose offsets this cluster will not tell, is absent: not known, which is not 0.
     */
    default Map<String, List<Long>> startOffsets(List<String> topics) {
        return Map.of();
    }

    /**
     * The offsets consumer group {@code group} committed on the partitions of {@code topic}: partition to offset, a
     * partition without a committed offset absent. Empty when this cluster will not tell (not known, which is not "none
     * committed": that is an empty map).
     */
    default Optional<Map<Integer, Long>> committedOffsets(String group, String topic) {
        return Optional.empty();
    }

    /**
     * The epoch of each of {@code groups} as the group coordinator keeps it (Kafka's consumer protocol: the group epoch,
     * which rises each time the group's membership or target assignment changes). A group whose epoch the cluster does
     * not give (Kafka's classic protocol exposes no generation through the Admin API), or that does not exist, is absent.
     */
    default Map<String, Integer> groupEpochs(List<String> groups) {
        return Map.of();
    }

    /** Closes the admin connection. Must not throw. */
    @Override
    void close();
}
