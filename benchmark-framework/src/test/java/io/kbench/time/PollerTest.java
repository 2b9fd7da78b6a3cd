package io.kbench.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class PollerTest {

    private static final long S = 1_000_000_000L;

    @Test
    void pollsAtOnceThenOneIntervalAfterEachPollEndedAndGoesOnAfterAFailureUnlessToldToStop() {
        ManualClock clock = new ManualClock(0, 0);
        List<Long> polledAt = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Poller poller = new Poller("test", clock, () -> 10 * S, () -> {
            polledAt.add(clock.nanoTime() / S);
            switch (polledAt.size()) {
                case 2 -> clock.advanceNanos(S); // a slow poll: the next is due an interval after it ended
                case 3 -> throw new IllegalStateException("broker gone");
                case 5 -> throw new IllegalStateException("fatal");
                default -> { }
            }
        }).onFailure(e -> {
            failures.add(e.getMessage());
            return !e.getMessage().equals("fatal");
        });
        poller.run(); // on this thread: the manual clock jumps to each deadline
        assertEquals(List.of(0L, 10L, 21L, 31L, 41L), polledAt);
        assertEquals(List.of("broker gone", "fatal"), failures);
    }

    @Test
    void theFirstPollCanWaitOneIntervalAndTheIntervalIsReadAfterEachPoll() {
        ManualClock clock = new ManualClock(0, 0);
        AtomicLong interval = new AtomicLong(5 * S);
        List<Long> polledAt = new ArrayList<>();
        Poller poller = new Poller("test", clock, interval::get, () -> {
            polledAt.add(clock.nanoTime() / S);
            interval.set(interval.get() * 2);
            if (polledAt.size() == 3) {
                throw new IllegalStateException("enough");
            }
        }).firstPollAfterOneInterval().onFailure(e -> false);
        poller.run();
        assertEquals(List.of(5L, 15L, 35L), polledAt, "5 s in, then 10 s and 20 s after");
    }

    @Test
    void pollsOnADaemonThreadOfItsOwnUntilStopped() throws Exception {
        SteppedClock clock = new SteppedClock(0, 0);
        BlockingQueue<Long> polledAt = new LinkedBlockingQueue<>();
        BlockingQueue<Long> waiting = new LinkedBlockingQueue<>();
        AtomicReference<Thread> on = new AtomicReference<>();
        // The interval is asked once the time the wait starts from is read: then the test may move the clock.
        Poller poller = new Poller("kbench-test-poll", clock, () -> {
            waiting.add(clock.nanoTime());
            return 2 * S;
        }, () -> {
            on.set(Thread.currentThread());
            polledAt.add(clock.nanoTime());
        });
        poller.start();
        assertEquals(0L, polledAt.poll(5, TimeUnit.SECONDS), "the first poll at once");
        assertEquals("kbench-test-poll", on.get().getName());
        assertTrue(on.get().isDaemon());
        assertEquals(0L, waiting.poll(5, TimeUnit.SECONDS));
        clock.advanceNanos(2 * S);
        assertEquals(2 * S, polledAt.poll(5, TimeUnit.SECONDS));
        poller.stop();
        assertFalse(on.get().isAlive(), "stop waits for the thread to end");
        clock.advanceNanos(10 * S);
        assertNull(polledAt.poll(), "no poll after the stop");
    }

    @Test
    void aPollMayStopItsOwnPoller() throws Exception {
        ManualClock clock = new ManualClock(0, 0);
        AtomicLong polls = new AtomicLong();
        BlockingQueue<Thread> on = new LinkedBlockingQueue<>();
        AtomicReference<Poller> self = new AtomicReference<>();
        self.set(new Poller("test", clock, () -> S, () -> {
            polls.incrementAndGet();
            self.get().stop(); // from the poller's own thread: it must not wait for itself
            on.add(Thread.currentThread());
        }));
        self.get().start();
        Thread t = on.poll(5, TimeUnit.SECONDS);
        t.join(5_000);
        assertFalse(t.isAlive());
        assertEquals(1, polls.get(), "no poll after the one that stopped it");
    }
}
