package io.kbench.driver;

/**
 * Receives every record delivered to one share consumer, and what became of its acknowledgements.
 * Both methods run on the consumer's own thread, one call at a time.
 *
 * <p>Unlike {@link ConsumerCallback}, {@link #messageReceived} may take time: it is where the framework
 * models a record's processing (a share group exists for slow consumers). Meanwhile the record's
 * acquisition lock runs; a record processed for longer than the group's record lock duration is taken
 * back by the system and delivered again, and its acknowledgement comes back with
 * {@link AcknowledgementCommit#lockExpired()}.
 */
public interface ShareConsumerCallback {

    /**
     * One delivered record.
     *
     * @param payloadSizeBytes size of the record value in bytes
     * @param partition the partition the record was read from
     * @param position the record's position in that partition (Kafka: its offset); -1 when the system has none
     * @param stamp the stamp the producer passed to {@link BenchmarkProducer#sendAsync}, or {@code null}
     * @param deliveryCount 1 on the record's first delivery, 2 on its second (after a release, an expired
     *     lock or a consumer that went away), and so on
     * @param receivedNanos {@link System#nanoTime()} when the driver got the record from the system (Kafka:
     *     when the poll that fetched its batch returned); at or before this call, so the time a record
     *     waited behind the processing of the records before it is {@code System.nanoTime() - receivedNanos}
     * @return in {@link AcknowledgementMode#EXPLICIT} mode, how to acknowledge the record (never null);
     *     ignored in {@link AcknowledgementMode#IMPLICIT} mode, where every record is accepted
     */
    Acknowledgement messageReceived(int payloadSizeBytes, int partition, long position, MessageStamp stamp, int deliveryCount,
                                    long receivedNanos);

    /**
     * The system answered one commit of acknowledgements. Every acknowledgement the consumer made is
     * reported in exactly one commit, unless the consumer was closed (or closed as a crash) before the
     * system answered. The default ignores it.
     */
    default void acknowledgementsCommitted(AcknowledgementCommit commit) {}
}
