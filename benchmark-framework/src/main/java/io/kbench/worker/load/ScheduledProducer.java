package io.kbench.worker.load;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.features.AckListener;
import io.kbench.stats.WorkerStats;
import io.kbench.time.SendSchedule;
import io.kbench.workload.traffic.KeySource;
import io.kbench.workload.traffic.PartitionSource;
import io.kbench.workload.traffic.PayloadSource;
import io.kbench.workload.traffic.Payloads;
import java.util.List;

/**
 * One producer and its place in the open-loop schedule. Owned by exactly one {@link ProducerLoop}
 * thread, so its counters need no synchronization.
 */
final class ScheduledProducer {

    final BenchmarkProducer producer;
    /** Null when unthrottled. */
    final SendSchedule schedule;
    final long quota;
    final PayloadSource payloads;
    final KeySource keys;
    /** Picks each message's partition (by weight), or null: the client's partitioner chooses. */
    final PartitionSource partitions;
    /** The producer's id in the run, carried by its messages for the integrity check. */
    final long producerId;
    /** Told of each acknowledgement (the integrity check); null when nobody listens. */
    final AckListener acks;
    /**
     * The way into the stats of the thread that completed this producer's last send (its client's
     * I/O thread, usually always the same one); checked before each use, since any thread may
     * complete a send. Written by completing threads only.
     */
    WorkerStats.ThreadWriter ackWriter;
    /**
     * Messages handed to the client so far; also the index of the next message in the schedule
     * and its sequence number.
     */
    private long sent;
    /**
     * Sent something since the last {@link BenchmarkProducer#deliverPending()}: the driver may hold
     * it back (an open transaction) until asked to deliver it.
     */
    private boolean holdsPending;

    ScheduledProducer(BenchmarkProducer producer, SendSchedule schedule, long quota, byte[][] payloads, KeySource keys) {
        this(producer, schedule, quota, payloads, keys, 0, null);
    }

    ScheduledProducer(BenchmarkProducer producer, SendSchedule schedule, long quota, byte[][] payloads, KeySource keys,
                      long producerId, AckListener acks) {
        this(producer, schedule, quota, Payloads.inTurn(List.of(payloads)).source(0), keys, null, producerId, acks);
    }

    /** @param partitions picks each message's partition, or null to leave it to the client */
    ScheduledProducer(BenchmarkProducer producer, SendSchedule schedule, long quota, PayloadSource payloads, KeySource keys,
                      PartitionSource partitions, long producerId, AckListener acks) {
        this.producer = producer;
        this.schedule = schedule;
        this.quota = quota;
        this.payloads = payloads;
        this.keys = keys;
        this.partitions = partitions;
        this.producerId = producerId;
        this.acks = acks;
    }

    /** The payload of the next message: in turn, or drawn (sizes, a corpus). */
    byte[] nextPayload() {
        return payloads.nextPayload(sent);
    }

    /** The partition of the next message, or {@link BenchmarkProducer#ANY_PARTITION} to leave it to the client. */
    int nextPartition() {
        return partitions == null ? BenchmarkProducer.ANY_PARTITION : partitions.nextPartition();
    }

    /**
     * Counts the next message as sent and returns its sequence number. From now on the producer
     * holds a message the driver may keep back, until {@link #takePending()}.
     */
    long takeSequence() {
        holdsPending = true;
        return sent++;
    }

    boolean holdsPending() {
        return holdsPending;
    }

    /** Whether the producer held messages back; it holds none afterwards (the caller delivers them). */
    boolean takePending() {
        boolean held = holdsPending;
        holdsPending = false;
        return held;
    }

    boolean finished() {
        return sent >= quota;
    }

    long nextIntendedNanos() {
        return schedule.intendedSendNanos(sent);
    }

    /** Messages due by {@code nowNanos} that were not sent (never more than the quota allows). */
    long lagAt(long nowNanos) {
        if (schedule == null) {
            return 0;
        }
        long due = Math.min(schedule.dueBy(nowNanos), quota);
        return Math.max(0, due - sent);
    }
}
