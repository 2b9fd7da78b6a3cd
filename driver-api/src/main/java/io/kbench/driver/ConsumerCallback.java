package io.kbench.driver;

/** Receives every consumed message. Runs on the consumer's own thread, one message at a time: it must be quick. */
@FunctionalInterface
public interface ConsumerCallback {

    /**
     * @param payloadSizeBytes size of the record value in bytes
     * @param partition the partition the message was read from
     * @param position the message's position in that partition (Kafka: its offset), increasing along the
     *     partition; -1 when the system has none
     * @param stamp the stamp the producer passed to {@link BenchmarkProducer#sendAsync}, or {@code null} when the
     *     message carries none (not sent by this benchmark, or sent without consumers in mind)
     */
    void messageReceived(int payloadSizeBytes, int partition, long position, MessageStamp stamp);

    /**
     * Optional, for a driver that receives messages in batches (Kafka: the records one poll returns):
     * called on the consumer's thread when a batch has arrived, right before its messages are handed
     * over; they then all count as received at that moment, and the framework reads its clock once
     * per batch instead of once per message. A driver that calls it must call it for every batch; one
     * that never calls it has each message timed when {@link #messageReceived} runs. The default does
     * nothing.
     */
    default void batchArrived() {}
}
