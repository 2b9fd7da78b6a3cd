package io.kbench.workload;

/** How message keys are chosen, with OpenMessaging Benchmark's names. */
public enum KeyDistributorType {
    /** No key: the client spreads messages over partitions itself. */
    NO_KEY,
    /** Keys taken in turn from a fixed pool of 10,000 keys. */
    KEY_ROUND_ROBIN,
    /** A key from the pool chosen by the current nanosecond time. */
    RANDOM_NANO,
    /**
     * The Redpanda fork's: keys "0", "1", ... "9999", then again from "0" (one counter per producer),
     * so every key in the pool is used equally and in order.
     */
    INCREMENTING_KEY
}
