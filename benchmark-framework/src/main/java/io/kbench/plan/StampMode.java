package io.kbench.plan;

/** What each message carries for the consumers, besides its payload. */
public enum StampMode {
    /** Nothing: nobody consumes, so the driver is spared the work. */
    NONE,
    /** The intended send time, for end-to-end latency. */
    TIME,
    /** The send time, the producer's id and the message's sequence, for the integrity check too. */
    TIME_AND_SEQUENCE
}
