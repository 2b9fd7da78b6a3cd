/**
 * What partitions cost a run, seen from the cluster: where the publish latency goes when producers
 * write to many of them ({@link io.kbench.features.partitioncost.PartitionLatencyRule}, a rule of the
 * diagnosis), and the brokers' own request times over the measurement where the run owns the cluster
 * ({@link io.kbench.features.partitioncost.BrokerRequests}).
 */
package io.kbench.features.partitioncost;
