package io.kbench.workload;

/** How message keys are chosen, with OpenMessaging Benchmark's names. */
public enum KeyDistributorType {
    /** No key: the client spreads messages over partitions itself. */
    NO_KEY,
    /** Keys taken in turn from a fixed pool of 10,000 keys. */
    KEY_ROUND_ROBIN,
    /** A key from the pool chosen by the current nanosecond time. */
    RANDOM_NANO
}
