package io.kbench.driver;

/**
 * How the partitions of some topics stand at one moment, as the cluster's metadata says.
 *
 * @param partitions partitions looked at
 * @param underReplicated partitions whose in-sync replicas are fewer than their replicas
 * @param offline partitions without a leader
 * @param reassigning partitions with a reassignment under way
 */
public record PartitionHealth(int partitions, int underReplicated, int offline, int reassigning) {}
