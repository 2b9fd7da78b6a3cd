package io.kbench.coordinator;

import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import io.kbench.worker.Worker;
import java.time.Duration;
import java.util.Locale;

/**
 * Renews the workers' leases while a run is on, and fails the run when the workers have not all
 * answered for {@code deadAfter}: a worker that died or hangs is noticed within that bound even
 * when no other call is due.
 */
final class LeaseKeeper implements AutoCloseable {

    private final Worker workers;
    private final BenchmarkClock clock;
    private final long renewEveryNanos;
    private final long deadAfterNanos;
    private final StopSignal signal;
    private final Thread thread;
    private volatile boolean closed;

    LeaseKeeper(Worker workers, BenchmarkClock clock, Duration renewEvery, Duration deadAfter, StopSignal signal) {
        this.workers = workers;
        this.clock = clock;
        this.renewEveryNanos = renewEvery.toNanos();
        this.deadAfterNanos = deadAfter.toNanos();
        this.signal = signal;
        this.thread = new Thread(this::run, "kbench-lease-keeper");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** The loop, public to the package so tests can drive it on a manual clock. */
    void run() {
        long lastSuccess = clock.nanoTime();
        try {
            while (!closed) {
                clock.parkUntil(clock.nanoTime() + renewEveryNanos);
                if (closed) {
                    return;
                }
                try {
                    workers.renewLease();
                    lastSuccess = clock.nanoTime();
                } catch (RuntimeException e) {
                    long silentNanos = clock.nanoTime() - lastSuccess;
                    if (silentNanos >= deadAfterNanos) {
                        signal.fail(String.format(Locale.ROOT, "a worker stopped answering for %.1f s: %s",
                                silentNanos / 1e9, Errors.describeForUser(e)));
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
