package io.kbench.driver;

/**
 * Where a driver that sends in transactions (Kafka with {@code transactional: true}) reports how each
 * one ended; other drivers never call it. The framework hands one to every producer it asks for
 * ({@link ProducerOptions#transactions()}). Calls for one producer come one at a time, from any of the
 * driver's threads, and must be quick.
 */
public interface TransactionListener {

    /** Ignores everything: for producers whose transactions nobody counts. */
    TransactionListener NONE = new TransactionListener() {};

    /**
     * A transaction committed: its messages are now visible to consumers that read committed data only.
     *
     * @param commitMicros how long the commit took: from asking the client to commit to its answer, in µs
     */
    default void committed(long commitMicros) {}

    /**
     * A transaction ended without committing (its commit failed, or the client had failed it): none of
     * its messages will reach consumers that read committed data only. Before this call, the driver has
     * called {@link SendCompletion#aborted()} for each of its messages the broker had acknowledged.
     *
     * @param reason why, in one sentence a user can act on, never containing a secret
     */
    default void aborted(String reason) {}
}
