/**
 * The consumer groups feature: which group protocol (classic or consumer) and whether static membership
 * each consumer group subscription's members ran with, as their driver resolved it from the workload,
 * the driver file and the client's defaults. Each worker tallies its members ({@link
 * io.kbench.features.consumergroups.GroupTally}); the result's {@code consumerGroups} section merges them
 * ({@link io.kbench.features.consumergroups.ConsumerGroups}).
 */
package io.kbench.features.consumergroups;
