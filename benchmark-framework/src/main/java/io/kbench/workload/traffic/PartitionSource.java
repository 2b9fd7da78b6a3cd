package io.kbench.workload.traffic;

/** Picks the partition of each message, on the producer's thread, without allocating. Not thread-safe. */
@FunctionalInterface
public interface PartitionSource {

    /** The partition of the next message, 0 to the topic's partitions − 1. */
    int nextPartition();
}
