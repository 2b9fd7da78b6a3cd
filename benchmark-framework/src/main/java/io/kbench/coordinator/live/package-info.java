/**
 * The run's merged figures for Prometheus while it goes ({@code bin/benchmark --stats-port}): a listener of the
 * coordinator keeps the last merged period, a collector turns it into gauges, and an endpoint serves them with the
 * JVM's metrics through bookkeeper-stats' Prometheus provider, the library the worker agents serve theirs with.
 *
 * <p>The drift so far ({@link io.kbench.coordinator.live.LiveDrift}): each figure's Theil–Sen slope and Mann–Kendall
 * p-value over the measured periods received so far, on a bounded number of points, with the drift feature's
 * statistics ({@code io.kbench.stats.trend}).
 */
package io.kbench.coordinator.live;
