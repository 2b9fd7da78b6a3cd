package io.kbench.features.operations;

import java.util.List;

/**
 * One operation of the workload and what became of it: the result's {@code operations.entries}. Times on three axes as
 * a fault's: from the start of the measurement, on the periods' axis (from the start of the load), and the wall clock.
 *
 * @param type e.g. {@code reassign-partitions}
 * @param target what it acted on, in words ("3 brokers", "topic t1", "every broker (cluster default)")
 * @param plannedAfterMillis when it was planned, from the start of the measurement
 * @param startedAfterMillis when it started, from the start of the measurement; null if it never did
 * @param startedElapsedMicros when it started, from the start of the load; null if it never did
 * @param startedAt when it started, ISO-8601; null if it never did
 * @param doneElapsedMicros when the cluster said it was done (or the wait ended), from the start of the load; null if
 *     it never started
 * @param durationMillis from its start until the cluster said it was done (or the wait ended); null if it never started
 * @param status what became of it
 * @param outcome in one line: what was done, or the cluster's refusal
 * @param steps what it did step by step (each broker restarted, each config changed), with durations
 * @param partitionsMoved replicas sets changed by a reassignment; null for other operations
 * @param bytesMoved bytes the new replicas had to copy (each partition's size times the replicas it gained); null when
 *     not a reassignment, or when the cluster would not say
 * @param newPartitionsWrittenAfterMillis for add-partitions: when every new partition had first been written to (its end
 *     offset above 0), from when they were added; null for other operations, or when not known or not reached (the
 *     steps say why)
 * @param newPartitionsConsumedAfterMillis for add-partitions: when every consumer group of the run had consumed from
 *     every new partition (its committed offset there above 0: late by up to the group's commit interval), from when
 *     they were added; null for other operations, or when not known or not reached (the steps say why)
 * @param throttleMBPerSecond the replication throttle while replicas moved, MB/s; null for none
 * @param putBack what the run's end did about it: put back, kept, or why it cannot be
 * @param before the figures over as long as it lasted, just before it started
 * @param during the figures while it ran
 */
public record OperationEntry(String type, String target, long plannedAfterMillis, Long startedAfterMillis, Long startedElapsedMicros,
                             String startedAt, Long doneElapsedMicros, Long durationMillis, OperationStatus status, String outcome,
                             List<String> steps, Integer partitionsMoved, Long bytesMoved, Long newPartitionsWrittenAfterMillis,
                             Long newPartitionsConsumedAfterMillis, Double throttleMBPerSecond, String putBack,
                             WindowFigures before, WindowFigures during) {

    public OperationEntry {
        steps = steps == null ? List.of() : List.copyOf(steps);
    }
}
