package io.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ThreadRecorderTest {

    @Test
    void theWriterAlternatesBuffersAsTheReaderFlips() {
        ThreadRecorder r = new ThreadRecorder();
        int phase = r.enter();
        IntervalBuffer first = r.buffer(phase);
        first.onSend(5, 0);
        r.exit(phase);

        IntervalBuffer closed = r.flip();
        assertSame(first, closed, "the flip hands over the buffer just written");
        assertEquals(1, closed.counts().messagesSent());
        closed.reset();

        int next = r.enter();
        IntervalBuffer second = r.buffer(next);
        assertNotSame(first, second, "meanwhile the writer records into the other one");
        second.onSend(6, 0);
        r.exit(next);
        assertSame(second, r.flip());
        int third = r.enter();
        assertSame(first, r.buffer(third), "and back");
        r.exit(third);
    }

    @Test
    void theThreadsTimesAreKeptAcrossFlipsAndTheFirstSendUntilForgotten() {
        ThreadRecorder r = new ThreadRecorder();
        record(r, b -> b.onSend(100, 0));
        record(r, b -> b.onSend(200, 0));
        record(r, b -> b.onAck(1, 300, 0, 0));
        r.flip().reset();
        assertEquals(100, r.firstSendSinceResetNanos());
        assertEquals(200, r.lastSendNanos());
        assertEquals(300, r.lastAckNanos());
        assertEquals(IntervalBuffer.NONE, r.lastReceiveNanos());

        r.flip().reset(); // an empty interval changes nothing
        assertEquals(200, r.lastSendNanos());

        r.forgetFirstSend();
        record(r, b -> b.onSend(400, 0));
        record(r, b -> b.onReceive(1, 500, 0));
        r.flip().reset();
        assertEquals(400, r.firstSendSinceResetNanos(), "the first send after the reset");
        assertEquals(400, r.lastSendNanos());
        assertEquals(500, r.lastReceiveNanos());
    }

    private static void record(ThreadRecorder r, java.util.function.Consumer<IntervalBuffer> event) {
        int phase = r.enter();
        try {
            event.accept(r.buffer(phase));
        } finally {
            r.exit(phase);
        }
    }

    /** One writer per recorder, a reader flipping all of them all the time: every event counted exactly once. */
    @Test
    void concurrentWritersEachWithItsRecorderAndOneReaderLoseNothing() throws Exception {
        int threads = 4;
        int perThread = 300_000;
        List<ThreadRecorder> recorders = new ArrayList<>();
        List<Thread> writers = new ArrayList<>();
        CountDownLatch start = new CountDownLatch(1);
        for (int t = 0; t < threads; t++) {
            ThreadRecorder r = new ThreadRecorder();
            recorders.add(r);
            long base = 1_000_000L * (t + 1);
            Thread w = new Thread(() -> {
                await(start);
                for (int i = 1; i <= perThread; i++) {
                    int phase = r.enter();
                    try {
                        IntervalBuffer b = r.buffer(phase);
                        b.onSend(base + i, 0);
                        b.onAck(10, base + i, i % 1_000, i % 1_000);
                        b.onReceive(3, base + i, i % 500);
                    } finally {
                        r.exit(phase);
                    }
                }
            });
            w.start();
            writers.add(w);
        }
        Counts total = Counts.ZERO;
        long publishSamples = 0;
        long endToEndSamples = 0;
        int flips = 0;
        start.countDown();
        AtomicBoolean running = new AtomicBoolean(true);
        while (running.get()) {
            running.set(writers.stream().anyMatch(Thread::isAlive));
            for (ThreadRecorder r : recorders) {
                IntervalBuffer filled = r.flip();
                flips++;
                Counts c = filled.counts();
                assertEquals(c.messagesAcked(), filled.publish().getTotalCount(), "an interval's counter and histogram agree");
                assertEquals(c.messagesReceived(), filled.endToEnd().getTotalCount());
                total = total.plus(c);
                publishSamples += filled.publish().getTotalCount();
                endToEndSamples += filled.endToEnd().getTotalCount();
                filled.reset();
            }
        }
        for (Thread w : writers) {
            w.join();
        }
        long all = (long) threads * perThread;
        assertEquals(all, total.messagesSent());
        assertEquals(all, total.messagesAcked());
        assertEquals(10 * all, total.bytesAcked());
        assertEquals(all, total.messagesReceived());
        assertEquals(all, publishSamples);
        assertEquals(all, endToEndSamples);
        assertTrue(flips >= threads, "the reader flipped while the writers ran");
        for (int t = 0; t < threads; t++) {
            ThreadRecorder r = recorders.get(t);
            long base = 1_000_000L * (t + 1);
            assertEquals(base + 1, r.firstSendSinceResetNanos());
            assertEquals(base + perThread, r.lastSendNanos(), "each thread's last send, whichever flip took it");
        }
    }

    /** Through WorkerStats: threads' times combine into the earliest first send and the latest last events. */
    @Test
    void workerStatsCombineTheThreadsTimes() throws Exception {
        ManualClock clock = new ManualClock(0, 1_000_000_000L);
        WorkerStats stats = new WorkerStats("w", clock);
        Thread a = new Thread(() -> {
            stats.onSend(2_000, 0);
            stats.onSend(9_000, 0);
            stats.onReceive(1, 4_000, 0);
        });
        Thread b = new Thread(() -> {
            stats.onSend(1_000, 0);
            stats.onSend(5_000, 0);
            stats.onAck(1, 0, 0, 7_000);
            stats.onReceive(1, 8_000, 0);
        });
        a.start();
        b.start();
        a.join();
        b.join();
        CumulativeStats c = stats.sinceReset();
        assertEquals(1_000_000_000L + 1, c.firstSendEpochMicros(), "the earliest first send of any thread");
        assertEquals(1_000_000_000L + 9, c.lastSendEpochMicros(), "the latest last send of any thread");
        assertEquals(1_000_000_000L + 7, c.lastAckEpochMicros());
        assertEquals(1_000_000_000L + 8, c.lastReceiveEpochMicros());
        assertEquals(4, c.counts().messagesSent());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
