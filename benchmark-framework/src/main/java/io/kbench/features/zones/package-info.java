/**
 * Zones: bytes per pair of zones, measured. Each worker says its zone ({@code bin/benchmark-worker --zone}, or
 * {@code bin/benchmark --zones} for the workers of a local run) and counts, from its clients' per-broker byte counters,
 * what its producers sent to each broker and its consumers received from each ({@link ZonesOnWorker}); the coordinator
 * joins those with the brokers' racks and the partitions' leaders and replicas ({@link Placement}) into bytes per zone
 * pair for produce, replication and fetch ({@link ZoneTraffic}), the result's {@code zones} section ({@link Zones}).
 */
package io.kbench.features.zones;
