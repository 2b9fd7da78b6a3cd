package io.kbench.features.partitions;

import java.util.List;

/**
 * What one worker counted per partition once the load is over, for the coordinator to merge. Arrays are indexed by
 * partition, as long as the highest partition the worker saw (the coordinator pads them to the topic's partitions).
 *
 * @param produced per topic, the acknowledgements of this worker's producers since the measurement started
 * @param consumed per consumer group and topic, the records this worker's members received since the measurement
 *     started, and how far each partition was read
 * @param offsets the end (and earliest) offsets of the topics this worker consumed, read once the load was over
 * @param offsetsProblem why the offsets could not be read (the driver cannot say), or null
 */
public record PartitionFindings(List<Produced> produced, List<Consumed> consumed, List<Offsets> offsets, String offsetsProblem) {

    /**
     * @param messages acknowledged messages per partition
     * @param bytes their payload bytes
     * @param publishLatencyMicros the sum of their publish latencies (ack − intended send), µs
     */
    public record Produced(String topic, long[] messages, long[] bytes, long[] publishLatencyMicros) {}

    /**
     * @param fromEnd the group started at the end of the partitions (existing topics): a partition it read nothing of has
     *     no known position
     * @param messages records received per partition since the measurement started
     * @param bytes their payload bytes
     * @param nextPositions per partition, the position after the last record received (in the whole run), 0 for none
     */
    public record Consumed(String group, String topic, boolean fromEnd, long[] messages, long[] bytes, long[] nextPositions) {}

    /** One topic's positions per partition, as the driver's {@code topicOffsets} gave them at the end. */
    public record Offsets(String topic, long[] earliest, long[] end) {}
}
