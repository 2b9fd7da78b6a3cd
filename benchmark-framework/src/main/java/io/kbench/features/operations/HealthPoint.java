package io.kbench.features.operations;

/**
 * One poll of the run's partitions through the cluster's admin interface.
 *
 * @param elapsedMicros when, from the start of the load (the periods' axis)
 * @param underReplicated partitions with fewer in-sync replicas than replicas
 * @param offline partitions without a leader
 * @param reassigning partitions with a reassignment under way
 */
public record HealthPoint(long elapsedMicros, int underReplicated, int offline, int reassigning) {}
