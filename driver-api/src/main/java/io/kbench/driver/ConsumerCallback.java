package io.kbench.driver;

/** Receives every consumed message. Runs on the consumer's thread: it must be quick. */
@FunctionalInterface
public interface ConsumerCallback {

    /** Marks a message whose intended send time is unknown (not sent by this benchmark). */
    long UNKNOWN_SEND_TIME = Long.MIN_VALUE;

    /**
     * @param payloadSizeBytes size of the record value in bytes
     * @param intendedSendEpochMicros the value the producer passed to
     *     {@link BenchmarkProducer#sendAsync}, or {@link #UNKNOWN_SEND_TIME}
     */
    void messageReceived(int payloadSizeBytes, long intendedSendEpochMicros);
}
