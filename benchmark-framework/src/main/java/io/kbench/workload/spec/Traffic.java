package io.kbench.workload.spec;

import io.kbench.workload.KeyDistributorType;
import io.kbench.workload.traffic.HeaderSpec;
import io.kbench.workload.traffic.KeySpec;
import io.kbench.workload.traffic.PartitionWeights;
import java.util.Optional;

/**
 * What each message looks like and where it goes. The payloads themselves (a file, a random pool, drawn sizes, a
 * corpus) are described to the workers by {@link io.kbench.workload.PayloadSpec}.
 *
 * @param messageSize the payload size in bytes (the mean when sizes are drawn); 0 for a run that sends nothing
 * @param keyDistributor how keys are chosen (OMB's keyDistributor)
 * @param keys keys drawn from a distribution instead; empty when keyDistributor decides
 * @param partitionWeights each partition's share of the traffic; empty for the client's partitioner
 * @param headers user headers on every message; empty for none
 */
public record Traffic(int messageSize, KeyDistributorType keyDistributor, Optional<KeySpec> keys,
                      Optional<PartitionWeights> partitionWeights, Optional<HeaderSpec> headers) {}
