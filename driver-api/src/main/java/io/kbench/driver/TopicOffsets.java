package io.kbench.driver;

import java.util.List;
import java.util.Objects;

/**
 * The positions of one topic's partitions at one moment ({@link BenchmarkDriver#topicOffsets}): from these
 * the framework counts what a reader from the start must read, and a group's lag at the end.
 *
 * @param partitions one entry per partition, by partition number (entry 0 is partition 0); at least one
 */
public record TopicOffsets(List<Partition> partitions) {

    public TopicOffsets {
        partitions = List.copyOf(Objects.requireNonNull(partitions, "partitions"));
        if (partitions.isEmpty()) {
            throw new IllegalArgumentException("a topic has at least one partition");
        }
    }

    /** The entry of one partition. */
    public Partition partition(int partition) {
        return partitions.get(partition);
    }

    /** How many partitions the topic has. */
    public int partitionCount() {
        return partitions.size();
    }

    /** Σ {@link Partition#span()} over the partitions: at most the records the topic holds now. */
    public long span() {
        long n = 0;
        for (Partition p : partitions) {
            n += p.span();
        }
        return n;
    }

    /**
     * One partition's positions (Kafka: offsets).
     *
     * @param earliest the position of the first record the partition still holds (Kafka: the log start offset);
     *     0 or more, 0 for a partition nothing was ever deleted from
     * @param end the position the next record written gets, so the records are those at {@code earliest} to
     *     {@code end − 1} (Kafka: the high watermark, or the last stable offset when the driver's consumers read
     *     committed records only); at least {@code earliest}
     */
    public record Partition(long earliest, long end) {

        public Partition {
            if (earliest < 0 || end < earliest) {
                throw new IllegalArgumentException("a partition's positions need 0 <= earliest <= end, got earliest " + earliest
                        + ", end " + end);
            }
        }

        /**
         * {@code end − earliest}: the records the partition holds, or more where positions carry no record
         * (Kafka: transaction markers, compaction), so an upper bound on what a reader from the start reads.
         */
        public long span() {
            return end - earliest;
        }
    }
}
