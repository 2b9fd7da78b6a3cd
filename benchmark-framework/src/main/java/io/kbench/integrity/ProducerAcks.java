package io.kbench.integrity;

/**
 * The sequences of one producer that the cluster acknowledged.
 *
 * @param producerId the producer's id in the run ({@link ProducerIds})
 * @param topic the topic it sends to
 * @param acked acknowledged sequence numbers
 */
public record ProducerAcks(long producerId, String topic, SequenceSet acked) {}
