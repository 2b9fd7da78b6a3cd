package io.kbench.testkit;

import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.ConsumerCallback.TimestampType;
import io.kbench.driver.MessageStamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A consumer callback that records every delivery, and notices the callback being entered by two
 * threads at once (the SPI promises one message at a time).
 */
final class Deliveries implements ConsumerCallback {

    /**
     * One call of the callback.
     *
     * @param atMillis when it came, ms since the Unix epoch
     * @param batchNanos when the driver last reported a batch (System.nanoTime) before this delivery; 0 if it never did
     */
    record Delivery(int payloadSizeBytes, int partition, long position, MessageStamp stamp, long timestampEpochMillis,
                    TimestampType timestampType, long atNanos, long atMillis, long batchNanos) {}

    private final List<Delivery> received = new ArrayList<>();
    private final AtomicInteger inside = new AtomicInteger();
    private volatile boolean overlapped;
    private volatile long batchNanos;

    @Override
    public void batchArrived() {
        batchNanos = System.nanoTime();
    }

    @Override
    public void messageReceived(int payloadSizeBytes, int partition, long position, MessageStamp stamp, long timestampEpochMillis,
                                TimestampType timestampType) {
        if (inside.incrementAndGet() > 1) {
            overlapped = true;
        }
        try {
            synchronized (received) {
                received.add(new Delivery(payloadSizeBytes, partition, position, stamp, timestampEpochMillis, timestampType,
                        System.nanoTime(), System.currentTimeMillis(), batchNanos));
            }
        } finally {
            inside.decrementAndGet();
        }
    }

    int count() {
        synchronized (received) {
            return received.size();
        }
    }

    List<Delivery> all() {
        synchronized (received) {
            return new ArrayList<>(received);
        }
    }

    /** Deliveries that happened after {@code nanos} (System.nanoTime). */
    List<Delivery> after(long nanos) {
        return all().stream().filter(d -> d.atNanos() - nanos > 0).toList();
    }

    /** Deliveries carrying a stamp of this producer id. */
    List<Delivery> ofProducer(long producerId) {
        return all().stream().filter(d -> d.stamp() != null && d.stamp().producerId() == producerId).toList();
    }

    boolean overlapped() {
        return overlapped;
    }

    /** Waits until {@code n} messages of producer {@code producerId} arrived; fails naming the promise otherwise. */
    void awaitFrom(long producerId, int n, Duration limit, String where, String promise) {
        Bounded.until(limit, () -> ofProducer(producerId).size() >= n, () -> Promises.broken(where, promise,
                ofProducer(producerId).size() + " of " + n + " acknowledged messages were delivered within " + Bounded.seconds(limit)));
    }
}
