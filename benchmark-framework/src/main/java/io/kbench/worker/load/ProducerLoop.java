package io.kbench.worker.load;

import io.kbench.driver.MessageStamp;
import io.kbench.driver.SendCompletion;
import io.kbench.stats.WorkerStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.kbench.plan.StampMode;
/**
 * Drives a few producers from one thread. Throttled producers send each message at its intended
 * time; when the thread falls behind it sends every overdue message at once, each still stamped
 * with its own intended time, so the delay shows in publish latency instead of vanishing
 * (open loop, no coordinated omission). Unthrottled producers send as fast as the client accepts.
 * When a producer stops sending (its last message, the load stopped, or its schedule paused), the
 * loop asks the driver to deliver what it holds back (an open transaction), so that it reaches the
 * consumers; while a producer has nothing due, the driver is told it is idle.
 */
final class ProducerLoop implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(ProducerLoop.class);

    /** Longest single wait, so that a stop request is noticed quickly even at low rates. */
    static final long MAX_PARK_NANOS = 50_000_000;

    /**
     * The loop wakes up at most this often. A wake-up costs the thread 5 to 15 µs of CPU (the
     * kernel's timer, two context switches), and the kernel's timer slack makes a shorter wait last
     * about 50 µs anyway: waking for every message of a fast schedule cost more than sending it. So
     * when messages are due more often than this, each wake-up sends every message due by then,
     * each stamped with its own intended time: the wait shows in schedule delay and publish latency
     * (at most this much), as any delay of the generator does. Slower schedules are kept exactly.
     */
    static final long MIN_WAKE_INTERVAL_NANOS = 500_000;

    private final List<ScheduledProducer> producers;
    private final BenchmarkClock clock;
    private final WorkerStats stats;
    private final boolean throttled;
    private final InFlightGate gate;
    private final StampMode stamps;
    private volatile boolean stopRequested;
    private volatile boolean finishing;
    private int roundRobin;
    /** The intended send time of the producer {@link #earliestDue()} returned last. */
    private long earliestDueNanos;
    /** When the last wait ended (at the earliest); Long.MIN_VALUE before the first. */
    private long lastWakeNanos = Long.MIN_VALUE;
    /** This loop's thread's way into the stats (set when it runs). */
    private WorkerStats.ThreadWriter sendWriter;

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
        sendWriter = stats.writerForThisThread();
        try {
            while (!stopRequested) {
                ScheduledProducer next = throttled ? earliestDue() : nextInTurn();
                if (next == null) {
                    break; // every producer reached its quota
                }
                long intended = 0;
                long now = 0;
                boolean nowIsFresh = false; // one clock read per message: the due check's is the send time
                if (throttled) {
                    intended = earliestDueNanos;
                    now = clock.nanoTime();
                    if (now < intended) {
                        idle();
                        long wake = lastWakeNanos == Long.MIN_VALUE ? intended : Math.max(intended, lastWakeNanos + MIN_WAKE_INTERVAL_NANOS);
                        wake = Math.min(wake, now + MAX_PARK_NANOS);
                        clock.parkUntil(wake);
                        lastWakeNanos = wake;
                        continue;
                    }
                    nowIsFresh = true;
                }
                if (gate != null) {
                    if (!gate.tryEnter(MAX_PARK_NANOS)) {
                        idle();
                        continue; // the previous messages are not consumed yet; look at the stop flag again
                    }
                    nowIsFresh = false; // it may have waited
                }
                send(next, intended, nowIsFresh ? now : clock.nanoTime());
                if (next.finished()) {
                    deliverPending(next); // its last message: commit now, not when the others are done
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            finishAll();
        }
    }

    /**
     * True once the loop delivers its producers' last messages: it is then waiting for the cluster
     * to commit, not blocked in a send, and must not be interrupted.
     */
    boolean finishing() {
        return finishing;
    }

    private void finishAll() {
        finishing = true;
        // Our own interrupt of a blocked send must not fail the commit of what was acknowledged.
        boolean interrupted = Thread.interrupted();
        try {
            producers.forEach(this::deliverPending);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Nothing is due now: producers holding messages back deliver them if they will not send again
     * soon (their schedule is paused, e.g. while a backlog drains), and are told they are idle
     * otherwise, so that a transaction past its age commits without waiting for the next message.
     */
    private void idle() {
        for (ScheduledProducer p : producers) {
            if (!p.holdsPending()) {
                continue;
            }
            if (p.finished() || (throttled && p.nextIntendedNanos() == Long.MAX_VALUE)) {
                deliverPending(p);
                continue;
            }
            try {
                p.producer.idle();
            } catch (RuntimeException e) {
                log.warn("A producer failed while idle: {}", Errors.describe(e));
            }
        }
    }

    /** Lets the driver deliver what it still holds back (an open transaction), from this thread as the SPI asks. */
    private void deliverPending(ScheduledProducer p) {
        if (!p.takePending()) {
            return;
        }
        try {
            p.producer.deliverPending();
        } catch (RuntimeException e) {
            log.warn("A producer could not deliver its last messages: {}", Errors.describe(e));
        }
    }

    /**
     * @param scheduledNanos the intended send time when throttled; ignored otherwise (intended = sent)
     * @param sentNanos now: the send time
     */
    private void send(ScheduledProducer p, long scheduledNanos, long sentNanos) {
        byte[] payload = p.nextPayload();
        long intendedNanos = throttled ? scheduledNanos : sentNanos; // unthrottled: no schedule
        byte[] key = p.keys.nextKey(sentNanos);
        int partition = p.nextPartition();
        sendWriter.onSend(sentNanos, sentNanos - intendedNanos);
        long sequence = p.takeSequence();
        SendCompletion completion = new Completion(p, payload.length, intendedNanos, sentNanos, sequence);
        try {
            p.producer.sendAsync(key, payload, partition, stamp(p, intendedNanos, sequence), completion);
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

    /** What became of one message: recorded when the driver says. */
    private final class Completion implements SendCompletion {
        private final ScheduledProducer producer;
        private final int size;
        private final long intendedNanos;
        private final long sentNanos;
        private final long sequence;

        Completion(ScheduledProducer producer, int size, long intendedNanos, long sentNanos, long sequence) {
            this.producer = producer;
            this.size = size;
            this.intendedNanos = intendedNanos;
            this.sentNanos = sentNanos;
            this.sequence = sequence;
        }

        @Override
        public void completed(int partition, Throwable error) {
            long ackNanos = clock.nanoTime();
            if (error == null) {
                WorkerStats.ThreadWriter w = producer.ackWriter;
                if (w == null || !w.isOwnedByCurrentThread()) {
                    w = stats.writerForThisThread();
                    producer.ackWriter = w; // a plain field: another thread seeing it sees it is not its own
                }
                w.onAck(size, intendedNanos, sentNanos, ackNanos);
                if (producer.acks != null) {
                    producer.acks.acknowledged(sequence, partition, size, ackNanos - intendedNanos);
                }
            } else {
                stats.onSendError(error);
                if (gate != null) {
                    gate.exit(); // it will never be consumed
                }
            }
        }

        /** Acknowledged, then its transaction aborted: it stays acknowledged, and will never be consumed. */
        @Override
        public void aborted() {
            stats.onAckedMessageAborted();
            if (producer.acks != null) {
                producer.acks.aborted(sequence);
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

    /** The unfinished producer whose next message is due first (its time in {@link #earliestDueNanos}), or null. */
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
        earliestDueNanos = bestTime;
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
