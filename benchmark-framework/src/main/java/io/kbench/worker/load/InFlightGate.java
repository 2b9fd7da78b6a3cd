package io.kbench.worker.load;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Limits messages sent but not yet consumed: a producer takes a permit before each send, and the
 * consumer (or a failed send) returns it. With one permit this is Kafka's EndToEndLatency tool:
 * each message is sent only when the previous one has arrived.
 */
public final class InFlightGate {

    private final Semaphore permits;

    public InFlightGate(int maxInFlight) {
        this.permits = new Semaphore(maxInFlight);
    }

    /** Takes a permit, waiting at most {@code nanos}; false if none became free in time. */
    boolean tryEnter(long nanos) throws InterruptedException {
        return permits.tryAcquire(nanos, TimeUnit.NANOSECONDS);
    }

    /** A message left the system: consumed, or its send failed. */
    public void exit() {
        permits.release();
    }
}
