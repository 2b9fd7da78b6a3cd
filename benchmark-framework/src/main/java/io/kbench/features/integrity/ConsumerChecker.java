package io.kbench.features.integrity;

import io.kbench.driver.MessageStamp;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;

import io.kbench.plan.ProducerIds;
/**
 * Checks what one consumer reads, per producer and partition: a sequence read a second time at a
 * new position is a duplicate in the log; a sequence lower than one already read from the same
 * producer on the same partition is out of order. A position this consumer has already passed (the
 * client read part of the partition again, e.g. after a rebalance) is a redelivery, not a new copy,
 * and is skipped. Sequences read are kept for the coordinator's loss count.
 *
 * <p>A share group's consumer ({@link #atLeastOnce}) is checked differently: records are handed out one
 * at a time to any member, so order is not kept and a record may come back. It reports each record once
 * settled (accepted or rejected, {@link #onSettled}); one settled again on a later delivery is a
 * redelivery, one settled again on its first delivery was in the log twice (a duplicate).
 *
 * <p>Per message the check costs a few comparisons: a producer's messages reach a partition in runs
 * of consecutive sequences (a batch), so each producer and partition has an open run that a message
 * continuing it just extends; a run goes into the producer's set of sequences read (a compressed
 * bitmap, one range at a time) when a message breaks it, or when the tally is taken. A message that
 * breaks a run is checked against everything read so far; one read twice within different open runs
 * (the same sequence on two partitions) is counted when the later run goes into the set.
 *
 * <p>Called on the consumer's own thread only (the driver SPI promises one message at a time);
 * {@link #tally()} may run on another thread, hence the lock.
 */
public final class ConsumerChecker {

    private static final long NO_RUN = -1;

    private final String subscription;
    private final String topic;
    private final int runTag;
    private final boolean atLeastOnce;
    private final Map<Long, ProducerTrack> producers = new HashMap<>();
    private long[] lastPositionByPartition = new long[0];
    private long lastProducerId;
    private ProducerTrack lastTrack;
    private long checked;
    private long duplicates;
    private long outOfOrder;
    private long redelivered;
    private long unstamped;
    private long foreign;

    /** What this consumer knows of one producer; guarded by the checker's lock, so no lock of its own. */
    private static final class ProducerTrack {
        /** Sequences read, but for the open runs. */
        final RoaringBitmap seen = new RoaringBitmap();
        /** By partition: the highest sequence read (-1: none), and the open run [runStart, runEnd] (runStart NO_RUN: none). */
        long[] lastSequenceByPartition = new long[0];
        long[] runStart = new long[0];
        long[] runEnd = new long[0];

        void grow(int partition) {
            if (partition < runStart.length) {
                return;
            }
            lastSequenceByPartition = ConsumerChecker.grow(lastSequenceByPartition, partition);
            runStart = ConsumerChecker.grow(runStart, partition);
            runEnd = ConsumerChecker.grow(runEnd, partition);
        }

        /** Whether another partition's open run holds {@code sequence}. */
        boolean inOpenRun(long sequence) {
            for (int p = 0; p < runStart.length; p++) {
                if (runStart[p] != NO_RUN && sequence >= runStart[p] && sequence <= runEnd[p]) {
                    return true;
                }
            }
            return false;
        }

        /** Puts the partition's open run into the set; returns how many of its sequences were there already. */
        long closeRun(int partition) {
            long start = runStart[partition];
            if (start == NO_RUN) {
                return 0;
            }
            long end = runEnd[partition] + 1;
            long already = seen.rangeCardinality(start, end);
            seen.add(start, end);
            runStart[partition] = NO_RUN;
            return already;
        }

        long closeRuns() {
            long already = 0;
            for (int p = 0; p < runStart.length; p++) {
                already += closeRun(p);
            }
            return already;
        }
    }

    public ConsumerChecker(String subscription, String topic, int runTag) {
        this(subscription, topic, runTag, false);
    }

    private ConsumerChecker(String subscription, String topic, int runTag, boolean atLeastOnce) {
        this.subscription = subscription;
        this.topic = topic;
        this.runTag = runTag;
        this.atLeastOnce = atLeastOnce;
    }

    /** A checker for a share group's member: at-least-once delivery, no order (see the class comment). */
    public static ConsumerChecker atLeastOnce(String subscription, String topic, int runTag) {
        return new ConsumerChecker(subscription, topic, runTag, true);
    }

    /**
     * A consumer group's member in a run where members join, leave or crash: a record read by one member
     * and again by the next owner of its partition (its offset was not committed yet) is a redelivery, not a
     * duplicate, when the subscription's tallies are merged.
     */
    public static ConsumerChecker acrossRebalances(String subscription, String topic, int runTag) {
        return new ConsumerChecker(subscription, topic, runTag, true);
    }

    /**
     * A share group's record was settled (accepted or rejected) on its {@code deliveryCount}-th delivery.
     * A lost record is one acknowledged to its producer and never settled.
     */
    public synchronized void onSettled(MessageStamp stamp, int deliveryCount) {
        if (stamp == null || !stamp.checksIntegrity()) {
            unstamped++;
            return;
        }
        if (ProducerIds.runTagOf(stamp.producerId()) != runTag) {
            foreign++;
            return;
        }
        long sequence = stamp.sequence();
        if (sequence < 0 || sequence > SequenceSet.MAX_SEQUENCE) {
            checked++;
            return;
        }
        if (track(stamp.producerId()).seen.checkedAdd((int) sequence)) {
            checked++;
        } else if (deliveryCount > 1) {
            redelivered++;
        } else {
            duplicates++;
        }
    }

    /** One message read, with its stamp as it arrived (null when it has none). */
    public void onMessage(int partition, long position, MessageStamp stamp) {
        if (stamp == null || !stamp.checksIntegrity()) {
            onUnstamped();
        } else {
            onMessage(partition, position, stamp.producerId(), stamp.sequence());
        }
    }

    /** A message without producer id and sequence. */
    public synchronized void onUnstamped() {
        unstamped++;
    }

    /**
     * One message read that carries a producer id and sequence: the form of the consumers' hot path,
     * with the stamp's fields passed as they are, so that no stamp object needs to outlive the callback.
     */
    public synchronized void onMessage(int partition, long position, long producerId, long sequence) {
        if (ProducerIds.runTagOf(producerId) != runTag) {
            foreign++; // left in the topic by another run
            return;
        }
        if (partition < 0) {
            partition = 0;
        }
        if (position >= 0) {
            lastPositionByPartition = grow(lastPositionByPartition, partition);
            if (position <= lastPositionByPartition[partition]) {
                redelivered++;
                return;
            }
            lastPositionByPartition[partition] = position;
        }
        checked++;
        ProducerTrack track = track(producerId);
        if (sequence < 0 || sequence > SequenceSet.MAX_SEQUENCE) {
            return; // beyond what a set holds: counted as checked, not tracked
        }
        track.grow(partition);
        if (track.runStart[partition] != NO_RUN && sequence == track.runEnd[partition] + 1
                && sequence > track.lastSequenceByPartition[partition]) {
            track.runEnd[partition] = sequence; // the usual case: the next message of the batch, in order
            track.lastSequenceByPartition[partition] = sequence;
            return;
        }
        duplicates += track.closeRun(partition);
        if (track.seen.contains((int) sequence) || track.inOpenRun(sequence)) {
            duplicates++;
            return;
        }
        track.runStart[partition] = sequence;
        track.runEnd[partition] = sequence;
        if (sequence < track.lastSequenceByPartition[partition]) {
            outOfOrder++;
        } else {
            track.lastSequenceByPartition[partition] = sequence;
        }
    }

    private ProducerTrack track(long producerId) {
        if (lastTrack != null && producerId == lastProducerId) {
            return lastTrack; // messages of one producer come in runs: spare the map lookup
        }
        lastProducerId = producerId;
        lastTrack = producers.computeIfAbsent(producerId, id -> new ProducerTrack());
        return lastTrack;
    }

    /** Grows to hold {@code index}, new slots -1 (nothing read yet). */
    private static long[] grow(long[] array, int index) {
        if (index < array.length) {
            return array;
        }
        int old = array.length;
        long[] bigger = Arrays.copyOf(array, Math.max(index + 1, old * 2));
        Arrays.fill(bigger, old, bigger.length, -1L);
        return bigger;
    }

    /** What this consumer has checked so far; the sequence sets are copies. */
    public synchronized SubscriptionTally tally() {
        Map<Long, SequenceSet> seen = new HashMap<>();
        for (ProducerTrack t : producers.values()) {
            duplicates += t.closeRuns(); // the open runs go into the sets: they are complete now
        }
        producers.forEach((id, t) -> seen.put(id, SequenceSet.copyOf(t.seen)));
        return new SubscriptionTally(subscription, topic, checked, duplicates, outOfOrder, redelivered, unstamped, foreign, seen,
                atLeastOnce);
    }
}
