/**
 * The run's merged figures for Prometheus while it goes ({@code bin/benchmark --stats-port}): a listener of the
 * coordinator keeps the last merged period, a collector turns it into gauges, and an endpoint serves them with the
 * JVM's metrics through bookkeeper-stats' Prometheus provider, the library the worker agents serve theirs with.
 */
package io.kbench.coordinator.live;
