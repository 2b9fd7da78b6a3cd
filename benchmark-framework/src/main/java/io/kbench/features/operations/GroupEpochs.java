package io.kbench.features.operations;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The run's consumer groups' epochs as polled through the admin interface, oldest first, to count the rebalances within
 * a window of the run without touching the consumers: the rise of each group's epoch across it, added up over the
 * groups. For Kafka's consumer protocol the group epoch rises with every change of membership or of the target
 * assignment (a member joining or leaving, partitions added), so this counts assignment changes. A group whose epoch the
 * cluster does not tell (Kafka's classic protocol) leaves the count unknown, never 0. Immutable.
 */
final class GroupEpochs {

    /** One poll: each group's epoch, a group the cluster did not tell absent. */
    record Poll(long elapsedMicros, Map<String, Integer> epochs) {}

    static final GroupEpochs NONE = new GroupEpochs(List.of(), List.of());

    private final List<String> groups;
    private final List<Poll> polls;

    GroupEpochs(List<String> groups, List<Poll> polls) {
        this.groups = List.copyOf(groups);
        this.polls = List.copyOf(polls);
    }

    /**
     * The rebalances within {@code [fromMicros, toMicros)} on the periods' axis: for each group its epoch at the last poll
     * at or before the window's end less its epoch at the last poll at or before its start (or the first within it);
     * null when the run has no group, or some group's epoch is not known at either end.
     */
    Integer rise(long fromMicros, long toMicros) {
        if (groups.isEmpty()) {
            return null;
        }
        int total = 0;
        for (String g : groups) {
            Integer start = null;
            Integer end = null;
            for (Poll p : polls) {
                Integer e = p.epochs().get(g);
                if (e == null) {
                    continue;
                }
                if (p.elapsedMicros() <= fromMicros || start == null && p.elapsedMicros() < toMicros) {
                    start = e;
                }
                if (p.elapsedMicros() <= toMicros) {
                    end = e;
                }
            }
            if (start == null || end == null) {
                return null;
            }
            total += Math.max(0, end - start);
        }
        return total;
    }

    /** Every other poll, oldest kept: a series as long as the health's stays as bounded. */
    static List<Poll> thinned(List<Poll> polls) {
        List<Poll> kept = new ArrayList<>();
        for (int i = 0; i < polls.size(); i += 2) {
            kept.add(polls.get(i));
        }
        return kept;
    }
}
