package io.kbench.features;

/**
 * A figure a feature exports from each worker agent while a run goes on, for Prometheus, as
 * {@code kbench_<scope>_<name>} ({@link WorkerPart#gauge} gives its value).
 */
public record Gauge(String scope, String name) {}
