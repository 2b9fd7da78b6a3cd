package io.kbench.features.backlog;

import io.kbench.model.Units;
import io.kbench.workload.spec.Backlog;
import io.kbench.workload.spec.RunSpec;
import java.util.Locale;

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
public record BacklogPlan(long targetMessages, int messageSizeBytes, long drainLevelMessages, int subscriptionsPerTopic) {

    public static final long MIN_DRAIN_LEVEL_MESSAGES = 1_000;

    public static BacklogPlan of(RunSpec w) {
        Backlog b = w.subscriptions().backlog();
        return of(b.sizeGB(), w.traffic().messageSize(), b.drainRatio(), w.topology().subscriptionsPerTopic());
    }

    /** The plan from the workload's four numbers (the arithmetic alone, for tests). */
    public static BacklogPlan of(double backlogSizeGB, int messageSizeBytes, double drainRatio, int subscriptionsPerTopic) {
        // Truncated, as OMB's integer division: the target is never above the size asked for.
        long target = (long) (backlogSizeGB * Units.BYTES_PER_GB / messageSizeBytes);
        long level = Math.max(MIN_DRAIN_LEVEL_MESSAGES, (long) ((1.0 - drainRatio) * target));
        return new BacklogPlan(target, messageSizeBytes, level, subscriptionsPerTopic);
    }

    public long targetBytes() {
        return targetMessages * messageSizeBytes;
    }

    public long bytes(long messages) {
        return messages * messageSizeBytes;
    }

    /**
     * The unit the backlog's sizes are shown in, chosen by the target so that the figures of a line
     * compare at a glance and a small backlog does not read "0.00 GB": GB (2^30 bytes) from a tenth
     * of one, else MB (2^20) from a tenth of one, else KB.
     */
    public double unitBytes() {
        long target = targetBytes();
        return target >= 0.1 * Units.BYTES_PER_GB ? Units.BYTES_PER_GB : target >= 0.1 * Units.BYTES_PER_MB ? Units.BYTES_PER_MB : Units.BYTES_PER_KB;
    }

    public String unitName() {
        double unit = unitBytes();
        return unit == Units.BYTES_PER_GB ? "GB" : unit == Units.BYTES_PER_MB ? "MB" : "KB";
    }

    /** {@code bytes} in the target's unit, two decimals, e.g. "4.10 MB". */
    public String size(long bytes) {
        return String.format(Locale.ROOT, "%.2f %s", bytes / unitBytes(), unitName());
    }
}
