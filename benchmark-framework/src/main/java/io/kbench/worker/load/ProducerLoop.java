package io.kbench.worker.load;

import io.kbench.driver.MessageStamp;
import io.kbench.integrity.SequenceSet;
import io.kbench.driver.SendCompletion;
import io.kbench.stats.WorkerStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.worker.StampMode;
import java.util.List;

/**
 * Drives a few producers from one thread. Throttled producers send each message at its intended
 * time; when the thread falls behind it sends every overdue message at once, each still stamped
 * with its own intended time, so the delay shows in publish latency instead of vanishing
 * (open loop, no coordinated omission). Unthrottled producers send as fast as the client accepts.
 */
final class ProducerLoop implements Runnable {

    /** Longest single wait, so that a stop request is noticed quickly even at low rates. */
    static final long MAX_PARK_NANOS = 50_000_000;

    private final List<ScheduledProducer> producers;
    private final BenchmarkClock clock;
    private final WorkerStats stats;
    private final boolean throttled;
    private final InFlightGate gate;
    private final StampMode stamps;
    private volatile boolean stopRequested;
    private int roundRobin;

    ProducerLoop(List<ScheduledProducer> producers, BenchmarkClock clock, WorkerStats stats, boolean throttled) {
        this(producers, clock, stats, throttled, null, StampMode.TIME);
    }

    /**
     * @param gate limits messages in flight until consumed, or null
     * @param stamps what to pass the driver for the consumers: nothing (nobody consumes), the
     *     intended send time, or also the producer id and sequence
     */
    ProducerLoop(List<ScheduledProducer> producers, BenchmarkClock clock, WorkerStats stats, boolean throttled, InFlightGate gate,
                 StampMode stamps) {
        this.gate = gate;
        this.stamps = stamps;
        this.producers = producers;
        this.clock = clock;
        this.stats = stats;
        this.throttled = throttled;
    }

    void requestStop() {
        stopRequested = true;
    }

    @Override
    public void run() {
        try {
            while (!stopRequested) {
                ScheduledProducer next = throttled ? earliestDue() : nextInTurn();
                if (next == null) {
                    return; // every producer reached its quota
                }
                long intended = 0;
                if (throttled) {
                    intended = next.nextIntendedNanos();
                    long now = clock.nanoTime();
                    if (now < intended) {
                        clock.parkUntil(Math.min(intended, now + MAX_PARK_NANOS));
                        continue;
                    }
                }
                if (gate != null && !gate.tryEnter(MAX_PARK_NANOS)) {
                    continue; // the previous messages are not consumed yet; look at the stop flag again
                }
                send(next, intended);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** @param scheduledNanos the intended send time when throttled; ignored otherwise (intended = sent) */
    private void send(ScheduledProducer p, long scheduledNanos) {
        byte[] payload = p.payloads[(int) (p.sent % p.payloads.length)];
        long sentNanos = clock.nanoTime();
        long intendedNanos = throttled ? scheduledNanos : sentNanos; // unthrottled: no schedule, one clock read
        byte[] key = p.keys.nextKey(sentNanos);
        stats.onSend(sentNanos, sentNanos - intendedNanos);
        long sequence = p.sent++;
        int size = payload.length;
        SequenceSet acked = p.acked;
        SendCompletion completion = error -> {
            long ackNanos = clock.nanoTime();
            if (error == null) {
                stats.onAck(size, intendedNanos, sentNanos, ackNanos);
                if (acked != null) {
                    acked.add(sequence);
                }
            } else {
                stats.onSendError(error);
                if (gate != null) {
                    gate.exit(); // it will never be consumed
                }
            }
        };
        try {
            p.producer.sendAsync(key, payload, stamp(p, intendedNanos, sequence), completion);
        } catch (RuntimeException e) {
            // The send was refused outright, so the completion will never run. When stopping, this
            // is usually our own interrupt of a send blocked in the client (buffer full, no metadata).
            if (stopRequested) {
                stats.onSendAbandonedAtStop();
            } else {
                stats.onSendError(e);
            }
            if (gate != null) {
                gate.exit();
            }
        }
    }

    private MessageStamp stamp(ScheduledProducer p, long intendedNanos, long sequence) {
        return switch (stamps) {
            case NONE -> null;
            case TIME -> MessageStamp.timeOnly(clock.epochMicrosAt(intendedNanos));
            case TIME_AND_SEQUENCE -> new MessageStamp(clock.epochMicrosAt(intendedNanos), p.producerId, sequence);
        };
    }

    private ScheduledProducer earliestDue() {
        ScheduledProducer best = null;
        long bestTime = Long.MAX_VALUE;
        for (ScheduledProducer p : producers) {
            if (!p.finished()) {
                long t = p.nextIntendedNanos();
                if (best == null || t - bestTime < 0) {
                    best = p;
                    bestTime = t;
                }
            }
        }
        return best;
    }

    private ScheduledProducer nextInTurn() {
        for (int i = 0; i < producers.size(); i++) {
            ScheduledProducer p = producers.get(roundRobin);
            roundRobin = roundRobin + 1 == producers.size() ? 0 : roundRobin + 1;
            if (!p.finished()) {
                return p;
            }
        }
        return null;
    }
}
