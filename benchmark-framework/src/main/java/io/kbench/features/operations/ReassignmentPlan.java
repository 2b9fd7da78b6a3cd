package io.kbench.features.operations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where replicas go in a reassignment, computed from the replica sets as they are: pure, so it is tested without a
 * cluster. Each moved partition keeps its replication factor, and its replicas stay on distinct brokers.
 */
final class ReassignmentPlan {

    private ReassignmentPlan() {}

    /**
     * The new replica sets: partitions are taken in order of topic and partition, and a share of them
     * ({@code ceil(share × count)}, at least one) is moved.
     * <ul>
     *   <li>{@code onto} given: a moved partition's replica on the broker holding most replicas among those not in
     *       {@code onto} is replaced by the {@code onto} broker holding fewest, so the new brokers fill evenly;</li>
     *   <li>{@code off} given: each replica on an {@code off} broker is replaced by the broker outside {@code off} and
     *       outside the partition's replicas that holds fewest replicas;</li>
     *   <li>neither: a rotation, every replica to the next broker of {@code brokers} (ids ascending), so every replica set
     *       changes and the leaders move too.</li>
     * </ul>
     * Partitions that cannot change (already on {@code onto}, or not on {@code off}) are left out.
     *
     * @param current topic to replicas by partition
     * @param brokers every broker of the cluster
     * @return topic to partition to its new replicas; only the partitions that change
     */
    static Map<String, Map<Integer, List<Integer>>> plan(Map<String, List<List<Integer>>> current, List<Integer> brokers,
                                                        List<Integer> onto, List<Integer> off, double share) {
        List<Integer> all = brokers.stream().sorted().toList();
        Map<Integer, Integer> load = new TreeMap<>();
        all.forEach(b -> load.put(b, 0));
        current.values().forEach(ps -> ps.forEach(rs -> rs.forEach(b -> load.merge(b, 1, Integer::sum))));
        int total = current.values().stream().mapToInt(List::size).sum();
        int toMove = Math.max(1, (int) Math.ceil(share * total));
        Map<String, Map<Integer, List<Integer>>> target = new LinkedHashMap<>();
        int moved = 0;
        for (var topic : new TreeMap<>(current).entrySet()) {
            for (int p = 0; p < topic.getValue().size() && moved < toMove; p++) {
                List<Integer> replicas = topic.getValue().get(p);
                List<Integer> next = onto != null && !onto.isEmpty() ? moveOnto(replicas, onto, load)
                        : off != null && !off.isEmpty() ? moveOff(replicas, off, all, load) : rotate(replicas, all);
                if (next != null && !next.equals(replicas)) {
                    target.computeIfAbsent(topic.getKey(), t -> new TreeMap<>()).put(p, next);
                    replicas.forEach(b -> load.merge(b, -1, Integer::sum));
                    next.forEach(b -> load.merge(b, 1, Integer::sum));
                    moved++;
                }
            }
        }
        return target;
    }

    private static List<Integer> moveOnto(List<Integer> replicas, List<Integer> onto, Map<Integer, Integer> load) {
        Integer dest = onto.stream().filter(b -> !replicas.contains(b)).min((a, b) -> Integer.compare(load.getOrDefault(a, 0),
                load.getOrDefault(b, 0))).orElse(null);
        Integer source = replicas.stream().filter(b -> !onto.contains(b)).max((a, b) -> Integer.compare(load.getOrDefault(a, 0),
                load.getOrDefault(b, 0))).orElse(null);
        if (dest == null || source == null) {
            return null;
        }
        List<Integer> next = new ArrayList<>(replicas);
        next.set(next.indexOf(source), dest);
        return next;
    }

    private static List<Integer> moveOff(List<Integer> replicas, List<Integer> off, List<Integer> all, Map<Integer, Integer> load) {
        List<Integer> next = new ArrayList<>(replicas);
        for (int i = 0; i < next.size(); i++) {
            if (off.contains(next.get(i))) {
                List<Integer> taken = next;
                Integer dest = all.stream().filter(b -> !off.contains(b) && !taken.contains(b))
                        .min((a, b) -> Integer.compare(load.getOrDefault(a, 0), load.getOrDefault(b, 0))).orElse(null);
                if (dest == null) {
                    return null; // nowhere to go: too few brokers outside off for this replication factor
                }
                next.set(i, dest);
            }
        }
        return next;
    }

    private static List<Integer> rotate(List<Integer> replicas, List<Integer> all) {
        if (all.size() <= replicas.size() && all.size() > 1 && replicas.size() == all.size()) {
            // Every broker holds a replica: rotating the order moves the leaders, not the data.
            List<Integer> next = new ArrayList<>(replicas.subList(1, replicas.size()));
            next.add(replicas.get(0));
            return next;
        }
        List<Integer> next = new ArrayList<>();
        for (Integer b : replicas) {
            int i = all.indexOf(b);
            next.add(all.get((i + 1) % all.size()));
        }
        return next.stream().distinct().count() == next.size() ? next : null;
    }

    /** How many replicas the move adds (each copies its partition's bytes): per partition, the new brokers not in the old set. */
    static Map<String, Map<Integer, Integer>> addedReplicas(Map<String, List<List<Integer>>> current,
                                                           Map<String, Map<Integer, List<Integer>>> target) {
        Map<String, Map<Integer, Integer>> added = new LinkedHashMap<>();
        target.forEach((topic, parts) -> parts.forEach((p, next) -> {
            List<Integer> old = current.get(topic).get(p);
            int n = (int) next.stream().filter(b -> !old.contains(b)).count();
            added.computeIfAbsent(topic, t -> new TreeMap<>()).put(p, n);
        }));
        return added;
    }
}
