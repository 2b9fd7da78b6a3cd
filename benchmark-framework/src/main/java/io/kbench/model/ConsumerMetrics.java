package io.kbench.model;


/**
 * The figures kafka-consumer-perf-test prints, for the measured phase. The fetch window runs from
 * the start of the measurement to the last message consumed (drain included); the total time adds
 * the consumer group's join (rebalance) time measured when the consumers started, as the tool does.
 * MB are 1,048,576 bytes.
 */
public record ConsumerMetrics(
        long startEpochMillis,
        long endEpochMillis,
        double consumedMB,
        double mbPerSec,
        long consumedMessages,
        double messagesPerSec,
        long rebalanceTimeMillis,
        long fetchTimeMillis,
        double fetchMBPerSec,
        double fetchMessagesPerSec) {

    /**
     * @param windowIncludesRebalance true when the window started before the consumers joined their
     *     groups (consume-only runs), so the join time is inside it; false when it started after
     */
    public static ConsumerMetrics of(long windowStartEpochMicros, long lastReceiveEpochMicros, long bytes, long messages,
                                     long rebalanceTimeMillis, boolean windowIncludesRebalance) {
        long end = Math.max(windowStartEpochMicros, lastReceiveEpochMicros);
        long windowMicros = end - windowStartEpochMicros;
        long totalMicros = windowIncludesRebalance ? windowMicros : windowMicros + rebalanceTimeMillis * 1_000;
        long fetchMicros = Math.max(0, totalMicros - rebalanceTimeMillis * 1_000);
        double mb = bytes / Units.BYTES_PER_MB;
        return new ConsumerMetrics(
                windowStartEpochMicros / 1_000,
                end / 1_000,
                mb,
                totalMicros <= 0 ? 0 : mb * 1e6 / totalMicros,
                messages,
                Units.perSecond(messages, totalMicros),
                rebalanceTimeMillis,
                fetchMicros / 1_000,
                fetchMicros <= 0 ? 0 : mb * 1e6 / fetchMicros,
                Units.perSecond(messages, fetchMicros));
    }
}
