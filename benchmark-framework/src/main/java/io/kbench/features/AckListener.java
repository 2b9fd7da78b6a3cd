package io.kbench.features;

/**
 * A feature's look at one producer's acknowledgements, on the client's thread ({@link WorkerPart#listen(io.kbench.plan.ProducerSpec, long, io.kbench.plan.LoadSpec)}).
 * It is the hot path: no allocation, no lock others hold for long. Implement what the feature needs; the others do nothing.
 */
public interface AckListener {

    /** The cluster acknowledged the producer's message {@code sequence} (0, 1, 2, ... per producer). */
    default void acked(long sequence) {}

    /**
     * The cluster acknowledged a message, with what the engine knows of it: the engine calls this one, whose default
     * hands the sequence to {@link #acked(long)}.
     *
     * @param sequence the message's number within its producer (0, 1, 2, ...)
     * @param partition the partition it was written to, as the driver reports it (-1 when the driver does not know)
     * @param payloadBytes its payload's size
     * @param publishLatencyNanos acknowledgement time − intended send time (the publish latency), ns
     */
    default void acknowledged(long sequence, int partition, int payloadBytes, long publishLatencyNanos) {
        acked(sequence);
    }

    /** A message acknowledged earlier belonged to a transaction that was then aborted. */
    default void aborted(long sequence) {}

    /** Both, in order; null stands for none. */
    static AckListener both(AckListener a, AckListener b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return new AckListener() {
            @Override
            public void acknowledged(long sequence, int partition, int payloadBytes, long publishLatencyNanos) {
                a.acknowledged(sequence, partition, payloadBytes, publishLatencyNanos);
                b.acknowledged(sequence, partition, payloadBytes, publishLatencyNanos);
            }

            @Override
            public void aborted(long sequence) {
                a.aborted(sequence);
                b.aborted(sequence);
            }
        };
    }
}
