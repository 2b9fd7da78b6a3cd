package io.kbench.coordinator;

import io.kbench.workload.Workload;

/**
 * A backlog workload's numbers, as OpenMessaging Benchmark derives them: the target in messages of
 * {@code messageSize}, and the level at which the drain counts as done.
 *
 * @param targetMessages {@code consumerBacklogSizeGB} (GB = 2^30 bytes) in messages of {@code messageSize}
 * @param messageSizeBytes the workload's message size, to show the backlog in bytes
 * @param drainLevelMessages the drain is done once the backlog is at most this:
 *     {@code max(1,000, (1 − backlogDrainRatio) × targetMessages)}; the floor keeps a drain from
 *     waiting for the last messages a producer still adds
 * @param subscriptionsPerTopic each acknowledged message adds one message of backlog per subscription
 */
record BacklogPlan(long targetMessages, int messageSizeBytes, long drainLevelMessages, int subscriptionsPerTopic) {

    static final double BYTES_PER_GB = 1024.0 * 1024 * 1024;
    static final long MIN_DRAIN_LEVEL_MESSAGES = 1_000;

    static BacklogPlan of(Workload w) {
        return of(w.consumerBacklogSizeGB(), w.messageSize(), w.backlogDrainRatio(), w.subscriptionsPerTopic());
    }

    /** The plan from the workload's four numbers (the arithmetic alone, for tests). */
    static BacklogPlan of(double backlogSizeGB, int messageSizeBytes, double drainRatio, int subscriptionsPerTopic) {
        // Truncated, as OMB's integer division: the target is never above the size asked for.
        long target = (long) (backlogSizeGB * BYTES_PER_GB / messageSizeBytes);
        long level = Math.max(MIN_DRAIN_LEVEL_MESSAGES, (long) ((1.0 - drainRatio) * target));
        return new BacklogPlan(target, messageSizeBytes, level, subscriptionsPerTopic);
    }

    long targetBytes() {
        return targetMessages * messageSizeBytes;
    }

    long bytes(long messages) {
        return messages * messageSizeBytes;
    }
}
