package io.kbench.features.partitions;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per-partition counts of one stream of records (a producer's acknowledgements, or a consumer's records), kept by the
 * thread that sees them: arrays indexed by partition, written by their owner thread alone with release stores (a plain
 * store on x86), read by anyone once they are merged. Nothing is allocated per record; a thread that has not counted
 * for this stream before gets arrays of its own once, and an array grows when a higher partition first shows up.
 */
final class PartitionTally {

    /** A few partitions to start with; arrays double when a higher one shows up. */
    private static final int INITIAL_PARTITIONS = 16;

    /** One thread's counts: messages, bytes and a third figure (publish latency in µs, or the next position). */
    static final class Slot {
        final Thread owner;
        volatile AtomicLongArray messages = new AtomicLongArray(INITIAL_PARTITIONS);
        volatile AtomicLongArray bytes = new AtomicLongArray(INITIAL_PARTITIONS);
        volatile AtomicLongArray third = new AtomicLongArray(INITIAL_PARTITIONS);

        Slot(Thread owner) {
            this.owner = owner;
        }

        /** Grows the arrays to hold {@code partition}; only the owner calls it. */
        void grow(int partition) {
            int size = messages.length();
            while (size <= partition) {
                size *= 2;
            }
            messages = copy(messages, size);
            bytes = copy(bytes, size);
            third = copy(third, size);
        }

        private static AtomicLongArray copy(AtomicLongArray from, int size) {
            AtomicLongArray to = new AtomicLongArray(size);
            for (int i = 0; i < from.length(); i++) {
                to.lazySet(i, from.getPlain(i));
            }
            return to;
        }
    }

    /** What the third figure holds, which decides how slots merge. */
    enum Third { SUM, MAX }

    private final Third third;
    private final List<Slot> slots = new ArrayList<>();
    /** The slot of the thread that counted last; a plain field: a thread that sees another's slot makes or finds its own. */
    private Slot current;

    PartitionTally(Third third) {
        this.third = third;
    }

    /**
     * Counts one record of {@code partition}, on the calling thread.
     *
     * @param value added to the third figure ({@link Third#SUM}), or kept when above it ({@link Third#MAX})
     */
    void count(int partition, int payloadBytes, long value) {
        if (partition < 0) {
            return; // the driver did not say where it went
        }
        Slot s = current;
        if (s == null || s.owner != Thread.currentThread()) {
            s = slotOfThisThread();
            current = s;
        }
        if (partition >= s.messages.length()) {
            s.grow(partition);
        }
        AtomicLongArray m = s.messages;
        AtomicLongArray b = s.bytes;
        AtomicLongArray t = s.third;
        m.lazySet(partition, m.getPlain(partition) + 1);
        b.lazySet(partition, b.getPlain(partition) + payloadBytes);
        if (third == Third.SUM) {
            t.lazySet(partition, t.getPlain(partition) + value);
        } else if (value > t.getPlain(partition)) {
            t.lazySet(partition, value);
        }
    }

    private synchronized Slot slotOfThisThread() {
        Thread me = Thread.currentThread();
        for (Slot s : slots) {
            if (s.owner == me) {
                return s;
            }
        }
        Slot s = new Slot(me);
        slots.add(s);
        return s;
    }

    /** The counts so far, merged over threads: [messages, bytes, third], each as long as the highest partition seen. */
    synchronized long[][] snapshot() {
        int n = 0;
        for (Slot s : slots) {
            n = Math.max(n, s.messages.length());
        }
        long[][] out = new long[3][n];
        for (Slot s : slots) {
            AtomicLongArray m = s.messages;
            AtomicLongArray b = s.bytes;
            AtomicLongArray t = s.third;
            for (int p = 0; p < m.length(); p++) {
                out[0][p] += m.get(p);
                out[1][p] += b.get(p);
                out[2][p] = third == Third.SUM ? out[2][p] + t.get(p) : Math.max(out[2][p], t.get(p));
            }
        }
        return out;
    }
}
