package io.kbench.driver;

/** Sends messages to one topic. Must be safe to call from one thread at a time. */
public interface BenchmarkProducer extends AutoCloseable {

    /** The partition of a send that leaves the choice to the client's partitioner. */
    int ANY_PARTITION = -1;

    /**
     * Hands one message to the client without waiting for the acknowledgement. This is the producer's hot
     * path: a driver must not allocate here beyond what its client does, and the features below cost
     * nothing when unused (no partition, no user headers).
     *
     * <p>The driver must carry {@code stamp} with the message unchanged (Kafka: one record header
     * holding {@link MessageStamp#encode()}) so the consumer side gets it back, and must invoke
     * {@code completion} exactly once, as soon as the broker acknowledges or the send fails. The
     * framework takes the acknowledgement time when the completion runs, so it must not be delayed
     * or batched. If this method throws instead, the completion must never run: the framework
     * counts the exception as the send's failure.
     *
     * <p>Every message also carries the producer's user headers ({@link ProducerOptions#headers()}), in their
     * order, besides the driver's own.
     *
     * @param key the record key, or {@code null} for none
     * @param payload the record value; the framework reuses the array, so the driver must not modify it
     * @param partition the partition to write to, 0 to the topic's partitions − 1; {@link #ANY_PARTITION} (-1): the
     *     client's partitioner chooses (Kafka: by the key's hash when there is a key, else its sticky partitioner).
     *     A key sent with a partition is still carried, but does not choose the partition. A partition the topic
     *     does not have fails the send: the completion gets the error, or (for a value below -1, or where the
     *     client refuses it before sending) this method throws
     * @param stamp what the consumer side needs back; {@code null} when nobody consumes, and then the
     *     driver carries nothing of kbench's own (the user headers still go)
     * @param completion runs once, on a thread of the driver's, when the send is acknowledged or failed, with the
     *     partition the message was written to (whoever chose it)
     */
    void sendAsync(byte[] key, byte[] payload, int partition, MessageStamp stamp, SendCompletion completion);

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
