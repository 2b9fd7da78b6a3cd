package io.kbench.stats;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One pair of {@link IntervalBuffer}s per recording thread (producer loops, client I/O threads,
 * consumer threads): one for the even phase of the phaser, one for the odd. Each thread only
 * ever writes its own buffers, so recording costs no contended atomic operation; the reader
 * merges the buffers of the phase it has just closed.
 */
final class ThreadBuffers {

    /** A thread's two buffers. */
    static final class Pair {
        final IntervalBuffer even = new IntervalBuffer();
        final IntervalBuffer odd = new IntervalBuffer();

        IntervalBuffer of(boolean evenPhase) {
            return evenPhase ? even : odd;
        }
    }

    private final List<Pair> all = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Pair> mine = ThreadLocal.withInitial(() -> {
        Pair p = new Pair();
        all.add(p);
        return p;
    });

    /** The calling thread's buffer for the phase {@code phaseValue} (the value the phaser's enter returned). */
    IntervalBuffer current(long phaseValue) {
        // The phaser's start epoch is negative during odd phases.
        return mine.get().of(phaseValue >= 0);
    }

    /** Every thread's buffer of one phase; only safe once that phase is closed. */
    List<IntervalBuffer> closed(boolean evenPhase) {
        return all.stream().map(p -> p.of(evenPhase)).toList();
    }
}
