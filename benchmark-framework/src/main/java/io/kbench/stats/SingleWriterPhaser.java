package io.kbench.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Two phases (0 and 1) for exactly one writer thread and one reader at a time: the writer records
 * into the current phase's buffer between {@link #enter()} and {@link #exit()}; the reader
 * {@link #flip() flips} the phase and, once it returns, owns the old phase's buffer until its next
 * flip. Like HdrHistogram's {@code WriterReaderPhaser}, but for a single writer, which makes the
 * writer's side one fenced store and one plain store per entry instead of two atomic additions:
 * this is on the path of every message a thread records.
 *
 * <p>How: the writer announces the phase it writes into ({@code active}, a volatile store, then
 * checks the phase again); the reader changes the phase (a volatile store), then waits while the
 * writer is announced in the old phase. Each side stores before it loads the other's field, so at
 * least one of them sees the other (Dekker): either the writer sees the new phase and moves to it, or
 * the reader sees the writer in the old phase and waits for its exit, whose release store publishes
 * what it wrote.
 *
 * <p>Not reentrant: a writer must exit before it enters again. One writer thread only.
 */
final class SingleWriterPhaser {

    private static final int IDLE = -1;
    private static final VarHandle ACTIVE;

    static {
        try {
            ACTIVE = MethodHandles.lookup().findVarHandle(SingleWriterPhaser.class, "active", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The phase the writer records into; written by the reader only. */
    private volatile int phase;
    /** The phase the writer is recording into now, or IDLE; written by the writer only. */
    @SuppressWarnings("unused") // through ACTIVE
    private volatile int active = IDLE;

    /** Writer: enters the current phase and returns it (0 or 1); call {@link #exit()} after recording. */
    int enter() {
        int p = phase;
        while (true) {
            ACTIVE.setVolatile(this, p); // announce, then look again: the reader may have flipped meanwhile
            int now = phase;
            if (now == p) {
                return p;
            }
            p = now;
        }
    }

    /** Writer: leaves; what it recorded becomes visible to the reader that waits for it. */
    void exit() {
        ACTIVE.setRelease(this, IDLE);
    }

    /**
     * Reader: makes the other phase current and waits until the writer has left the old one, which
     * it returns; its buffer is the reader's until the next flip. Readers must not flip concurrently.
     */
    int flip() {
        int old = phase;
        phase = 1 - old; // volatile: ordered before the load below
        for (int spins = 0; (int) ACTIVE.getVolatile(this) == old; spins++) {
            if (spins < 1_000) {
                Thread.onSpinWait(); // the writer is finishing one message in the old phase
            } else {
                Thread.yield(); // it was descheduled in the middle of one
            }
        }
        return old;
    }
}
