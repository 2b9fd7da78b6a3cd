package io.kbench.testkit;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ShareConsumerCallback;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * A share consumer callback that answers each record as a policy says, after an optional processing
 * time, and records every delivery, every answer and every commit the driver reports. Notices the
 * callback entered by two threads at once and a receive time after the call.
 */
final class ShareDeliveries implements ShareConsumerCallback {

    /** One call of the callback, with the answer it gave. */
    record Delivery(int payloadSizeBytes, int partition, long position, MessageStamp stamp, int deliveryCount,
                    long receivedNanos, long atNanos, Acknowledgement answer) {}

    private final BiFunction<MessageStamp, Integer, Acknowledgement> policy;
    private final Duration processing;
    private final List<Delivery> received = new ArrayList<>();
    private final List<AcknowledgementCommit> commits = new ArrayList<>();
    private final AtomicInteger inside = new AtomicInteger();
    private volatile boolean overlapped;
    private volatile boolean receivedLate;

    /**
     * @param policy the answer for a record, from its stamp and delivery count
     * @param processing how long each record's processing takes (the callback sleeps), or zero
     */
    ShareDeliveries(BiFunction<MessageStamp, Integer, Acknowledgement> policy, Duration processing) {
        this.policy = policy;
        this.processing = processing;
    }

    /** Accepts everything at once. */
    static ShareDeliveries acceptingAll() {
        return new ShareDeliveries((stamp, count) -> Acknowledgement.ACCEPT, Duration.ZERO);
    }

    @Override
    public Acknowledgement messageReceived(int payloadSizeBytes, int partition, long position, MessageStamp stamp, int deliveryCount,
                                           long receivedNanos) {
        long at = System.nanoTime();
        if (inside.incrementAndGet() > 1) {
            overlapped = true;
        }
        try {
            if (receivedNanos - at > 0) {
                receivedLate = true;
            }
            Acknowledgement answer = policy.apply(stamp, deliveryCount);
            if (!processing.isZero()) {
                Thread.sleep(processing.toMillis());
            }
            synchronized (received) {
                received.add(new Delivery(payloadSizeBytes, partition, position, stamp, deliveryCount, receivedNanos, at, answer));
            }
            return answer;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Acknowledgement.RELEASE;
        } finally {
            inside.decrementAndGet();
        }
    }

    @Override
    public void acknowledgementsCommitted(AcknowledgementCommit commit) {
        synchronized (commits) {
            commits.add(commit);
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

    List<AcknowledgementCommit> commits() {
        synchronized (commits) {
            return new ArrayList<>(commits);
        }
    }

    /** Deliveries after {@code nanos} (System.nanoTime). */
    List<Delivery> after(long nanos) {
        return all().stream().filter(d -> d.atNanos() - nanos > 0).toList();
    }

    /** For each sequence of producer {@code producerId}, its deliveries in order. */
    Map<Long, List<Delivery>> bySequence(long producerId) {
        Map<Long, List<Delivery>> out = new HashMap<>();
        for (Delivery d : all()) {
            if (d.stamp() != null && d.stamp().producerId() == producerId) {
                out.computeIfAbsent(d.stamp().sequence(), k -> new ArrayList<>()).add(d);
            }
        }
        return out;
    }

    boolean overlapped() {
        return overlapped;
    }

    boolean receivedLate() {
        return receivedLate;
    }
}
