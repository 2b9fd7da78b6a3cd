package io.kbench.features;

import io.kbench.driver.MessageStamp;

/** A feature's look at each record one consumer receives, on the consumer's thread ({@link WorkerPart#listen(io.kbench.plan.ConsumerSpec)}). */
public interface ConsumerListener {

    /**
     * A consumer group member received a record.
     *
     * @param stamp what the producer attached, or null for a record kbench did not write
     * @param receivedNanos when, on the run's clock
     */
    void onRecord(int partition, long position, MessageStamp stamp, long receivedNanos);

    /**
     * A consumer group member received a record, with its payload's size: the engine calls this one, whose default
     * leaves the size out and calls {@link #onRecord}.
     *
     * @param payloadBytes the record value's size, 0 or more
     */
    default void received(int partition, long position, MessageStamp stamp, long receivedNanos, int payloadBytes) {
        onRecord(partition, position, stamp, receivedNanos);
    }

    /** A share group member settled a record (accepted, released or rejected it) after {@code deliveryCount} deliveries. */
    default void onSettled(int partition, MessageStamp stamp, int deliveryCount, long receivedNanos) {}

    /** Both, in order; null stands for none. */
    static ConsumerListener both(ConsumerListener a, ConsumerListener b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return new ConsumerListener() {
            @Override
            public void onRecord(int partition, long position, MessageStamp stamp, long receivedNanos) {
                a.onRecord(partition, position, stamp, receivedNanos);
                b.onRecord(partition, position, stamp, receivedNanos);
            }

            @Override
            public void received(int partition, long position, MessageStamp stamp, long receivedNanos, int payloadBytes) {
                a.received(partition, position, stamp, receivedNanos, payloadBytes);
                b.received(partition, position, stamp, receivedNanos, payloadBytes);
            }

            @Override
            public void onSettled(int partition, MessageStamp stamp, int deliveryCount, long receivedNanos) {
                a.onSettled(partition, stamp, deliveryCount, receivedNanos);
                b.onSettled(partition, stamp, deliveryCount, receivedNanos);
            }
        };
    }
}
