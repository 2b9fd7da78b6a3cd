package io.kbench.features.operations;

import io.kbench.driver.ClusterOperations;
import io.kbench.driver.ConfigScope;
import io.kbench.driver.DriverException;
import io.kbench.driver.PartitionHealth;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The admin interface as the operations' timing sees it, in memory: configs per scope, replica sets, and a reassignment
 * that stays under way for a given number of health polls. For the runner's timeline on a manual clock; what Kafka does
 * is tested against real brokers in integration-tests.
 */
final class ScriptedCluster implements ClusterOperations {

    final Map<ConfigScope, Map<String, String>> configs = new HashMap<>();
    final Map<String, List<List<Integer>>> replicas = new LinkedHashMap<>();
    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    List<Integer> brokers = List.of(1, 2, 3);
    int pollsWhileMoving = 4;
    String refuseReassign;
    boolean refuseAddPartitions = true;
    /** Whether the cluster tells end and committed offsets (false: as a driver without them). */
    boolean tellsOffsets = true;
    int pollsUntilWritten = 3;
    int pollsUntilConsumed = 5;
    /** Each consumer group's epoch as the cluster tells it; a group absent is not told. */
    final Map<String, Integer> epochs = new HashMap<>();
    /** The partition count of each topic before it grew, set when it first grows. */
    private final Map<String, Integer> original = new HashMap<>();
    private int committedCalls;
    private int endOffsetCalls;
    private int moving;

    @Override
    public List<Integer> brokerIds() {
        return brokers;
    }

    @Override
    public synchronized Map<String, List<List<Integer>>> replicas(List<String> topics) {
        Map<String, List<List<Integer>>> out = new LinkedHashMap<>();
        topics.forEach(t -> {
            if (replicas.containsKey(t)) {
                out.put(t, replicas.get(t));
            }
        });
        return out;
    }

    @Override
    public Map<String, List<Long>> partitionBytes(List<String> topics) {
        Map<String, List<Long>> out = new LinkedHashMap<>();
        topics.forEach(t -> out.put(t, Collections.nCopies(replicas.get(t).size(), 1_048_576L)));
        return out;
    }

    @Override
    public synchronized void reassign(Map<String, Map<Integer, List<Integer>>> target) {
        if (refuseReassign != null) {
            throw new DriverException(refuseReassign);
        }
        calls.add("reassign " + target);
        target.forEach((t, ps) -> {
            List<List<Integer>> now = new ArrayList<>(replicas.get(t));
            ps.forEach(now::set);
            replicas.put(t, now);
        });
        moving = pollsWhileMoving;
    }

    @Override
    public synchronized PartitionHealth health(List<String> topics) {
        int n = replicas.values().stream().mapToInt(List::size).sum();
        PartitionHealth h = new PartitionHealth(n, moving > 0 ? 1 : 0, 0, moving > 0 ? 1 : 0);
        if (moving > 0) {
            moving--;
        }
        return h;
    }

    @Override
    public synchronized Map<String, String> configs(ConfigScope scope, Collection<String> names) {
        Map<String, String> set = configs.getOrDefault(scope, Map.of());
        Map<String, String> out = new LinkedHashMap<>();
        names.forEach(k -> {
            if (set.containsKey(k)) {
                out.put(k, set.get(k));
            }
        });
        return out;
    }

    @Override
    public synchronized void alterConfigs(ConfigScope scope, Map<String, String> values) {
        calls.add("alter " + scope.describe() + " " + new java.util.TreeMap<>(values));
        Map<String, String> set = configs.computeIfAbsent(scope, s -> new HashMap<>());
        values.forEach((k, v) -> {
            if (v == null) {
                set.remove(k);
            } else {
                set.put(k, v);
            }
        });
    }

    @Override
    public synchronized void addPartitions(String topic, int totalPartitions) {
        if (refuseAddPartitions) {
            throw new DriverException("not authorized to create partitions (TopicAuthorizationException)");
        }
        calls.add("grow " + topic + " to " + totalPartitions);
        original.putIfAbsent(topic, replicas.get(topic).size());
        List<List<Integer>> now = new ArrayList<>(replicas.get(topic));
        while (now.size() < totalPartitions) {
            now.add(List.of(1));
        }
        replicas.put(topic, now);
    }

    /**
     * Every partition holds records, except those added by {@link #addPartitions}: written to from the
     * {@link #pollsUntilWritten}-th call on (0: never; when {@link #tellsOffsets}).
     */
    @Override
    public synchronized Map<String, List<Long>> endOffsets(List<String> topics) {
        if (!tellsOffsets) {
            return Map.of();
        }
        endOffsetCalls++;
        Map<String, List<Long>> out = new LinkedHashMap<>();
        topics.stream().filter(replicas::containsKey).forEach(t -> {
            List<Long> ends = new ArrayList<>();
            int before = original.getOrDefault(t, replicas.get(t).size());
            for (int p = 0; p < replicas.get(t).size(); p++) {
                ends.add(p < before || (pollsUntilWritten > 0 && endOffsetCalls >= pollsUntilWritten) ? 100L : 0L);
            }
            out.put(t, ends);
        });
        return out;
    }

    /** Each group committed on every old partition; on the new ones from the {@link #pollsUntilConsumed}-th call (of any group) on (0: never). */
    @Override
    public synchronized Optional<Map<Integer, Long>> committedOffsets(String group, String topic) {
        if (!tellsOffsets) {
            return Optional.empty();
        }
        int calls = ++committedCalls;
        Map<Integer, Long> out = new TreeMap<>();
        int before = original.getOrDefault(topic, replicas.get(topic).size());
        for (int p = 0; p < replicas.get(topic).size(); p++) {
            if (p < before || (pollsUntilConsumed > 0 && calls >= pollsUntilConsumed)) {
                out.put(p, 50L);
            }
        }
        return Optional.of(out);
    }

    @Override
    public synchronized Map<String, Integer> groupEpochs(List<String> groups) {
        Map<String, Integer> out = new LinkedHashMap<>();
        groups.forEach(g -> {
            if (epochs.containsKey(g)) {
                out.put(g, epochs.get(g));
            }
        });
        return out;
    }

    @Override
    public int electPreferredLeaders(List<String> topics) {
        calls.add("elect " + topics);
        return 0;
    }

    @Override
    public void close() {}
}
