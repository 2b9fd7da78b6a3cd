package io.kbench.driver;

import java.util.List;

/**
 * What one broker JVM did that can explain the clients' latency, as it saw it itself since it started: its collectors'
 * stop-the-world pauses and its log segment deletions ({@link ProvisionedCluster#brokerActivity()}). Counts are since
 * the JVM started, so that two readings of the same JVM ({@code jvmStartEpochMillis}) give the time between them.
 *
 * @param brokerId the broker's id in the cluster
 * @param jvmStartEpochMillis when its JVM started (a restarted broker is a new JVM, its counts start again)
 * @param gcPauses how many pauses there were
 * @param gcPauseMicros their total duration
 * @param longestGcPauses the longest pauses, longest first (a bounded number: the rest are only counted)
 * @param deletionCount how many deletions there were (each a drop seen in one poll, one topic)
 * @param segmentsDeleted how many segments they deleted, together
 * @param deletions the first deletions, oldest first (a bounded number: the rest are only counted)
 */
public record BrokerActivity(int brokerId, long jvmStartEpochMillis, long gcPauses, long gcPauseMicros, List<GcPause> longestGcPauses,
                             long deletionCount, long segmentsDeleted, List<SegmentDeletion> deletions) {

    /** The most partitions a deletion lists (its count says how many there were), so that 10,000 partitions stay small. */
    public static final int LISTED_PARTITIONS = 20;

    public BrokerActivity {
        longestGcPauses = longestGcPauses == null ? List.of() : List.copyOf(longestGcPauses);
        deletions = deletions == null ? List.of() : List.copyOf(deletions);
    }

    /**
     * One stop-the-world pause of the broker JVM's collector.
     *
     * @param startEpochMicros when it started (stamped when the JVM's notification arrived, minus its duration)
     * @param durationMicros how long the broker's threads were stopped
     * @param collector the collector's bean ("G1 Young Generation")
     * @param cause why it ran ("G1 Evacuation Pause")
     */
    public record GcPause(long startEpochMicros, long durationMicros, String collector, String cause) {}

    /**
     * Segments the broker deleted from some partitions of one topic, seen as their segment counts falling (or their log
     * start offsets rising) between two of its polls.
     *
     * @param epochMicros when the poll that saw it ran; the deletion happened since the poll before
     * @param topic the topic
     * @param partitions the partitions that lost segments, the first {@link #LISTED_PARTITIONS}
     * @param partitionCount how many partitions lost segments (at least as many as listed)
     * @param segments how many segments they lost, together
     */
    public record SegmentDeletion(long epochMicros, String topic, List<Integer> partitions, int partitionCount, int segments) {

        public SegmentDeletion {
            partitions = partitions == null ? List.of() : partitions;
            partitionCount = Math.max(partitionCount, partitions.size());
            partitions = List.copyOf(partitions.size() <= LISTED_PARTITIONS ? partitions : partitions.subList(0, LISTED_PARTITIONS));
        }

        /** A deletion from every partition in {@code partitions}. */
        public SegmentDeletion(long epochMicros, String topic, List<Integer> partitions, int segments) {
            this(epochMicros, topic, partitions, partitions.size(), segments);
        }
    }
}
