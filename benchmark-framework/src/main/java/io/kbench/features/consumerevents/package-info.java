/**
 * The consumer events feature: consumers joining, leaving, crashing or restarting during the
 * measurement, declared like faults ({@link io.kbench.features.consumerevents.ConsumerEventRunner}), and what each
 * cost ({@link io.kbench.features.consumerevents.ConsumerEvents}): the time until the assignment is stable again,
 * the longest time a partition went unconsumed ({@link io.kbench.features.consumerevents.PartitionActivity}), the
 * group's consumption during the event against before it, and the end-to-end latency spike.
 */
package io.kbench.features.consumerevents;
