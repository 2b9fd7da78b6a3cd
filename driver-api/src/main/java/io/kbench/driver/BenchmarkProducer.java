package io.kbench.driver;

/** Sends messages to one topic. Must be safe to call from one thread at a time. */
public interface BenchmarkProducer extends AutoCloseable {

    /**
     * Hands one message to the client without waiting for the acknowledgement.
     *
     * <p>The driver must carry {@code stamp} with the message unchanged (Kafka: one record header
     * holding {@link MessageStamp#encode()}) so the consumer side gets it back, and must invoke
     * {@code completion} exactly once, as soon as the broker acknowledges or the send fails. The
     * framework takes the acknowledgement time when the completion runs, so it must not be delayed
     * or batched. If this method throws instead, the completion must never run: the framework
     * counts the exception as the send's failure.
     *
     * @param key the record key, or {@code null} for none
     * @param payload the record value; the framework reuses the array, so the driver must not modify it
     * @param stamp what the consumer side needs back; {@code null} when nobody consumes, and then the
     *     driver carries nothing
     */
    void sendAsync(byte[] key, byte[] payload, MessageStamp stamp, SendCompletion completion);

    /**
     * The sending thread stops sending through this producer, for good (after its last message,
     * before {@link #close()}) or until the paused schedule resumes: make visible to consumers what it
     * still holds back (Kafka with transactions: commit the open transaction, or report it aborted).
     * Called from the sending thread, only after a {@link #sendAsync}; it may block while the cluster
     * answers. The default does nothing.
     */
    default void deliverPending() {}

    /**
     * Nothing is due for a while (the schedule's next message is later, or the framework waits for
     * consumers): a driver whose transactions end after a time commits an expired one here instead of
     * at the next send, so a slow schedule does not stretch them. Called often, from the sending
     * thread; must return quickly when there is nothing to do. The default does nothing.
     */
    default void idle() {}

    /** Flushes what is buffered and releases the client, giving up after a few seconds. */
    @Override
    void close() throws Exception;
}
