package io.kbench.features.backlog;

import io.kbench.model.ResultSection;
import io.kbench.stats.LatencySummary;

/**
 * How the consumers caught up with a backlog ({@code consumerBacklogSizeGB}), over the drain alone.
 * The drain window runs from the poll that found the backlog at its target (the consumers were
 * resumed right after it) to the first poll that found it at the drain level; the coordinator
 * polls every 250 ms (or every progress interval, if shorter), so the window can be up to that
 * much longer than the drain itself. Messages and bytes are counted over all subscriptions; rates
 * are per second of the drain window; MB = 1,048,576 bytes, GB = 2^30 bytes; latencies in µs.
 *
 * @param targetBacklogMessages {@code consumerBacklogSizeGB} in messages of {@code messageSize}
 * @param targetBacklogBytes {@code consumerBacklogSizeGB} in bytes
 * @param drainLevelMessages the drain is done at this backlog: max(1,000, (1 − backlogDrainRatio) × target), as OMB
 * @param buildMillis from the start of the build (stats reset, consumers paused) to the poll that found the target reached
 * @param backlogAtResumeMessages acknowledged × subscriptions − consumed when the consumers were resumed
 * @param backlogAtResumeBytes the payload bytes of that backlog
 * @param drainMillis the drain window: time to drain the backlog to the drain level
 * @param consumedMessages messages consumed in the drain window
 * @param consumedBytes their payload bytes
 * @param consumeRatePerSecond consumed messages per second of the drain window: the catch-up read rate
 * @param consumeMBps consumed payload MB per second of the drain window
 * @param publishedMessages messages acknowledged in the drain window (the producers keep producing)
 * @param publishRatePerSecond acknowledged messages per second of the drain window
 * @param publishMBps acknowledged payload MB per second of the drain window
 * @param publishLatency ack − intended send of the messages acknowledged in the drain window
 * @param endToEndLatency consume − intended send of the messages consumed in the drain window (mostly
 *     how long the backlog had waited)
 */
public record CatchUp(
        long targetBacklogMessages,
        long targetBacklogBytes,
        long drainLevelMessages,
        long buildMillis,
        long backlogAtResumeMessages,
        long backlogAtResumeBytes,
        long drainMillis,
        long consumedMessages,
        long consumedBytes,
        double consumeRatePerSecond,
        double consumeMBps,
        long publishedMessages,
        double publishRatePerSecond,
        double publishMBps,
        LatencySummary publishLatency,
        LatencySummary endToEndLatency) implements ResultSection {}
