package io.kbench.time;

import java.util.function.LongSupplier;

/**
 * Runs a poll every interval on a daemon thread of its own, on an injected clock, until stopped: the next poll is due
 * one interval after the last one ended. A poll that throws is handed to {@link OnFailure}, which says whether to go
 * on; by default the poller goes on, so a cluster that does not answer once is asked again at the next interval.
 */
public final class Poller {

    /** How long {@link #stop()} waits for a poll under way. */
    static final long STOP_WAIT_MILLIS = 5_000;

    /** What a poll that threw does to the polling. */
    @FunctionalInterface
    public interface OnFailure {
        /** @return whether to go on polling */
        boolean goOn(RuntimeException failure);
    }

    private final String threadName;
    private final BenchmarkClock clock;
    private final LongSupplier intervalNanos;
    private final Runnable poll;
    private final boolean pollAtStart;
    private final OnFailure onFailure;
    private volatile boolean stopped;
    private Thread thread;

    /**
     * Polls at once when started, then every interval.
     *
     * @param intervalNanos the interval, read anew after each poll (it may grow as a poller thins what it keeps)
     */
    public Poller(String threadName, BenchmarkClock clock, LongSupplier intervalNanos, Runnable poll) {
        this(threadName, clock, intervalNanos, poll, true, failure -> true);
    }

    private Poller(String threadName, BenchmarkClock clock, LongSupplier intervalNanos, Runnable poll, boolean pollAtStart,
                   OnFailure onFailure) {
        this.threadName = threadName;
        this.clock = clock;
        this.intervalNanos = intervalNanos;
        this.poll = poll;
        this.pollAtStart = pollAtStart;
        this.onFailure = onFailure;
    }

    /** The same poller, whose first poll is one interval after the start. */
    public Poller firstPollAfterOneInterval() {
        return new Poller(threadName, clock, intervalNanos, poll, false, onFailure);
    }

    /** The same poller, which hands a poll that threw to {@code onFailure}. */
    public Poller onFailure(OnFailure then) {
        return new Poller(threadName, clock, intervalNanos, poll, pollAtStart, then);
    }

    /** Starts polling on a daemon thread; a poller starts once, and not after {@link #stop()}. */
    public synchronized void start() {
        if (thread != null || stopped) {
            return;
        }
        thread = new Thread(this::run, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    /** The loop, on the calling thread: the poller's thread runs it, and tests drive it on a {@link ManualClock}. */
    void run() {
        try {
            if (!pollAtStart) {
                awaitNext();
            }
            while (!stopped) {
                try {
                    poll.run();
                } catch (RuntimeException e) {
                    if (!onFailure.goOn(e)) {
                        return;
                    }
                }
                if (stopped) {
                    return;
                }
                awaitNext();
            }
        } catch (InterruptedException e) {
            // stopped
        }
    }

    /** Waits one interval from now; the interval is asked after the time is read. */
    private void awaitNext() throws InterruptedException {
        long from = clock.nanoTime();
        clock.parkUntil(from + intervalNanos.getAsLong());
    }

    /** Stops polling and waits a little (up to {@value #STOP_WAIT_MILLIS} ms) for a poll under way. */
    public void stop() {
        Thread t = signalStop();
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(STOP_WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Stops polling without waiting for a poll under way. */
    public void stopWithoutWaiting() {
        signalStop();
    }

    private Thread signalStop() {
        Thread t;
        synchronized (this) {
            stopped = true;
            t = thread;
        }
        if (t != null && t != Thread.currentThread()) {
            t.interrupt();
        }
        return t;
    }
}
