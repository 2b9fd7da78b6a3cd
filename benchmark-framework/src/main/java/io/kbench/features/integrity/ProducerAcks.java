package io.kbench.features.integrity;


import io.kbench.plan.ProducerIds;
/**
 * The sequences of one producer that the cluster acknowledged.
 *
 * @param producerId the producer's id in the run ({@link ProducerIds})
 * @param topic the topic it sends to
 * @param acked acknowledged sequence numbers
 * @param aborted acknowledged sequence numbers whose transaction was then aborted (empty without
 *     transactions): no consumer reading committed data may ever get them
 */
public record ProducerAcks(long producerId, String topic, SequenceSet acked, SequenceSet aborted) {

    public ProducerAcks {
        aborted = aborted == null ? new SequenceSet() : aborted; // absent from the JSON of a peer without transactions
    }

    /** A producer that sends outside transactions. */
    public ProducerAcks(long producerId, String topic, SequenceSet acked) {
        this(producerId, topic, acked, new SequenceSet());
    }

    /** Copies of the sets, safe to read while the originals keep growing. */
    public ProducerAcks copy() {
        return new ProducerAcks(producerId, topic, acked.copy(), aborted.copy());
    }
}
