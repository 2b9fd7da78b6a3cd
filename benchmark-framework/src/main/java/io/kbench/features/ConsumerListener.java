package io.kbench.features;

import io.kbench.driver.ConsumerCallback.TimestampType;
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
     * A consumer group member received a record, with what the driver said of it besides: the engine calls this one,
     * whose default leaves the rest out and calls {@link #onRecord(int, long, MessageStamp, long)}. A feature that
     * counts bytes or reads records kbench did not write (their timestamps) overrides it.
     *
     * @param payloadBytes the record value's size in bytes, 0 or more
     * @param timestampEpochMillis the record's timestamp as the system keeps it, ms since the epoch, or
     *     {@link io.kbench.driver.ConsumerCallback#NO_TIMESTAMP}
     * @param timestampType what the timestamp is (Kafka's CreateTime or LogAppendTime, or none)
     */
    default void received(int partition, long position, MessageStamp stamp, long receivedNanos, int payloadBytes,
                          long timestampEpochMillis, TimestampType timestampType) {
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
            public void received(int partition, long position, MessageStamp stamp, long receivedNanos, int payloadBytes,
                                 long timestampEpochMillis, TimestampType timestampType) {
                a.received(partition, position, stamp, receivedNanos, payloadBytes, timestampEpochMillis, timestampType);
                b.received(partition, position, stamp, receivedNanos, payloadBytes, timestampEpochMillis, timestampType);
            }

            @Override
            public void onSettled(int partition, MessageStamp stamp, int deliveryCount, long receivedNanos) {
                a.onSettled(partition, stamp, deliveryCount, receivedNanos);
                b.onSettled(partition, stamp, deliveryCount, receivedNanos);
            }
        };
    }
}
