package io.kbench.features.operations;

import io.kbench.model.ResultSection;
import io.kbench.model.StatusEvidence;
import java.util.List;
import java.util.Optional;

/**
 * The result's {@code operations} section: each operation of the workload and what became of it, the health of the
 * run's partitions over the whole run, and what the run's end put back.
 *
 * @param entries one per operation, in the order planned
 * @param health the partitions' health polled through the admin interface, from the load's start to the run's end
 * @param failedHealthPolls polls the cluster did not answer (left out of {@code health})
 * @param maxUnderReplicated the most under-replicated partitions any poll saw
 * @param maxOffline the most offline partitions (without a leader) any poll saw
 * @param putBack what the run's end did, one line per change (configs restored, throttles removed, replicas moved back)
 */
public record Operations(List<OperationEntry> entries, List<HealthPoint> health, int failedHealthPolls, int maxUnderReplicated,
                         int maxOffline, List<String> putBack) implements ResultSection, StatusEvidence {

    /** How a line of {@link #putBack} starts when the cluster would not take the change back. */
    static final String NOT_PUT_BACK = "could NOT put back ";

    public Operations {
        entries = List.copyOf(entries);
        health = List.copyOf(health);
        putBack = List.copyOf(putBack);
    }

    /**
     * An operation that failed part way, or a change the run could not put back, leaves the cluster otherwise than the
     * workload meant: the run is not completed. (A refusal changed nothing, and a slow operation is a finding.)
     */
    @Override
    public Optional<String> degradedBecause() {
        List<String> left = putBack.stream().filter(l -> l.startsWith(NOT_PUT_BACK)).toList();
        if (!left.isEmpty()) {
            return Optional.of(left.size() + " change(s) to the cluster could not be put back (" + left.get(0).substring(NOT_PUT_BACK.length())
                    + ")");
        }
        return entries.stream().filter(e -> e.status() == OperationStatus.FAILED).findFirst()
                .map(e -> "operation " + e.type() + " failed part way (" + e.outcome() + ")");
    }
}
