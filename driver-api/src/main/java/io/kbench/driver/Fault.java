package io.kbench.driver;

import java.time.Duration;

/**
 * One fault for a {@link ProvisionedCluster} to apply now.
 *
 * @param type what to do
 * @param broker the broker's 0-based index, or null for the default: for a kill or pause, the
 *     leader of partition 0 of {@code topic}; for a restart, the broker killed last
 * @param duration how long a pause or freeze lasts; null for a kill or restart
 * @param topic the run's first topic, to find a default broker
 */
public record Fault(FaultType type, Integer broker, Duration duration, String topic) {}
