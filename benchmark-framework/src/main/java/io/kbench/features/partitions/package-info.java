/**
 * The partitions feature: each partition's messages, bytes, msg/s and mean publish latency from the producers'
 * acknowledgements (the partition each message was written to, as the driver reports it) and each partition's records
 * from the consumers, counted on the threads that see them ({@link io.kbench.features.partitions.PartitionTally}); the
 * skew, the five busiest and how the figures spread over the partitions; each consumer group's lag per partition at the
 * end, from the driver's end offsets; the result's {@code perPartition} section
 * ({@link io.kbench.features.partitions.Partitions}), one summary line, a chart, and the hot-partition diagnosis
 * ({@link io.kbench.features.partitions.HotPartition}). Past 100 partitions the section lists the busiest
 * ({@link io.kbench.features.partitions.PartitionListing}); what it concludes stays over every partition.
 */
package io.kbench.features.partitions;
