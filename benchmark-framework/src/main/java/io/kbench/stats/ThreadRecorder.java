package io.kbench.stats;

/**
 * Where one recording thread (a producer loop, a client's I/O thread, a consumer) puts what it
 * measures: two {@link IntervalBuffer}s, one per phase, behind a {@link SingleWriterPhaser} of its
 * own. The writer's enter and exit touch only this recorder's cache lines, so threads recording at
 * the same time never contend; the reader flips each thread's phase in turn and reads the buffer of
 * the phase it has just closed.
 *
 * <p>Everything one event records (its counts, its latencies, its time) lands in one buffer, so it
 * falls on one side of a snapshot. Different threads' buffers are flipped one after another: an
 * event falls on the side its own thread's flip puts it, which is where the event's time puts it,
 * give or take the microseconds between two flips.
 *
 * <p>One writer thread per recorder (the thread it was made for), not reentrant.
 */
final class ThreadRecorder {

    private final SingleWriterPhaser phaser = new SingleWriterPhaser();
    private final IntervalBuffer even = new IntervalBuffer();
    private final IntervalBuffer odd = new IntervalBuffer();

    // Reader side only (the caller of flip serialises readers).
    private long lastSendNanos = IntervalBuffer.NONE;
    private long lastAckNanos = IntervalBuffer.NONE;
    private long lastReceiveNanos = IntervalBuffer.NONE;
    private long firstSendSinceResetNanos = IntervalBuffer.NONE;

    /** Writer: enters the critical section; pass the value to {@link #buffer} and {@link #exit}. */
    int enter() {
        return phaser.enter();
    }

    /** Writer: the buffer of the phase {@link #enter} returned. */
    IntervalBuffer buffer(int phase) {
        return phase == 0 ? even : odd;
    }

    /** Writer: leaves the critical section. */
    void exit(int phase) {
        phaser.exit();
    }

    /**
     * Reader: closes the current phase (waiting for a writer still in it) and returns its buffer,
     * which the writer no longer touches until the next flip; the caller reads it, then resets it.
     * Also keeps the times of the thread's last events. Readers must not call this concurrently.
     */
    IntervalBuffer flip() {
        IntervalBuffer closed = buffer(phaser.flip());
        if (closed.lastSendNanos() != IntervalBuffer.NONE) {
            lastSendNanos = closed.lastSendNanos();
            if (firstSendSinceResetNanos == IntervalBuffer.NONE) {
                firstSendSinceResetNanos = closed.firstSendNanos();
            }
        }
        if (closed.lastAckNanos() != IntervalBuffer.NONE) {
            lastAckNanos = closed.lastAckNanos();
        }
        if (closed.lastReceiveNanos() != IntervalBuffer.NONE) {
            lastReceiveNanos = closed.lastReceiveNanos();
        }
        return closed;
    }

    /** Reader: sends recorded after this (and after the next flip) count as the first after a reset. */
    void forgetFirstSend() {
        firstSendSinceResetNanos = IntervalBuffer.NONE;
    }

    /** Times of this thread's events, as of the last {@link #flip()}; {@link IntervalBuffer#NONE} if none. */
    long lastSendNanos() {
        return lastSendNanos;
    }

    long lastAckNanos() {
        return lastAckNanos;
    }

    long lastReceiveNanos() {
        return lastReceiveNanos;
    }

    long firstSendSinceResetNanos() {
        return firstSendSinceResetNanos;
    }
}
