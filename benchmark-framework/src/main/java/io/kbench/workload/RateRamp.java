package io.kbench.workload;

import java.time.Duration;

/**
 * A workload's {@code producerRateRamp}: the total rate rises (or falls) linearly from {@code from}
 * to {@code to} messages per second over {@code over}, from the start of the load, then stays at {@code to}.
 */
public record RateRamp(Double from, Double to, Duration over) {}
