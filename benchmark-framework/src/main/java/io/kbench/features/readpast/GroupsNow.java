package io.kbench.features.readpast;

import java.util.List;

/**
 * What one worker's consumers read so far, by group: sent to the coordinator while the run goes on (a phase's poll)
 * and once more when the load is over. Counts and positions are since the consumers started; the two histograms hold
 * only what was recorded since the worker's previous report, so that every sample reaches the coordinator exactly once.
 *
 * @param workerId the worker
 * @param groups one entry per group with consumers on this worker
 */
public record GroupsNow(String workerId, List<Group> groups) {

    public GroupsNow {
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /**
     * One group's consumers on one worker.
     *
     * @param group the consumer group
     * @param topic the topic it reads
     * @param records records read
     * @param bytes their payload bytes
     * @param ownRecords records this run's producers wrote (kbench's stamp of this run)
     * @param createTimeRecords records not written by this run whose timestamp is their CreateTime
     * @param logAppendTimeRecords records not written by this run whose timestamp is when the broker stored them
     * @param untimedRecords records not written by this run that carry no timestamp
     * @param nextPositions per partition (by index), the position after the last record read there; -1 for none read yet
     * @param endToEnd consume − intended send of this run's records, µs, since the previous report: encoded HdrHistogram
     * @param fromCreateTime consume − CreateTime of the others' records, µs, since the previous report: encoded HdrHistogram
     * @param clampedSamples latency samples outside 0 to 24 h, recorded at the nearest bound
     */
    public record Group(String group, String topic, long records, long bytes, long ownRecords, long createTimeRecords,
                        long logAppendTimeRecords, long untimedRecords, long[] nextPositions, String endToEnd, String fromCreateTime,
                        long clampedSamples) {}
}
