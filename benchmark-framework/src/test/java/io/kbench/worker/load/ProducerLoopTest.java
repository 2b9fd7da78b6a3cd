package io.kbench.worker.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.features.AckListener;
import io.kbench.features.integrity.SequenceSet;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.WorkerStats;
import io.kbench.time.ManualClock;
import io.kbench.time.RateControl;
import io.kbench.time.RateProfile;
import io.kbench.time.SendSchedule;
import io.kbench.workload.KeyDistributorType;
import io.kbench.workload.KeyPool;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.kbench.plan.StampMode;
/** Runs {@link ProducerLoop} on the test thread with a manual clock: no threads, no waiting. */
@Timeout(10)
class ProducerLoopTest {

    private static final long T0 = 1_000_000_000L;
    private static final long EPOCH_AT_ZERO = 1_700_000_000_000_000L;
    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(T0, EPOCH_AT_ZERO);
    private final WorkerStats stats = new WorkerStats("w", clock);
    private final byte[][] payloads = {{1}, {2, 2}, {3, 3, 3}};

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted(); // the loop re-asserts the interrupt that ended it
    }

    private ScheduledProducer scheduled(FakeProducer p, SendSchedule schedule, long quota) {
        return new ScheduledProducer(p, schedule, quota, payloads, new KeyPool(KeyDistributorType.NO_KEY, 1));
    }

    private long epoch(long nanos) {
        return clock.epochMicrosAt(nanos);
    }

    @Test
    void throttledLoopSendsExactlyTheMessagesDueInASimulatedSecond() {
        HorizonClock horizon = new HorizonClock(clock, T0 + 1_000 * MS);
        List<FakeProducer.Send> log = Collections.synchronizedList(new ArrayList<>());
        List<ScheduledProducer> producers = new ArrayList<>();
        List<FakeProducer> fakes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            FakeProducer f = new FakeProducer(i, clock, log);
            fakes.add(f);
            producers.add(scheduled(f, SendSchedule.throttled(T0, 1000, i, 3), Long.MAX_VALUE));
        }
        new ProducerLoop(producers, horizon, stats, true).run();
        assertTrue(Thread.interrupted(), "the loop ended through the interrupted wait");

        // 1000 msg/s over [T0, T0 + 1 s]: messages at 0, 1, ..., 1000 ms, producer i taking j = 3k + i.
        assertEquals(334, fakes.get(0).sends.size());
        assertEquals(334, fakes.get(1).sends.size());
        assertEquals(333, fakes.get(2).sends.size());
        assertEquals(1001, log.size());
        for (int j = 0; j < log.size(); j++) {
            FakeProducer.Send s = log.get(j);
            assertEquals(j % 3, s.producer(), "message " + j + " of the run goes to producer j mod 3");
            assertEquals(j / 3, s.n());
            assertEquals(epoch(T0 + j * MS), s.intendedEpochMicros(), "message " + j);
            assertEquals(T0 + j * MS, s.nanoTimeAtCall(), "sent exactly on time");
            assertSame(payloads[(int) (s.n() % payloads.length)], s.payload(), "payloads taken in turn");
            assertNull(s.key());
        }
        for (ScheduledProducer p : producers) {
            assertEquals(0, p.lagAt(T0 + 1_000 * MS));
        }
        CumulativeStats c = stats.sinceReset();
        assertEquals(1001, c.counts().messagesSent());
        assertEquals(1001, c.counts().messagesAcked());
        // Payload sizes 1, 2, 3 in turn per producer: 334 sends = 111 rounds + 1 byte, 333 = 111 rounds.
        assertEquals(2 * (111 * 6 + 1) + 111 * 6, c.counts().bytesAcked());
        assertEquals(0, c.latencies().scheduleDelay().getMaxValue());
        assertEquals(1001, c.latencies().scheduleDelay().getCountAtValue(0));
    }

    /**
     * 100,000 msg/s (a message every 10 µs): the loop wakes at most every MIN_WAKE_INTERVAL_NANOS and
     * then sends every message due, each with its own intended time, none early, none skipped.
     */
    @Test
    void aFastScheduleIsSentInBatchesPerWakeUpKeepingEveryIntendedTime() {
        long horizonNanos = 20 * MS;
        HorizonClock horizon = new HorizonClock(clock, T0 + horizonNanos);
        FakeProducer f = new FakeProducer(0, clock);
        new ProducerLoop(List.of(scheduled(f, SendSchedule.throttled(T0, 100_000, 0, 1), Long.MAX_VALUE)), horizon, stats, true).run();

        long interval = ProducerLoop.MIN_WAKE_INTERVAL_NANOS;
        // The horizon interrupts the wait that would have sent the messages due in the last interval.
        long lastWake = horizon.parks.get(horizon.parks.size() - 2)[1];
        assertTrue(lastWake > T0 + horizonNanos - interval - 1, "the last completed wait ended within an interval of the horizon");
        assertEquals(1 + (lastWake - T0) / 10_000, f.sends.size(), "every message due by the last wake-up (a message every 10 µs)");
        for (int n = 0; n < f.sends.size(); n++) {
            FakeProducer.Send s = f.sends.get(n);
            long intended = T0 + n * 10_000L;
            assertEquals(epoch(intended), s.intendedEpochMicros(), "message " + n + " keeps its intended time");
            assertTrue(s.nanoTimeAtCall() >= intended, "never sent early: message " + n);
            assertTrue(s.nanoTimeAtCall() - intended <= interval, "late by at most one wake interval: message " + n);
        }
        assertTrue(horizon.parks.size() <= horizonNanos / interval + 2,
                horizon.parks.size() + " waits for " + horizonNanos / interval + " wake intervals");
        for (int i = 1; i < horizon.parks.size(); i++) {
            assertTrue(horizon.parks.get(i)[1] - horizon.parks.get(i - 1)[1] >= interval, "wake-ups at least an interval apart");
        }
        LatencyHistograms l = stats.sinceReset().latencies();
        assertEquals(f.sends.size(), l.scheduleDelay().getTotalCount());
        assertTrue(l.scheduleDelay().getMaxValue() <= interval / 1_000 + 1, "the wait shows as schedule delay, at most an interval");
        assertTrue(l.scheduleDelay().getMean() > 0);
    }

    @Test
    void waitsAreCappedSoThatAStopIsNoticedAtLowRates() {
        HorizonClock horizon = new HorizonClock(clock, T0 + 3_000 * MS);
        FakeProducer f = new FakeProducer(0, clock);
        new ProducerLoop(List.of(scheduled(f, SendSchedule.throttled(T0, 1, 0, 1), Long.MAX_VALUE)), horizon, stats, true).run();

        assertEquals(List.of(epoch(T0), epoch(T0 + 1_000 * MS), epoch(T0 + 2_000 * MS), epoch(T0 + 3_000 * MS)),
                f.intendedEpochMicros());
        // 20 waits of 50 ms per second for 3 s, then the one that crosses the horizon.
        assertEquals(61, horizon.parks.size());
        for (long[] park : horizon.parks) {
            assertEquals(ProducerLoop.MAX_PARK_NANOS, park[1] - park[0]);
        }
    }

    @Test
    void aStalledSendIsFollowedByTheOverdueMessagesWithTheirOriginalIntendedTimes() {
        FakeProducer f = new FakeProducer(0, clock);
        f.hook = n -> {
            if (n == 0) {
                clock.advanceMillis(10); // the client blocks for 10 ms on the first message
            }
        };
        ScheduledProducer p = scheduled(f, SendSchedule.throttled(T0, 1000, 0, 1), 20);
        new ProducerLoop(List.of(p), clock, stats, true).run();

        assertEquals(20, f.sends.size(), "nothing skipped");
        for (int n = 0; n < 20; n++) {
            FakeProducer.Send s = f.sends.get(n);
            assertEquals(epoch(T0 + n * MS), s.intendedEpochMicros(), "message " + n + " keeps its intended time");
            long expectedSend = n == 0 ? T0 : n <= 10 ? T0 + 10 * MS : T0 + n * MS;
            assertEquals(expectedSend, s.nanoTimeAtCall(), "message " + n);
        }
        LatencyHistograms l = stats.sinceReset().latencies();
        // Schedule delay: 0 for message 0, 9..0 ms for messages 1..10 (sent at 10 ms), 0 once caught up.
        assertEquals(20, l.scheduleDelay().getTotalCount());
        assertEquals(11, l.scheduleDelay().getCountAtValue(0));
        for (int ms = 1; ms <= 9; ms++) {
            assertEquals(1, countNear(l.scheduleDelay(), ms * 1_000), "delay " + ms + " ms");
        }
        // Publish latency (ack - intended) carries the stall: 10 ms for message 0, 9..0 ms for 1..10.
        assertEquals(1, countNear(l.publish(), 10_000));
        assertEquals(10, l.publish().getCountAtValue(0));
        // Send latency (ack - actual send) only sees the blocked call.
        assertEquals(1, countNear(l.send(), 10_000));
        assertEquals(19, l.send().getCountAtValue(0));
    }

    @Test
    void aSteadilySlowClientFallsFurtherBehindAndTheLagIsCounted() {
        FakeProducer f = new FakeProducer(0, clock);
        ScheduledProducer p = scheduled(f, SendSchedule.throttled(T0, 1000, 0, 1), Long.MAX_VALUE);
        ProducerLoop loop = new ProducerLoop(List.of(p), clock, stats, true);
        f.hook = n -> {
            clock.advanceNanos(2_500_000); // each send takes 2.5 ms at 1 ms intervals
            if (n == 9) {
                loop.requestStop();
            }
        };
        loop.run();

        assertEquals(10, f.sends.size());
        for (int n = 0; n < 10; n++) {
            FakeProducer.Send s = f.sends.get(n);
            assertEquals(epoch(T0 + n * MS), s.intendedEpochMicros());
            assertEquals(T0 + n * 2_500_000L, s.nanoTimeAtCall());
        }
        assertEquals(T0 + 25 * MS, clock.nanoTime());
        // Due by 25 ms: messages 0..25 (26); sent 10.
        assertEquals(16, p.lagAt(clock.nanoTime()));
        Histogram delay = stats.sinceReset().latencies().scheduleDelay();
        assertEquals(1, countNear(delay, 13_500), "message 9: sent at 22.5 ms, intended at 9 ms");
        assertTrue(delay.valuesAreEquivalent(delay.getMaxValue(), 13_500));
    }

    @Test
    void lagNeverExceedsTheQuota() {
        ScheduledProducer p = scheduled(new FakeProducer(0, clock), SendSchedule.throttled(T0, 1000, 0, 1), 5);
        assertEquals(0, p.lagAt(T0 - 1));
        assertEquals(1, p.lagAt(T0));
        assertEquals(5, p.lagAt(T0 + 100 * MS));
        for (int i = 0; i < 3; i++) {
            p.takeSequence();
        }
        assertEquals(2, p.lagAt(T0 + 100 * MS));
        assertEquals(0, scheduled(new FakeProducer(1, clock), null, 5).lagAt(T0 + 100 * MS), "unthrottled has no lag");
    }

    @Test
    void unthrottledLoopSendsRoundRobinWithoutWaiting() {
        List<FakeProducer.Send> log = Collections.synchronizedList(new ArrayList<>());
        FakeProducer a = new FakeProducer(0, clock, log);
        FakeProducer b = new FakeProducer(1, clock, log);
        a.hook = n -> clock.advanceNanos(1_000); // 1 µs per send
        b.hook = n -> clock.advanceNanos(1_000);
        new ProducerLoop(List.of(scheduled(a, null, 3), scheduled(b, null, 5)), clock, stats, false).run();

        assertEquals(List.of(0, 1, 0, 1, 0, 1, 1, 1), log.stream().map(FakeProducer.Send::producer).toList());
        for (int i = 0; i < log.size(); i++) {
            assertEquals(epoch(T0 + i * 1_000L), log.get(i).intendedEpochMicros(), "intended = actual send time");
            assertEquals(T0 + i * 1_000L, log.get(i).nanoTimeAtCall());
        }
        LatencyHistograms l = stats.sinceReset().latencies();
        assertEquals(8, l.scheduleDelay().getCountAtValue(0));
        assertEquals(8, l.publish().getCountAtValue(1), "publish = send when unthrottled");
        assertEquals(8, l.send().getCountAtValue(1));
    }

    @Test
    void aRefusedSendCountsAsAFailureOfThatSend() {
        FakeProducer f = new FakeProducer(0, clock);
        f.throwOnSend = new IllegalStateException("buffer full");
        new ProducerLoop(List.of(scheduled(f, null, 3)), clock, stats, false).run();
        CumulativeStats c = stats.sinceReset();
        assertEquals(3, c.counts().messagesSent());
        assertEquals(0, c.counts().messagesAcked());
        assertEquals(3, c.counts().sendErrors());
        assertEquals(List.of(new ErrorCount("IllegalStateException", 3, "buffer full")), c.errors());
        assertEquals(0, c.counts().messagesSent() - c.counts().messagesAcked() - c.counts().sendErrors(), "nothing left in flight");
    }

    @Test
    void aFailedCompletionIsTallied() {
        FakeProducer f = new FakeProducer(0, clock);
        f.completeWith = new RuntimeException("request timed out");
        new ProducerLoop(List.of(scheduled(f, null, 2)), clock, stats, false).run();
        CumulativeStats c = stats.sinceReset();
        assertEquals(2, c.counts().sendErrors());
        assertEquals(0, c.counts().messagesAcked());
        assertEquals(0, c.latencies().publish().getTotalCount());
        assertEquals(List.of(new ErrorCount("RuntimeException", 2, "request timed out")), c.errors());
    }

    @Test
    void keysComeFromEachProducersPool() {
        FakeProducer f = new FakeProducer(0, clock);
        ScheduledProducer p = new ScheduledProducer(f, null, 4, payloads, new KeyPool(KeyDistributorType.KEY_ROUND_ROBIN, 99));
        new ProducerLoop(List.of(p), clock, stats, false).run();
        KeyPool expected = new KeyPool(KeyDistributorType.KEY_ROUND_ROBIN, 99);
        for (FakeProducer.Send s : f.sends) {
            assertArrayEquals(expected.nextKey(0), s.key());
        }
    }

    private static long countNear(Histogram h, long value) {
        return h.getCountBetweenValues(h.lowestEquivalentValue(value), h.highestEquivalentValue(value));
    }

    @Test
    void withTheIntegrityCheckEachMessageCarriesItsProducerAndSequenceAndAcksAreRemembered() {
        FakeProducer f = new FakeProducer(0, clock);
        f.hook = n -> {
            if (n == 2) {
                f.completeWith = new RuntimeException("not this one");
            } else {
                f.completeWith = null;
            }
        };
        SequenceSet acked = new SequenceSet();
        ScheduledProducer p = new ScheduledProducer(f, null, 4, payloads, new KeyPool(KeyDistributorType.NO_KEY, 1), 77L,
                into(acked, new SequenceSet()));
        new ProducerLoop(List.of(p), clock, stats, false, null, StampMode.TIME_AND_SEQUENCE).run();
        assertEquals(List.of(0L, 1L, 2L, 3L), f.sends.stream().map(s -> s.stamp().sequence()).toList());
        assertTrue(f.sends.stream().allMatch(s -> s.stamp().producerId() == 77L));
        assertEquals(3, acked.size(), "the failed send is not acknowledged");
        SequenceSet expected = new SequenceSet();
        expected.add(0);
        expected.add(1);
        expected.add(3);
        assertEquals(0, acked.missingFrom(expected));
        assertEquals(0, expected.missingFrom(acked));
    }

    @Test
    void withoutConsumersNothingIsStampedAndWithoutIntegrityOnlyTheTime() {
        FakeProducer none = new FakeProducer(0, clock);
        new ProducerLoop(List.of(scheduled(none, null, 2)), clock, stats, false, null, StampMode.NONE).run();
        assertTrue(none.sends.stream().allMatch(s -> s.stamp() == null));
        FakeProducer time = new FakeProducer(1, clock);
        new ProducerLoop(List.of(scheduled(time, null, 2)), clock, stats, false, null, StampMode.TIME).run();
        assertTrue(time.sends.stream().allMatch(s -> s.stamp() != null && !s.stamp().checksIntegrity()));
    }

    @Test
    void eachProducerDeliversOnceRightAfterItsLastMessage() {
        FakeProducer a = new FakeProducer(0, clock);
        FakeProducer b = new FakeProducer(1, clock);
        // a's quota ends first: it is finished then, while b goes on sending.
        b.hook = n -> assertEquals(n >= 1 ? 1 : 0, a.deliverCalls.get(), "in turn a0 b0 a1 (a finished) b1: b at its " + n);
        new ProducerLoop(List.of(scheduled(a, null, 2), scheduled(b, null, 5)), clock, stats, false).run();
        assertEquals(1, a.deliverCalls.get());
        assertEquals(1, b.deliverCalls.get());
    }

    @Test
    void aStoppedLoopDeliversItsProducersPendingMessagesEvenWhenInterrupted() {
        FakeProducer f = new FakeProducer(0, clock);
        ProducerLoop loop = new ProducerLoop(List.of(scheduled(f, null, Long.MAX_VALUE)), clock, stats, false);
        f.hook = n -> {
            if (n == 3) {
                loop.requestStop();
                Thread.currentThread().interrupt(); // as LoadGenerator.stop does to a send blocked in the client
            }
        };
        f.onDeliver = () -> assertTrue(!Thread.currentThread().isInterrupted(), "the commit must not see our interrupt");
        loop.run();
        assertEquals(1, f.deliverCalls.get());
        assertTrue(loop.finishing());
        assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
    }

    @Test
    void producersAreToldWhenIdleWhileTheScheduleHasNothingDue() {
        // 10 msg/s: 100 ms between messages, waits of at most 50 ms, so at least one idle call per gap.
        HorizonClock horizon = new HorizonClock(clock, T0 + 1_000 * MS);
        FakeProducer f = new FakeProducer(0, clock);
        new ProducerLoop(List.of(scheduled(f, SendSchedule.throttled(T0, 10, 0, 1), Long.MAX_VALUE)), horizon, stats, true).run();
        assertEquals(11, f.sends.size());
        assertTrue(f.idleCalls.get() >= 10, "idle calls: " + f.idleCalls.get());
    }

    @Test
    void anAcknowledgedMessageWhoseTransactionAbortsIsCountedAndRememberedApart() {
        FakeProducer f = new FakeProducer(0, clock);
        f.abortAfterAck = n -> n == 1 || n == 2;
        SequenceSet acked = new SequenceSet();
        SequenceSet aborted = new SequenceSet();
        ScheduledProducer p = new ScheduledProducer(f, null, 4, payloads, new KeyPool(KeyDistributorType.NO_KEY, 1), 77L,
                into(acked, aborted));
        new ProducerLoop(List.of(p), clock, stats, false, null, StampMode.TIME_AND_SEQUENCE).run();
        assertEquals(4, acked.size(), "they were acknowledged");
        assertEquals(2, aborted.size());
        assertEquals(2, stats.sinceReset().counts().messagesAborted());
        assertEquals(2, stats.sinceReset().counts().messagesToConsume());
    }

    @Test
    void aProducerWhoseScheduleIsPausedDeliversWhatItHoldsAndAgainAfterItResumes() {
        HorizonClock horizon = new HorizonClock(clock, T0 + 1_000 * MS);
        RateControl control = new RateControl(RateProfile.constant(T0, 1000));
        FakeProducer f = new FakeProducer(0, clock);
        List<Long> deliveredAtMillis = new ArrayList<>();
        f.onDeliver = () -> deliveredAtMillis.add((clock.nanoTime() - T0) / MS);
        f.hook = n -> {
            if (n == 4) {
                control.changeRate(clock.nanoTime(), 0); // paused after 5 messages, as while a backlog drains
            }
        };
        ProducerLoop loop = new ProducerLoop(List.of(scheduled(f, new SendSchedule(control, 0, 1), Long.MAX_VALUE)), horizon, stats, true);
        loop.run();
        assertEquals(5, f.sends.size());
        assertEquals(List.of(4L), deliveredAtMillis, "delivered at the pause, not only when the loop ended");
    }

    /** Acknowledgements into one set, aborts into another, as the integrity check keeps them. */
    private static AckListener into(SequenceSet acked, SequenceSet aborted) {
        return new AckListener() {
            @Override
            public void acked(long sequence) {
                acked.add(sequence);
            }

            @Override
            public void aborted(long sequence) {
                aborted.add(sequence);
            }
        };
    }
}
