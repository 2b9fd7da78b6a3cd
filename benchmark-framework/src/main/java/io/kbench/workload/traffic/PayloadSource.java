package io.kbench.workload.traffic;

/** Gives each message its payload, on the producer's thread: precomputed payloads, no allocation. Not thread-safe. */
public interface PayloadSource {

    /**
     * The payload of the producer's message {@code sequence} (0, 1, 2, ...): shared, never to be modified.
     */
    byte[] nextPayload(long sequence);
}
