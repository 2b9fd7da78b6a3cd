/**
 * What partitions cost a run: where the publish latency goes when producers write to many of them
 * ({@link io.kbench.partitioncost.PartitionLatencyRule}, a rule of the diagnosis), the brokers' own
 * request times over the measurement where the run owns the cluster
 * ({@link io.kbench.partitioncost.BrokerRequests}), and the workers' memory
 * ({@link io.kbench.partitioncost.WorkerMemory}).
 */
package io.kbench.partitioncost;
