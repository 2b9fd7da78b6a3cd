package io.kbench.features;

/** A feature's look at one producer's acknowledgements, on the client's thread ({@link WorkerPart#listen(io.kbench.plan.ProducerSpec, long, io.kbench.plan.LoadSpec)}). */
public interface AckListener {

    /** The cluster acknowledged the producer's message {@code sequence} (0, 1, 2, ... per producer). */
    void acked(long sequence);

    /** A message acknowledged earlier belonged to a transaction that was then aborted. */
    void aborted(long sequence);
}
