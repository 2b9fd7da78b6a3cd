package io.kbench.features.timeline;

/**
 * One stop-the-world pause of a client JVM's collector.
 *
 * @param startEpochMicros when it started, on the run's clock (microseconds since the Unix epoch, the coordinator's
 *     time base): stamped when the JVM's notification arrived, minus the pause's duration, so it is late by the
 *     notification's delivery (usually well under a millisecond)
 * @param durationMicros how long the application threads were stopped
 * @param workerId the worker whose JVM paused
 * @param collector the collector's bean ("G1 Young Generation", "ZGC Minor Pauses")
 * @param cause why it ran ("G1 Evacuation Pause", "System.gc()")
 */
public record GcPause(long startEpochMicros, long durationMicros, String workerId, String collector, String cause) {}
