package io.kbench.driver;

import java.time.Duration;

/**
 * One fault for a {@link ProvisionedCluster} to apply now.
 *
 * @param type what to do
 * @param broker the broker's 0-based index, or null for the default: for a kill or pause, the
 *     leader of partition 0 of {@code topic}; for a restart, the broker killed last
 * @param duration how long a pause, freeze or delay lasts; null for a kill or restart
 * @param topic the run's first topic, to find a default broker
 * @param delay for a network delay, how long each byte is held in each direction (between
 *     {@link #MIN_NETWORK_DELAY} and {@link #MAX_NETWORK_DELAY}); null for the other faults
 * @param toDelay for a network delay that ramps, the delay at its end: the delay grows (or shrinks) linearly from
 *     {@code delay} to this over {@code duration} (in the same range); null for a steady delay and the other faults
 */
public record Fault(FaultType type, Integer broker, Duration duration, String topic, Duration delay, Duration toDelay) {

    /** A fault with a steady delay, or none. */
    public Fault(FaultType type, Integer broker, Duration duration, String topic, Duration delay) {
        this(type, broker, duration, topic, delay, null);
    }

    /** The shortest network delay: the proxy times bytes to the millisecond. */
    public static final Duration MIN_NETWORK_DELAY = Duration.ofMillis(1);
    /** The longest network delay per direction: longer is a broken link rather than a slow one. */
    public static final Duration MAX_NETWORK_DELAY = Duration.ofSeconds(5);

    /** A fault without a delay (every type but {@link FaultType#NETWORK_DELAY}). */
    public Fault(FaultType type, Integer broker, Duration duration, String topic) {
        this(type, broker, duration, topic, null, null);
    }

    /** Whether {@code delay} is a network delay a cluster may be asked for. */
    public static boolean isAllowedDelay(Duration delay) {
        return delay != null && delay.compareTo(MIN_NETWORK_DELAY) >= 0 && delay.compareTo(MAX_NETWORK_DELAY) <= 0;
    }
}
