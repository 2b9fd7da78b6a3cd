package io.kbench.coordinator;

import io.kbench.time.BenchmarkClock;
import io.kbench.time.Poller;
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
    private final long deadAfterNanos;
    private final StopSignal signal;
    private final Poller poller;
    /** When the workers last all answered; read and written on the poller's thread once started. */
    private long lastSuccessNanos;

    LeaseKeeper(Worker workers, BenchmarkClock clock, Duration renewEvery, Duration deadAfter, StopSignal signal) {
        this.workers = workers;
        this.clock = clock;
        this.deadAfterNanos = deadAfter.toNanos();
        this.signal = signal;
        long renewEveryNanos = renewEvery.toNanos();
        this.poller = new Poller("kbench-lease-keeper", clock, () -> renewEveryNanos, this::renew).firstPollAfterOneInterval()
                .onFailure(this::stillAlive);
    }

    void start() {
        lastSuccessNanos = clock.nanoTime();
        poller.start();
    }

    private void renew() {
        workers.renewLease();
        lastSuccessNanos = clock.nanoTime();
    }

    /** Fails the run, and stops renewing, once the workers have been silent for {@code deadAfter}. */
    private boolean stillAlive(RuntimeException e) {
        long silentNanos = clock.nanoTime() - lastSuccessNanos;
        if (silentNanos >= deadAfterNanos) {
            signal.fail(String.format(Locale.ROOT, "a worker stopped answering for %.1f s: %s", silentNanos / 1e9,
                    Errors.describeForUser(e)));
            return false;
        }
        return true;
    }

    @Override
    public void close() {
        poller.stopWithoutWaiting();
    }
}
