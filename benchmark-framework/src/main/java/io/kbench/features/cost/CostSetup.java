package io.kbench.features.cost;

import java.time.Duration;

/**
 * What the user tells of the machines and the data that a result does not: the cost command's options.
 *
 * @param brokers the brokers, or null (CKUs, or not priced)
 * @param ckus Confluent Cloud CKUs, or null (from the result's CKU check when it has one)
 * @param clients the client machines, or null (not priced)
 * @param storageGb the storage to price, in GB, or null to work it out from the retention
 * @param retention the topics' retention, or null to take the result's
 * @param replicationFactor the replication factor, or null to take the result's
 * @param consumersOutside whether the consumers read from outside the cloud, so their bytes are data out
 */
public record CostSetup(Machines brokers, Integer ckus, Machines clients, Double storageGb, Duration retention,
                        Integer replicationFactor, boolean consumersOutside) {

    public static final CostSetup NONE = new CostSetup(null, null, null, null, null, null, false);
}
