/**
 * The run's timeline and what it explains: the clients' GC pauses, retention removing messages from the run's
 * partitions (their log start offsets rising), the brokers' own GC pauses and segment deletions (on a cluster the run
 * started), and the latency spikes of the measurement, each spike attributed to the
 * events that coincide with it ({@link io.kbench.features.timeline.Timeline}, a section of the result).
 */
package io.kbench.features.timeline;
