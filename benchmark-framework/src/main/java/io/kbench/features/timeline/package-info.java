/**
 * The run's timeline and what it explains: the clients' GC pauses, retention removing messages from the run's
 * partitions (their log start offsets rising), and the latency spikes of the measurement, each spike attributed to the
 * events that coincide with it ({@link io.kbench.features.timeline.Timeline}, a section of the result).
 */
package io.kbench.features.timeline;
