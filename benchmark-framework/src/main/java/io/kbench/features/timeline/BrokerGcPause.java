package io.kbench.features.timeline;

/**
 * One stop-the-world pause of a broker JVM's collector, on a cluster the run started.
 *
 * @param startEpochMicros when it started (microseconds since the Unix epoch, the broker's wall clock, which is the
 *     coordinator's on a local cluster): stamped when the JVM's notification arrived, minus the pause's duration
 * @param durationMicros how long the broker's threads were stopped
 * @param brokerId the broker whose JVM paused
 * @param collector the collector's bean ("G1 Young Generation")
 * @param cause why it ran ("G1 Evacuation Pause")
 */
public record BrokerGcPause(long startEpochMicros, long durationMicros, int brokerId, String collector, String cause) {}
