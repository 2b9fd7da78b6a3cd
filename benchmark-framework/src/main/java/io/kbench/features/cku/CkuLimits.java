package io.kbench.features.cku;

import io.kbench.workload.Workload;

/**
 * What one Confluent Cloud CKU (Confluent Unit for Apache Kafka) sustains and allows, as stated in
 * Confluent's CKU benchmark white paper (2020): bandwidth and the partition and connection limits
 * grow linearly with the CKU count; the per-partition bandwidth limits do not. MB = 1,048,576 bytes,
 * as everywhere in kbench.
 */
public final class CkuLimits {

    /** Producer bandwidth per CKU, MB/s. */
    public static final double INGRESS_MB_PER_SEC = Workload.CKU_INGRESS_MB_PER_SEC;
    /** Consumer bandwidth per CKU, MB/s. */
    public static final double EGRESS_MB_PER_SEC = 150;
    /** Topic partitions per CKU. */
    public static final int PARTITIONS = 3_000;
    /** Simultaneously connected clients per CKU. */
    public static final int CONNECTIONS = 1_000;
    /** Producer bandwidth per partition, MB/s, whatever the CKU count. */
    public static final double PARTITION_PRODUCE_MB_PER_SEC = 5;
    /** Consumer bandwidth per partition, MB/s, whatever the CKU count. */
    public static final double PARTITION_CONSUME_MB_PER_SEC = 15;

    /**
     * The verdict passes when the measured bandwidth reaches this share of the expected one. The
     * paper's 2-CKU runs reached 106-117 % of the stated bandwidth; 5 % allows for a short window's
     * ramp-up and for the check counting payload bytes only (record overhead is not counted).
     */
    public static final double PASS_RATIO = 0.95;

    private CkuLimits() {}

    public static double ingressMBps(int cku) {
        return cku * INGRESS_MB_PER_SEC;
    }

    public static double egressMBps(int cku) {
        return cku * EGRESS_MB_PER_SEC;
    }

    public static long partitions(int cku) {
        return (long) cku * PARTITIONS;
    }

    public static long connections(int cku) {
        return (long) cku * CONNECTIONS;
    }

    /** How many units of {@code per} it takes to hold {@code value} (CKUs for a limit, partitions for a bandwidth). */
    static long needed(double value, double per) {
        return (long) Math.ceil(value / per);
    }
}
