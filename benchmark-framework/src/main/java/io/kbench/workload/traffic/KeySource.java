package io.kbench.workload.traffic;

/** Gives each message its key, on the producer's thread: precomputed keys, no allocation. Not thread-safe. */
public interface KeySource {

    /** The key of the next message, or {@code null} for none. */
    byte[] nextKey(long nanoTime);
}
