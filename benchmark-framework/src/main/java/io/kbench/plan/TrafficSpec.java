package io.kbench.plan;

import io.kbench.workload.traffic.KeySpec;
import io.kbench.workload.traffic.PartitionWeights;

/**
 * How producers choose each message's key or partition, beyond OMB's key distributor (which {@link LoadSpec} keeps).
 *
 * @param keys keys drawn from a distribution, or null
 * @param partitionWeights partitions picked by weight, or null (then the client's partitioner chooses)
 */
public record TrafficSpec(KeySpec keys, PartitionWeights partitionWeights) {

    public static final TrafficSpec NONE = new TrafficSpec(null, null);
}
