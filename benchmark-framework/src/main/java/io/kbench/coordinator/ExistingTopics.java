package io.kbench.coordinator;

import io.kbench.worker.Worker;
import io.kbench.workload.spec.RunSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.kbench.features.RunFailedException;
/**
 * Topics a run uses as they are (managed services often forbid creating them): checked to exist,
 * and to have the partitions the workload expects if it says, before anything starts.
 */
final class ExistingTopics {

    private ExistingTopics() {}

    /**
     * @return each topic's partition count as the cluster has it, in the workload's order
     * @throws RunFailedException naming the missing topics or the partition counts that disagree
     */
    static Map<String, Integer> check(Worker workers, RunSpec w) {
        List<String> names = w.topology().existing().names();
        int partitions = w.topology().partitionsPerTopic();
        Map<String, Integer> found = workers.describeTopics(names);
        List<String> missing = names.stream().filter(n -> !found.containsKey(n)).toList();
        if (!missing.isEmpty()) {
            throw new RunFailedException("existingTopics: " + (missing.size() == 1 ? "topic " : "topics ") + String.join(", ", missing)
                    + (missing.size() == 1 ? " does" : " do") + " not exist on the cluster: create "
                    + (missing.size() == 1 ? "it" : "them") + " first, or fix the names");
        }
        Map<String, Integer> ordered = new LinkedHashMap<>();
        names.forEach(n -> ordered.put(n, found.get(n)));
        if (w.topology().partitionsKnown()) {
            List<String> differ = new ArrayList<>();
            ordered.forEach((n, p) -> {
                if (p.intValue() != partitions) {
                    differ.add(n + " has " + p);
                }
            });
            if (!differ.isEmpty()) {
                throw new RunFailedException("existingTopics: partitionsPerTopic is " + partitions + " but "
                        + String.join(", ", differ) + " partitions: remove partitionsPerTopic to use the cluster's, or fix it");
            }
        }
        ReadableTopics.check(workers, w, names);
        return ordered;
    }

    /** The partition count every topic shares, or null when they differ. */
    static Integer commonPartitions(Map<String, Integer> topics) {
        long distinct = topics.values().stream().distinct().count();
        return distinct == 1 ? topics.values().iterator().next() : null;
    }

    static String describe(Map<String, Integer> topics) {
        return topics.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + " partitions)").collect(Collectors.joining(", "));
    }
}
