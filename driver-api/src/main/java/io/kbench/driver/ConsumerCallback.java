package io.kbench.driver;

/**
 * Receives every record delivered to one consumer group member. Runs on the consumer's own thread, one
 * record at a time: it must be quick, and the driver must call it without allocating per record where
 * its client allows (it is the consumer's hot path).
 */
@FunctionalInterface
public interface ConsumerCallback {

    /**
     * One delivered record.
     *
     * @param payloadSizeBytes size of the record value in bytes, 0 or more (0 also for a null value)
     * @param partition the partition the record was read from, 0 to the topic's partitions − 1
     * @param position the record's position in that partition (Kafka: its offset), 0 or more and increasing along
     *     the partition; -1 when the system has none
     * @param stamp the stamp the producer passed to {@link BenchmarkProducer#sendAsync}, or {@code null} when the
     *     record carries none (not written by kbench, or sent without consumers in mind). A driver may hand over one
     *     object per record; the framework keeps none of them past this call
     * @param timestampEpochMillis the record's timestamp as the system keeps it, in ms since the Unix epoch, on the
     *     clock of whoever set it (Kafka: {@code ConsumerRecord.timestamp()}); what it is says {@code timestampType};
     *     {@link #NO_TIMESTAMP} (-1) when the type is {@link TimestampType#NONE}. For kbench's own records the stamp
     *     is the better source (µs, the intended send time); this serves records kbench did not write
     * @param timestampType what the timestamp is, never {@code null}: when the record was made, when the system
     *     stored it, or none
     */
    void messageReceived(int payloadSizeBytes, int partition, long position, MessageStamp stamp, long timestampEpochMillis,
                         TimestampType timestampType);

    /**
     * Optional, for a driver that receives messages in batches (Kafka: the records one poll returns):
     * called on the consumer's thread when a batch has arrived, right before its messages are handed
     * over; they then all count as received at that moment, and the framework reads its clock once
     * per batch instead of once per message. A driver that calls it must call it for every batch; one
     * that never calls it has each message timed when {@link #messageReceived} runs. The default does
     * nothing.
     */
    default void batchArrived() {}

    /** The timestamp of a record whose type is {@link TimestampType#NONE}. */
    long NO_TIMESTAMP = -1;

    /** What a record's timestamp says, so that a reader knows whether it may compute an end-to-end latency from it. */
    enum TimestampType {
        /**
         * When the record was made: by the producer (Kafka: {@code CreateTime}, the producing client's wall clock
         * at {@code send()} unless the producer set one). Usable for end-to-end latency, within the clock skew
         * between the producer's machine and this one.
         */
        CREATE_TIME,
        /**
         * When the system stored it (Kafka: {@code LogAppendTime}, the broker's clock at append, for a topic with
         * {@code message.timestamp.type=LogAppendTime}). Not when it was made: an end-to-end latency from it would
         * leave out the time before the append.
         */
        LOG_APPEND_TIME,
        /** The system keeps no timestamp for the record (Kafka: message format v0); the timestamp is {@link #NO_TIMESTAMP}. */
        NONE
    }
}
