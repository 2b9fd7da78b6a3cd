package io.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.time.ManualClock;
import java.io.IOException;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class WorkerStatsTest {

    private static final long T0 = 1_000_000_000L;
    private static final long EPOCH_AT_ZERO = 1_700_000_000_000_000L;
    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(T0, EPOCH_AT_ZERO);
    private final WorkerStats stats = new WorkerStats("w1", clock);

    private static long epochMicros(long nanos) {
        return EPOCH_AT_ZERO + nanos / 1_000;
    }

    /** One message intended at {@code intended}, sent {@code delayMicros} later, acked {@code sendMicros} after that. */
    private void sendAndAck(long intended, long delayMicros, long sendMicros, int bytes) {
        long sent = intended + delayMicros * 1_000;
        stats.onSend(sent, sent - intended);
        stats.onAck(bytes, intended, sent, sent + sendMicros * 1_000);
    }

    @Test
    void periodCountsAreDeltasAndRunTotalsAccumulate() {
        for (int i = 0; i < 3; i++) {
            stats.onSend(T0, 0);
        }
        stats.onAck(100, T0, T0, T0 + MS);
        stats.onAck(100, T0, T0, T0 + MS);
        stats.onSendError(new IllegalStateException("boom"));
        stats.onReceive(50, T0 + 2 * MS, 2_000);
        clock.advanceMillis(1_000);
        PeriodStats p1 = stats.takePeriod();
        assertEquals("w1", p1.workerId());
        assertEquals(1_000_000, p1.durationMicros());
        assertEquals(new Counts(3, 2, 200, 1, 1, 50, 0), p1.counts());
        assertEquals(new Counts(3, 2, 200, 1, 1, 50, 0), p1.runTotals());
        assertEquals(2, p1.latencies().publish().getTotalCount());
        assertEquals(1, p1.latencies().endToEnd().getTotalCount());
        assertFalse(p1.producersDone());

        stats.onSend(T0 + 1_100 * MS, 0);
        stats.onSend(T0 + 1_200 * MS, 0);
        stats.onAck(100, T0 + 1_100 * MS, T0 + 1_100 * MS, T0 + 1_300 * MS);
        clock.advanceMillis(500);
        PeriodStats p2 = stats.takePeriod();
        assertEquals(500_000, p2.durationMicros());
        assertEquals(new Counts(2, 1, 100, 0, 0, 0, 0), p2.counts());
        assertEquals(new Counts(5, 3, 300, 1, 1, 50, 0), p2.runTotals());
        assertEquals(1, p2.latencies().publish().getTotalCount());
        assertEquals(0, p2.latencies().endToEnd().getTotalCount());
    }

    @Test
    void latenciesFollowTheMeasurementContract() {
        // intended T0, sent 500 µs late, acked 1000 µs after sending.
        sendAndAck(T0, 500, 1_000, 10);
        stats.onReceive(10, T0 + 3 * MS, 3_000);
        clock.advanceMillis(10);
        LatencyHistograms l = stats.takePeriod().latencies();
        assertEquals(1, l.publish().getCountAtValue(1_500), "publish = ack - intended");
        assertEquals(1, l.send().getCountAtValue(1_000), "send = ack - actual send");
        assertEquals(1, l.scheduleDelay().getCountAtValue(500), "schedule delay as passed to onSend");
        assertEquals(1, l.endToEnd().getCountAtValue(3_000), "end-to-end as given in micros");
        for (Histogram h : List.of(l.publish(), l.send(), l.scheduleDelay(), l.endToEnd())) {
            assertEquals(1, h.getTotalCount());
        }
    }

    @Test
    void scheduleDelayIsRecordedAtSendEvenWithoutAck() {
        stats.onSend(T0 + 2 * MS, 2 * MS);
        stats.onSend(T0 + 3 * MS, 0);
        LatencyHistograms l = stats.sinceReset().latencies();
        assertEquals(2, l.scheduleDelay().getTotalCount());
        assertEquals(1, l.scheduleDelay().getCountAtValue(2_000));
        assertEquals(1, l.scheduleDelay().getCountAtValue(0));
        assertEquals(0, l.publish().getTotalCount());
    }

    @Test
    void unknownEndToEndIsCountedButNotRecorded() {
        stats.onReceive(10, T0, Long.MIN_VALUE);
        stats.onReceive(10, T0, -20); // consumer clock behind the producer's: clamped to 0
        CumulativeStats c = stats.sinceReset();
        assertEquals(2, c.counts().messagesReceived());
        assertEquals(20, c.counts().bytesReceived());
        assertEquals(1, c.latencies().endToEnd().getTotalCount());
        assertEquals(1, c.latencies().endToEnd().getCountAtValue(0));
        assertEquals(1, c.counts().clampedSamples());
    }

    @Test
    void inFlightIsSentMinusAckedMinusFailed() {
        assertEquals(0, inFlight());
        for (int i = 0; i < 5; i++) {
            stats.onSend(T0, 0);
        }
        assertEquals(5, inFlight());
        stats.onAck(1, T0, T0, T0);
        stats.onAck(1, T0, T0, T0);
        stats.onSendAbandonedAtStop();
        assertEquals(2, inFlight());
    }

    /** What the coordinator sees: in flight from the run totals of a period. */
    private long inFlight() {
        return new io.kbench.model.LoadState(stats.takePeriod().runTotals(), 1, false).inFlightMessages();
    }

    @Test
    void resetStartsTheMeasurementAndTheNextPeriodTogether() {
        for (int i = 0; i < 5; i++) {
            sendAndAck(T0, 0, 9_000, 100);
        }
        stats.onReceive(100, T0, 1_000);
        clock.advanceMillis(300);
        stats.takePeriod();
        for (int i = 0; i < 4; i++) {
            sendAndAck(T0 + 300 * MS, 0, 9_000, 100); // in the period that the reset cuts short
        }
        clock.advanceMillis(200);
        long resetAt = clock.nanoTime();
        stats.reset();

        long firstAfter = resetAt + 10 * MS;
        sendAndAck(firstAfter, 0, 700, 100);
        sendAndAck(firstAfter + MS, 0, 700, 100);
        clock.advanceMillis(2_000);

        PeriodStats period = stats.takePeriod();
        assertEquals(2_000_000, period.durationMicros(), "the period starts at the reset");
        assertEquals(new Counts(2, 2, 200, 0, 0, 0, 0), period.counts());
        assertEquals(new Counts(11, 11, 1_100, 0, 1, 100, 0), period.runTotals(), "run totals are not reset");
        assertEquals(2, period.latencies().send().getTotalCount(), "latencies cover the same span as the counts");
        assertEquals(2, period.latencies().send().getCountAtValue(700));

        CumulativeStats c = stats.sinceReset();
        assertEquals(new Counts(2, 2, 200, 0, 0, 0, 0), c.counts());
        assertEquals(2, c.latencies().send().getTotalCount());
        assertEquals(0, c.latencies().endToEnd().getTotalCount());
        assertEquals(epochMicros(resetAt), c.resetEpochMicros());
        assertEquals(epochMicros(firstAfter), c.firstSendEpochMicros(), "first send after the reset");
        assertEquals(epochMicros(firstAfter + MS), c.lastSendEpochMicros());
        assertEquals(epochMicros(firstAfter + MS + 700_000), c.lastAckEpochMicros());
    }

    @Test
    void cumulativeTimestampsAreEpochMicrosOfTheClock() {
        CumulativeStats before = stats.sinceReset();
        assertEquals(epochMicros(T0), before.resetEpochMicros());
        assertEquals(0, before.firstSendEpochMicros(), "0 when nothing was sent");
        assertEquals(0, before.lastSendEpochMicros());
        assertEquals(0, before.lastAckEpochMicros());
        assertEquals(0, before.producersStoppedEpochMicros());
        assertEquals(0, before.lastReceiveEpochMicros());

        stats.onSend(T0 + 1 * MS, 0);
        stats.onSend(T0 + 5 * MS, 0);
        stats.onAck(8, T0 + 1 * MS, T0 + 1 * MS, T0 + 7 * MS);
        stats.onAck(8, T0 + 5 * MS, T0 + 5 * MS, T0 + 6 * MS); // acks may complete out of order
        stats.onReceive(8, T0 + 9 * MS, 8_000);
        clock.setNanos(T0 + 20 * MS);
        stats.onProducersStopped(17);

        CumulativeStats c = stats.sinceReset();
        assertEquals("w1", c.workerId());
        assertEquals(epochMicros(T0 + 1 * MS), c.firstSendEpochMicros());
        assertEquals(epochMicros(T0 + 5 * MS), c.lastSendEpochMicros());
        assertEquals(epochMicros(T0 + 6 * MS), c.lastAckEpochMicros(), "the last ack to complete");
        assertEquals(epochMicros(T0 + 9 * MS), c.lastReceiveEpochMicros());
        assertEquals(epochMicros(T0 + 20 * MS), c.producersStoppedEpochMicros());
        assertEquals(17, c.scheduleLagMessages());
        assertTrue(stats.takePeriod().producersDone());
    }

    @Test
    void errorsAreTalliedByClassWithTheFirstMessage() {
        stats.onSend(T0, 0);
        stats.onSend(T0, 0);
        stats.onSend(T0, 0);
        stats.onSend(T0, 0);
        stats.onSendError(new IllegalStateException("boom"));
        stats.onSendError(new IllegalStateException("boom"));
        stats.onSendError(new java.util.concurrent.ExecutionException(new IOException("disk full")));
        stats.onSendAbandonedAtStop(); // stopping: counted under its own class, never with an empty reason
        CumulativeStats c = stats.sinceReset();
        assertEquals(4, c.counts().sendErrors());
        assertEquals(List.of(new ErrorCount("IllegalStateException", 2, "boom"),
                new ErrorCount(WorkerStats.ABANDONED_AT_STOP, 1, c.errors().get(1).example()),
                new ErrorCount("IOException", 1, "disk full")), c.errors(), "a wrapper is looked through");
        assertTrue(c.errors().get(1).example().contains("when the producers stopped"), c.errors().get(1).example());
        assertEquals(c.errors(), stats.takePeriod().errors());
        assertEquals(0, inFlight());
    }

    @Test
    void clampedSamplesAreCountedPerPeriodAndSinceReset() {
        stats.onSend(T0, -5 * MS); // a negative schedule delay
        stats.onAck(1, T0, T0, T0 + (Histograms.MAX_MICROS + 1) * 1_000); // publish and send both too large
        PeriodStats p = stats.takePeriod();
        assertEquals(3, p.counts().clampedSamples());
        stats.reset();
        stats.onReceive(1, T0, -1);
        assertEquals(1, stats.sinceReset().counts().clampedSamples());
        assertEquals(1, stats.takePeriod().counts().clampedSamples());
    }

    /** Writers on many threads while a reader keeps taking periods: every event counted once, counters equal histograms. */
    @Test
    void concurrentWritersAndReaderLoseNothing() throws Exception {
        WorkerStats stats = new WorkerStats("w", new io.kbench.time.ManualClock());
        int threads = 4;
        int perThread = 200_000;
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        java.util.List<Thread> writers = new java.util.ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < perThread; i++) {
                    stats.onSend(1_000 + i, 2_000);
                    stats.onAck(10, 0, 1_000, 1_000 + 3_000L * (i % 100));
                    stats.onReceive(10, 2_000 + i, i % 500);
                }
            });
            w.start();
            writers.add(w);
        }
        long periodsAcked = 0;
        long periodsPublishSamples = 0;
        start.countDown();
        while (writers.stream().anyMatch(Thread::isAlive)) {
            PeriodStats p = stats.takePeriod();
            periodsAcked += p.counts().messagesAcked();
            periodsPublishSamples += p.latencies().publish().getTotalCount();
            assertEquals(p.counts().messagesAcked(), p.latencies().publish().getTotalCount(), "one period's ack counter and histogram");
            assertEquals(p.counts().messagesReceived(), p.latencies().endToEnd().getTotalCount(), "one period's receive counter and histogram");
        }
        for (Thread w : writers) {
            w.join();
        }
        PeriodStats last = stats.takePeriod();
        periodsAcked += last.counts().messagesAcked();
        periodsPublishSamples += last.latencies().publish().getTotalCount();
        long total = (long) threads * perThread;
        assertEquals(total, periodsAcked, "the periods add up to every ack");
        assertEquals(total, periodsPublishSamples);
        CumulativeStats all = stats.sinceReset();
        assertEquals(total, all.counts().messagesSent());
        assertEquals(total, all.counts().messagesAcked());
        assertEquals(total, all.counts().messagesReceived());
        assertEquals(total, all.latencies().scheduleDelay().getTotalCount());
        assertEquals(total, all.latencies().send().getTotalCount());
        assertEquals(10L * total, all.counts().bytesAcked());
    }

    @Test
    void aThreadsWriterRecordsAsTheStatsMethodsDoAndKnowsItsThread() throws Exception {
        WorkerStats.ThreadWriter writer = stats.writerForThisThread();
        assertTrue(writer.isOwnedByCurrentThread());
        writer.onReceive(10, T0 + MS, 1_000);
        stats.onReceive(20, T0 + 2 * MS, 2_000);
        boolean[] ownedElsewhere = new boolean[1];
        Thread other = new Thread(() -> ownedElsewhere[0] = writer.isOwnedByCurrentThread());
        other.start();
        other.join();
        assertFalse(ownedElsewhere[0], "another thread must get its own");
        CumulativeStats c = stats.sinceReset();
        assertEquals(2, c.counts().messagesReceived());
        assertEquals(30, c.counts().bytesReceived());
        assertEquals(2, c.latencies().endToEnd().getTotalCount());
        assertEquals(epochMicros(T0 + 2 * MS), c.lastReceiveEpochMicros());
    }

    @Test
    void theCpuTimeSinceTheResetIsKept() {
        long spin = 0;
        for (int i = 0; i < 1_000_000; i++) {
            spin += i % 7; // some CPU for this JVM to count
        }
        assertTrue(spin > 0);
        assertTrue(stats.sinceReset().processCpuMicros() >= 0, "this JVM tells its CPU time (Linux, HotSpot)");
    }

    @Test
    void transactionsAreCountedAndCommitsTimed() {
        stats.onTransactionCommitted(3_000);
        stats.onTransactionCommitted(5_000);
        stats.onTransactionAborted();
        stats.onAckedMessageAborted();
        PeriodStats p = stats.takePeriod();
        assertEquals(2, p.counts().transactionsCommitted());
        assertEquals(1, p.counts().transactionsAborted());
        assertEquals(1, p.counts().messagesAborted());
        assertTrue(p.counts().hasTransactions());
        assertEquals(2, p.latencies().commit().getTotalCount());
        assertEquals(5_000, p.latencies().commit().getMaxValue(), 5);
        assertEquals(2, stats.sinceReset().latencies().commit().getTotalCount());
    }
}
