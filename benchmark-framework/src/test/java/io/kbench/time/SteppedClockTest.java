package io.kbench.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class SteppedClockTest {

    @Test
    void aParkedThreadWaitsUntilTheClockIsMovedToItsDeadline() throws Exception {
        SteppedClock clock = new SteppedClock(0, 1_000_000);
        AtomicLong wokeAt = new AtomicLong(-1);
        CountDownLatch parked = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            try {
                parked.countDown();
                clock.parkUntil(3_000_000);
                wokeAt.set(clock.nanoTime());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.start();
        parked.await();
        clock.advanceMillis(2);
        t.join(100);
        assertTrue(t.isAlive(), "2 ms in, a thread parked until 3 ms still waits");
        clock.advanceMillis(2);
        t.join(5_000);
        assertFalse(t.isAlive());
        assertEquals(4_000_000, wokeAt.get(), "it woke at the clock's time, which it never moves itself");
    }

    @Test
    void aDeadlineAlreadyPassedReturnsAtOnceAndTimeNeverGoesBack() throws Exception {
        SteppedClock clock = new SteppedClock(5_000, 0);
        clock.parkUntil(1_000);
        assertEquals(5_000, clock.nanoTime());
        assertThrows(IllegalArgumentException.class, () -> clock.advanceNanos(-1));
    }

    @Test
    void anInterruptEndsAPark() throws Exception {
        SteppedClock clock = new SteppedClock();
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                clock.parkUntil(Long.MAX_VALUE);
                ended.complete(null);
            } catch (InterruptedException e) {
                ended.complete(e);
            }
        });
        t.start();
        t.interrupt();
        assertTrue(ended.get(5, TimeUnit.SECONDS) instanceof InterruptedException);
    }

    @Test
    void anOffsetClockSharesTheTimeAndShiftsOnlyTheWallClock() throws Exception {
        SteppedClock clock = new SteppedClock(0, 1_000_000);
        BenchmarkClock remote = clock.withOffsetMicros(250).withOffsetMicros(50);
        clock.advanceMillis(1);
        assertEquals(clock.nanoTime(), remote.nanoTime());
        assertEquals(clock.epochMicros() + 300, remote.epochMicros());
        remote.parkUntil(1_000_000); // reached already: returns
    }
}
