package io.kbench.features.operations;

import io.kbench.driver.ClusterOperations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * When the producers and the consumers took up partitions just added, as the cluster's admin interface tells it (so on
 * any cluster): every new partition first written to (its end offset above 0), and every consumer group of the run
 * having consumed from every new partition of the topics it reads (its committed offset there above 0). A group commits
 * after it consumed, so the second is late by up to its commit interval. Polled on the operations' thread; a poll the
 * cluster does not answer is asked again at the next.
 */
final class NewPartitionsPickup {

    /** A topic's partitions before and after it grew: the new ones are {@code [from, to)}. */
    record Added(String topic, int from, int to) {}

    private final ClusterOperations cluster;
    private final List<Added> added;
    private final Map<String, List<String>> groupsByTopic;
    private Long writtenAfterNanos;
    private Long consumedAfterNanos;
    private String writtenUnknown;
    private String consumedUnknown;

    /** @param groupsByTopic the run's consumer groups (not share groups) by the topic each reads */
    NewPartitionsPickup(ClusterOperations cluster, List<Added> added, Map<String, List<String>> groupsByTopic) {
        this.cluster = cluster;
        this.added = List.copyOf(added);
        this.groupsByTopic = groupsByTopic;
        if (this.added.isEmpty()) {
            writtenUnknown = "the topics' partition counts before they grew were not known";
            consumedUnknown = writtenUnknown;
        } else if (this.added.stream().allMatch(a -> groupsByTopic.getOrDefault(a.topic(), List.of()).isEmpty())) {
            consumedUnknown = "no consumer group of the run reads the grown topics";
        }
    }

    /** Asks the cluster once, {@code sinceNanos} after the partitions were added; true once both are settled. */
    boolean poll(long sinceNanos) {
        if (writtenAfterNanos == null && writtenUnknown == null) {
            pollWritten(sinceNanos);
        }
        if (consumedAfterNanos == null && consumedUnknown == null) {
            pollConsumed(sinceNanos);
            if (consumedAfterNanos != null && writtenAfterNanos == null && writtenUnknown == null) {
                writtenAfterNanos = sinceNanos; // an offset committed there means records were written there
            }
        }
        return settled();
    }

    boolean settled() {
        return (writtenAfterNanos != null || writtenUnknown != null) && (consumedAfterNanos != null || consumedUnknown != null);
    }

    private void pollWritten(long sinceNanos) {
        Map<String, List<Long>> ends;
        try {
            ends = cluster.endOffsets(added.stream().map(Added::topic).distinct().toList());
        } catch (RuntimeException e) {
            return;
        }
        for (Added a : added) {
            List<Long> end = ends.get(a.topic());
            if (end == null || end.size() < a.to()) {
                writtenUnknown = "the cluster did not tell the end offsets of topic " + a.topic();
                return;
            }
            for (int p = a.from(); p < a.to(); p++) {
                if (end.get(p) <= 0) {
                    return;
                }
            }
        }
        writtenAfterNanos = sinceNanos;
    }

    private void pollConsumed(long sinceNanos) {
        for (Added a : added) {
            for (String group : groupsByTopic.getOrDefault(a.topic(), List.of())) {
                Optional<Map<Integer, Long>> committed;
                try {
                    committed = cluster.committedOffsets(group, a.topic());
                } catch (RuntimeException e) {
                    return;
                }
                if (committed.isEmpty()) {
                    consumedUnknown = "the cluster did not tell the offsets consumer group " + group + " committed";
                    return;
                }
                for (int p = a.from(); p < a.to(); p++) {
                    if (committed.get().getOrDefault(p, 0L) <= 0) {
                        return;
                    }
                }
            }
        }
        consumedAfterNanos = sinceNanos;
    }

    /** When every new partition had been written to, in ms after they were added; null when not known or not reached. */
    Long writtenAfterMillis() {
        return writtenAfterNanos == null ? null : writtenAfterNanos / 1_000_000;
    }

    /** When every group had consumed from every new partition, in ms after they were added; null when not known or not reached. */
    Long consumedAfterMillis() {
        return consumedAfterNanos == null ? null : consumedAfterNanos / 1_000_000;
    }

    /** What the watch found, in words; {@code stopped} says why it ended before both were settled ("the measurement ended"). */
    List<String> lines(String stopped) {
        List<String> lines = new ArrayList<>();
        lines.add(writtenAfterNanos != null ? String.format(Locale.ROOT, "every new partition written to %.1f s after it was added",
                writtenAfterNanos / 1e9) : writtenUnknown != null ? "when the new partitions were first written to is not known: "
                + writtenUnknown : "the new partitions were not all written to when the watch ended (" + stopped + ")");
        lines.add(consumedAfterNanos != null ? String.format(Locale.ROOT, "every consumer group had consumed from every new partition "
                + "(committed an offset there) %.1f s after it was added", consumedAfterNanos / 1e9) : consumedUnknown != null
                ? "when the consumer groups consumed from the new partitions is not known: " + consumedUnknown
                : "the consumer groups had not all consumed from every new partition when the watch ended (" + stopped + ")");
        return lines;
    }
}
