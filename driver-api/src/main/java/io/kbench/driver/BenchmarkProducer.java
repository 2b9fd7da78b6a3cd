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

    /** Flushes what is buffered and releases the client, giving up after a few seconds. */
    @Override
    void close() throws Exception;
}
