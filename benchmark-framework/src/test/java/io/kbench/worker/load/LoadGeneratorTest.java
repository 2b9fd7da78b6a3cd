package io.kbench.worker.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.WorkerStats;
import io.kbench.time.ManualClock;
import io.kbench.workload.KeyDistributorType;
import io.kbench.workload.PayloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.kbench.plan.LoadSpec;
/**
 * The generator on real threads with a manual clock. Runs end by quota (or an explicit stop), so
 * each test is deterministic; the timeout only guards against a hang.
 */
@Timeout(10)
class LoadGeneratorTest {

    private static final long T0 = 1_000_000_000L;
    private static final long EPOCH_AT_ZERO = 1_700_000_000_000_000L;
    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(T0, EPOCH_AT_ZERO);
    private final WorkerStats stats = new WorkerStats("w", clock);
    private final PayloadSpec payload = new PayloadSpec(16, null, false, 0, 0, 42);

    private long epoch(long nanos) {
        return clock.epochMicrosAt(nanos);
    }

    /** Spins until the generator reported its producers stopped (set once, by the generator's own threads). */
    private CumulativeStats awaitProducersStopped() {
        while (stats.sinceReset().producersStoppedEpochMicros() == 0) {
            Thread.onSpinWait();
        }
        return stats.sinceReset();
    }

    @Test
    void quotaIsSplitByRunWideIndexAndEachMessageKeepsItsScheduledTime() {
        // 10 messages over 3 producers: producer 0 sends 4, producers 1 and 2 send 3 each.
        LoadSpec load = new LoadSpec(1000, 3, 10, payload, KeyDistributorType.NO_KEY, 0);
        assertEquals(List.of(4L, 3L, 3L), List.of(load.quotaOf(0), load.quotaOf(1), load.quotaOf(2)));

        // This worker holds producers 1 and 2 (another worker would hold 0), on two threads.
        FakeProducer p1 = new FakeProducer(1, clock);
        FakeProducer p2 = new FakeProducer(2, clock);
        Map<Integer, BenchmarkProducer> mine = new LinkedHashMap<>();
        mine.put(1, p1);
        mine.put(2, p2);
        LoadGenerator generator = new LoadGenerator(mine, load, clock, stats, 2);
        generator.start();
        CumulativeStats c = awaitProducersStopped();

        // Producer i of 3 at 1000 msg/s: message k at i ms + 3k ms. Threads share the clock, so one
        // may send late, but intended times never move.
        assertEquals(List.of(epoch(T0 + 1 * MS), epoch(T0 + 4 * MS), epoch(T0 + 7 * MS)), p1.intendedEpochMicros());
        assertEquals(List.of(epoch(T0 + 2 * MS), epoch(T0 + 5 * MS), epoch(T0 + 8 * MS)), p2.intendedEpochMicros());
        byte[] expectedPayload = payload.materialize().get(0);
        for (FakeProducer p : List.of(p1, p2)) {
            for (FakeProducer.Send s : p.sends) {
                assertArrayEquals(expectedPayload, s.payload());
                assertTrue(s.nanoTimeAtCall() >= T0 + (s.intendedEpochMicros() - epoch(T0)) * 1_000, "never early");
            }
        }
        assertEquals(6, c.counts().messagesSent());
        assertEquals(6, c.counts().messagesAcked());
        assertEquals(6 * 16, c.counts().bytesAcked());
        assertEquals(0, c.scheduleLagMessages());
        // The clock only moves by waits for due messages, so the last wait was for the last message.
        assertEquals(epoch(T0 + 8 * MS), c.producersStoppedEpochMicros());
        assertTrue(stats.takePeriod().producersDone());
    }

    @Test
    void throttledOnOneThreadSendsInScheduleOrderExactlyOnTime() {
        LoadSpec load = new LoadSpec(500, 2, 8, payload, KeyDistributorType.NO_KEY, 0);
        List<FakeProducer.Send> log = java.util.Collections.synchronizedList(new ArrayList<>());
        Map<Integer, BenchmarkProducer> mine = new LinkedHashMap<>();
        mine.put(0, new FakeProducer(0, clock, log));
        mine.put(1, new FakeProducer(1, clock, log));
        new LoadGenerator(mine, load, clock, stats, 1).start();
        CumulativeStats c = awaitProducersStopped();

        assertEquals(8, log.size());
        for (int j = 0; j < 8; j++) {
            assertEquals(j % 2, log.get(j).producer());
            assertEquals(epoch(T0 + j * 2 * MS), log.get(j).intendedEpochMicros());
            assertEquals(T0 + j * 2 * MS, log.get(j).nanoTimeAtCall());
        }
        assertEquals(8, c.latencies().scheduleDelay().getCountAtValue(0));
        assertEquals(epoch(T0 + 14 * MS), c.producersStoppedEpochMicros());
    }

    @Test
    void unthrottledSendsWithoutWaiting() {
        LoadSpec load = new LoadSpec(-1, 2, 7, payload, KeyDistributorType.NO_KEY, 0);
        List<FakeProducer.Send> log = java.util.Collections.synchronizedList(new ArrayList<>());
        Map<Integer, BenchmarkProducer> mine = new LinkedHashMap<>();
        mine.put(0, new FakeProducer(0, clock, log));
        mine.put(1, new FakeProducer(1, clock, log));
        new LoadGenerator(mine, load, clock, stats, 1).start();
        CumulativeStats c = awaitProducersStopped();

        assertEquals(List.of(0, 1, 0, 1, 0, 1, 0), log.stream().map(FakeProducer.Send::producer).toList());
        for (FakeProducer.Send s : log) {
            assertEquals(epoch(T0), s.intendedEpochMicros(), "intended = now; the clock never moved");
        }
        assertEquals(T0, clock.nanoTime(), "no waits at all");
        assertEquals(7, c.counts().messagesAcked());
        assertEquals(7, c.latencies().scheduleDelay().getCountAtValue(0));
        assertEquals(0, c.scheduleLagMessages());
        assertEquals(epoch(T0), c.producersStoppedEpochMicros());
    }

    @Test
    void stoppingWhileBehindReportsTheMessagesDueButNotSent() throws Exception {
        LoadSpec load = new LoadSpec(1000, 1, 0, payload, KeyDistributorType.NO_KEY, 0);
        FakeProducer p = new FakeProducer(0, clock);
        CountDownLatch stalled = new CountDownLatch(1);
        Thread testThread = Thread.currentThread();
        p.hook = n -> {
            if (n == 4) {
                clock.advanceMillis(100); // the client blocks for 100 ms on message 4
                stalled.countDown();
                // Return only once the test thread is inside stop(), waiting for this loop to end.
                while (testThread.getState() != Thread.State.TIMED_WAITING) {
                    Thread.onSpinWait();
                }
            }
        };
        LoadGenerator generator = new LoadGenerator(Map.of(0, p), load, clock, stats, 1);
        generator.start();
        stalled.await();
        generator.stop();

        CumulativeStats c = stats.sinceReset();
        assertEquals(5, p.sends.size(), "the loop ends after the stalled send");
        // Stopped at 104 ms: messages 0..104 were due (105), 5 were sent.
        assertEquals(100, c.scheduleLagMessages());
        assertEquals(epoch(T0 + 104 * MS), c.producersStoppedEpochMicros());
        generator.stop(); // a second stop changes nothing
        assertEquals(100, stats.sinceReset().scheduleLagMessages());
    }

    @Test
    void quotasSplitExactlyOverAnyNumberOfProducers() {
        for (long total : new long[] {1, 7, 10, 999, 1_000_000_007L}) {
            for (int producers : new int[] {1, 2, 3, 16, 40}) {
                LoadSpec load = new LoadSpec(100, producers, total, payload, KeyDistributorType.NO_KEY, 0);
                long sum = 0;
                long min = Long.MAX_VALUE;
                long max = 0;
                for (int i = 0; i < producers; i++) {
                    long q = load.quotaOf(i);
                    sum += q;
                    min = Math.min(min, q);
                    max = Math.max(max, q);
                    assertTrue(i == 0 || q <= load.quotaOf(i - 1), "lower indexes take the remainder");
                }
                assertEquals(total, sum, total + " over " + producers);
                assertTrue(max - min <= 1, total + " over " + producers + ": " + min + ".." + max);
            }
        }
        LoadSpec noCount = new LoadSpec(100, 3, 0, payload, KeyDistributorType.NO_KEY, 0);
        assertEquals(Long.MAX_VALUE, noCount.quotaOf(2));
    }
}
