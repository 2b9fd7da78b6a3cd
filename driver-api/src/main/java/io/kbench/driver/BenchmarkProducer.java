package io.kbench.driver;

/** Sends messages to one topic. Must be safe to call from one thread at a time. */
public interface BenchmarkProducer extends AutoCloseable {

    /**
     * Hands one message to the client without waiting for the acknowledgement.
     *
     * <p>The driver must carry {@code intendedSendEpochMicros} with the message (Kafka: a record
     * header) so the consumer side can compute end-to-end latency, and must invoke
     * {@code completion} exactly once, as soon as the broker acknowledges or the send fails. The
     * framework takes the acknowledgement time when the completion runs, so it must not be delayed
     * or batched. If this method throws instead, the completion must never run: the framework
     * counts the exception as the send's failure.
     *
     * @param key the record key, or {@code null} for none
     * @param payload the record value; the framework reuses the array, so the driver must not modify it
     * @param intendedSendEpochMicros when the open-loop schedule meant this message to be sent, in
     *     microseconds since the Unix epoch; {@link ConsumerCallback#UNKNOWN_SEND_TIME} when nobody
     *     consumes, and then the driver need not carry it
     */
    void sendAsync(byte[] key, byte[] payload, long intendedSendEpochMicros, SendCompletion completion);

    /** Flushes what is buffered and releases the client. */
    @Override
    void close() throws Exception;
}
