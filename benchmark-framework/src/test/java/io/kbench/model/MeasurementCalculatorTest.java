package io.kbench.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencyHistograms;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeasurementCalculatorTest {

    /** An epoch-micros origin; the windows below are offsets from it. */
    private static final long E = 1_700_000_000_000_000L;
    private static final long S = 1_000_000L;

    static CumulativeStats worker(String id, long reset, long firstSend, long lastSend, long lastAck, long stopped,
                                  long lastReceive, Counts counts, long lag, List<ErrorCount> errors, long publishMicros) {
        LatencyHistograms l = LatencyHistograms.empty();
        if (counts.messagesAcked() > 0) {
            l.publish().recordValueWithCount(publishMicros, counts.messagesAcked());
            l.send().recordValueWithCount(publishMicros / 2, counts.messagesAcked());
        }
        if (counts.messagesReceived() > 0) {
            l.endToEnd().recordValueWithCount(publishMicros * 3, counts.messagesReceived());
        }
        return new CumulativeStats(id, reset, firstSend, lastSend, lastAck, stopped, lastReceive, counts, counts, l, 0.4, 8, lag,
                errors);
    }

    private static Counts counts(long sent, long acked, long bytes, long errors, long received, long bytesReceived) {
        return new Counts(sent, acked, bytes, errors, received, bytesReceived, 0);
    }

    @Test
    void thePublishRateIsWhatWasAcknowledgedBetweenTwoPollsOverTheTimeBetweenThem() {
        // The window runs from the reset to the stop (10 s); the counters were read 0.3 s before the reset and 0.1 s
        // after the last send, so they cover 9.8 s... of a steady 1,000 msg/s: 9,800 acknowledgements. Over the window
        // that read 980 msg/s; over what they cover, 1,000. (Forty workers' resets and polls take that long.)
        CumulativeStats w = worker("w", E, E, E + 10 * S, E + 10 * S, E + 10 * S, 0, counts(10_000, 10_000, 1_000_000, 0, 0, 0), 0,
                List.of(), 500);
        LoadState open = new LoadState(counts(5_000, 4_700, 470_000, 0, 0, 0), 0, false, 0, E - 3 * S / 10);
        LoadState close = new LoadState(counts(14_800, 14_500, 1_450_000, 0, 0, 0), 0, false, 0, E + 95 * S / 10);
        Measurement m = MeasurementCalculator.calculate(List.of(w), 1_000, false, E + 20 * S, AckedInWindow.between(open, close));

        assertEquals(10 * S, m.windowMicros());
        assertEquals(1_000, m.publishRate(), 1e-9);
        assertEquals(980_000 / 9.8 / (1024 * 1024), m.publishMBps(), 1e-12);
        // Counts without the time they cover (a recovered journal): over the window.
        Measurement unknownSpan = MeasurementCalculator.calculate(List.of(w), 1_000, false, E + 20 * S,
                new AckedInWindow(counts(9_800, 9_800, 980_000, 0, 0, 0), 0));
        assertEquals(980, unknownSpan.publishRate(), 1e-9);
        assertEquals(0, AckedInWindow.between(new LoadState(Counts.ZERO, 0, false), close).micros(), "a state without a time");
    }

    @Test
    void timedRunMeasuresFromTheResetToWhenProducersStopped() {
        CumulativeStats w1 = worker("w1", E, E + S / 10, E + 10 * S, E + 10 * S + 5_000, E + 10 * S, E + 10 * S + S / 2,
                counts(6_000, 6_000, 6_000_000, 0, 9_000, 9_000_000), 3, List.of(new ErrorCount("TimeoutException", 2, "t")), 500);
        CumulativeStats w2 = worker("w2", E + S / 10, E + S / 5, E + 9 * S, E + 9 * S, E + 9 * S + 900_000, 0,
                counts(4_000, 4_000, 4_000_000, 2, 0, 0), 4, List.of(new ErrorCount("TimeoutException", 1, "u")), 1_500);
        Measurement m = MeasurementCalculator.calculate(List.of(w1, w2), 1_000, false, E + 99 * S);

        assertEquals(E, m.windowStartEpochMicros(), "earliest reset");
        assertEquals(10 * S, m.windowMicros(), "to the last producer stop");
        assertEquals(new Counts(10_000, 10_000, 10_000_000, 2, 9_000, 9_000_000, 0), m.counts());
        assertEquals(1_000, m.publishRate(), 1e-9);
        assertEquals(10_000_000 / 10.0 / (1024 * 1024), m.publishMBps(), 1e-12);
        assertEquals(0.2, m.publishErrorRate(), 1e-12);
        assertEquals(1_000, m.scheduledSendRate(), 1e-9);
        assertFalse(m.fellBehind());
        assertEquals(1.0, m.achievedRatio(), 1e-12);
        assertEquals(7, m.scheduleLagMessages());
        // Consumption runs until the last message consumed (10.5 s), past the producers' window.
        assertEquals(9_000 / 10.5, m.consumeRate(), 1e-9);
        assertEquals(9_000_000 / 10.5 / (1024 * 1024), m.consumeMBps(), 1e-12);
        // Latencies over all samples of both workers.
        assertEquals(10_000, m.publishLatency().count());
        assertEquals(500, m.publishLatency().p50Micros());
        assertEquals(1_500, m.publishLatency().p99Micros());
        assertEquals(900.0, m.publishLatency().avgMicros(), 1e-9);
        assertEquals(250, m.sendLatency().p50Micros());
        assertEquals(9_000, m.endToEndLatency().count());
        assertEquals(10_000, m.histograms().publish().getTotalCount());
        assertEquals(List.of(new ErrorCount("TimeoutException", 3, "t")), m.errors(), "errors of one class add up across workers");

        assertEquals(2, m.workers().size());
        WorkerSummary s1 = m.workers().get(0);
        assertEquals("w1", s1.workerId());
        assertEquals(6_000, s1.messagesAcked());
        assertEquals(600, s1.publishRate(), 1e-9, "over the shared window");
        assertEquals(6_000_000 / 10.0 / (1024 * 1024), s1.publishMBps(), 1e-12);
        assertEquals(9_000 / 10.5, s1.consumeRate(), 1e-9);
        assertEquals(500, s1.publishLatency().maxMicros());
        assertEquals(3, s1.scheduleLagMessages());
        assertEquals(0.4, s1.processCpuLoad());
        assertEquals(8, s1.availableProcessors());
        WorkerSummary s2 = m.workers().get(1);
        assertEquals(400, s2.publishRate(), 1e-9);
        assertEquals(2, s2.sendErrors());
        assertEquals(0, s2.consumeRate());
    }

    @Test
    void eachWorkersCpuPerMessageIsItsCpuTimeOverWhatItSentAndConsumed() {
        Counts both = counts(6_000, 6_000, 0, 0, 4_000, 0);
        CumulativeStats measured = new CumulativeStats("w1", E, E, E + S, E + S, E + S, E + S, both, both, LatencyHistograms.empty(),
                0.4, 8, 0, List.of(), 25_000);
        CumulativeStats unknown = new CumulativeStats("w2", E, E, E + S, E + S, E + S, E + S, both, both, LatencyHistograms.empty(),
                0.4, 8, 0, List.of());
        Counts none = counts(0, 0, 0, 0, 0, 0);
        CumulativeStats idle = new CumulativeStats("w3", E, 0, 0, 0, E + S, 0, none, none, LatencyHistograms.empty(), 0.1, 8, 0,
                List.of(), 9_000);
        Measurement m = MeasurementCalculator.calculate(List.of(measured, unknown, idle), 1_000, false, E + 2 * S);
        assertEquals(2.5, m.workers().get(0).cpuMicrosPerMessage(), 1e-12, "25,000 µs over 6,000 sent + 4,000 consumed");
        assertNull(m.workers().get(1).cpuMicrosPerMessage(), "its JVM could not tell its CPU time");
        assertNull(m.workers().get(2).cpuMicrosPerMessage(), "it handled no message");
    }

    @Test
    void timedRunThatNeverStoppedItsProducersEndsNow() {
        CumulativeStats w = worker("w", E, E, E + 4 * S, E + 4 * S, 0, 0, counts(4_000, 4_000, 0, 0, 0, 0), 0, List.of(), 10);
        Measurement m = MeasurementCalculator.calculate(List.of(w), 1_000, false, E + 5 * S);
        assertEquals(5 * S, m.windowMicros());
        assertEquals(800, m.publishRate(), 1e-9);
        assertTrue(m.fellBehind(), "sent 800 msg/s of 1000 requested");
    }

    @Test
    void fellBehindBelowNinetyNinePercentOfTheRequestedRate() {
        for (long[] c : new long[][] {{9_899, 1}, {9_900, 0}, {9_950, 0}, {10_000, 0}}) {
            CumulativeStats w = worker("w", E, E, E + 10 * S, E + 10 * S, E + 10 * S, 0,
                    counts(c[0], c[0], 0, 0, 0, 0), 0, List.of(), 10);
            Measurement m = MeasurementCalculator.calculate(List.of(w), 1_000, false, E + 60 * S);
            assertEquals(c[1] == 1, m.fellBehind(), c[0] + " sent in 10 s at 1000 msg/s requested");
        }
        // Unthrottled runs are never behind.
        CumulativeStats w = worker("w", E, E, E + 10 * S, E + 10 * S, E + 10 * S, 0, counts(5, 5, 0, 0, 0, 0), 0, List.of(), 10);
        Measurement m = MeasurementCalculator.calculate(List.of(w), -1, false, E + 60 * S);
        assertFalse(m.fellBehind());
        assertTrue(Double.isNaN(m.achievedRatio()));
    }

    @Test
    void countRunMeasuresFromTheFirstSendToTheLastAck() {
        // w1 sent from 1 s to 5 s, its last ack at 5.02 s; w2 sent nothing (first send 0).
        CumulativeStats w1 = worker("w1", E, E + S, E + 5 * S, E + 5 * S + 20_000, E + 5 * S, 0,
                counts(4_001, 4_001, 4_001, 0, 0, 0), 0, List.of(), 100);
        CumulativeStats w2 = worker("w2", E, 0, 0, 0, E + S, 0, Counts.ZERO, 0, List.of(), 100);
        Measurement m = MeasurementCalculator.calculate(List.of(w1, w2), 1_000, true, E + 60 * S);

        assertEquals(E + S, m.windowStartEpochMicros());
        assertEquals(4 * S + 20_000, m.windowMicros());
        assertEquals(4_001 / 4.02, m.publishRate(), 1e-9);
        assertEquals(1_000, m.scheduledSendRate(), 1e-9, "4000 intervals between first and last send in 4 s");
        assertFalse(m.fellBehind());
        assertEquals(0, m.workers().get(1).publishRate());
    }

    @Test
    void countRunEndsAtTheLastSendWhenItComesAfterTheLastAck() {
        CumulativeStats w = worker("w", E, E, E + 2 * S, E + S, E + 2 * S, 0, counts(3, 2, 0, 1, 0, 0), 0,
                List.of(new ErrorCount("X", 1, "x")), 100);
        Measurement m = MeasurementCalculator.calculate(List.of(w), -1, true, E + 60 * S);
        assertEquals(2 * S, m.windowMicros());
        assertEquals(1.0, m.publishRate(), 1e-12);
        assertEquals(List.of(new ErrorCount("X", 1, "x")), m.errors());
    }

    @Test
    void nothingSentGivesAnEmptyWindowAndZeroRates() {
        CumulativeStats w = worker("w", E, 0, 0, 0, 0, 0, Counts.ZERO, 0, List.of(), 0);
        Measurement m = MeasurementCalculator.calculate(List.of(w), 100, true, E + 60 * S);
        assertEquals(E, m.windowStartEpochMicros(), "falls back to the reset");
        assertEquals(0, m.windowMicros());
        assertEquals(0, m.publishRate());
        assertFalse(m.fellBehind(), "too few messages to judge");
    }

    @Test
    void consumerMetricsFollowKafkaConsumerPerfTest() {
        long mb10 = 10L * 1024 * 1024;
        ConsumerMetrics c = ConsumerMetrics.of(E, E + 10 * S + S / 2, mb10, 10_000, 500, false);
        assertEquals(E / 1_000, c.startEpochMillis());
        assertEquals((E + 10 * S + S / 2) / 1_000, c.endEpochMillis());
        assertEquals(10.0, c.consumedMB(), 1e-12);
        assertEquals(10_000, c.consumedMessages());
        assertEquals(500, c.rebalanceTimeMillis());
        assertEquals(10_500, c.fetchTimeMillis());
        // Total time includes the group join; fetch time does not.
        assertEquals(10.0 / 11.0, c.mbPerSec(), 1e-12);
        assertEquals(10_000 / 11.0, c.messagesPerSec(), 1e-9);
        assertEquals(10.0 / 10.5, c.fetchMBPerSec(), 1e-12);
        assertEquals(10_000 / 10.5, c.fetchMessagesPerSec(), 1e-9);

        ConsumerMetrics none = ConsumerMetrics.of(E, 0, 0, 0, 0, false);
        assertEquals(E / 1_000, none.endEpochMillis(), "no message: the window is empty, not negative");
        assertEquals(0, none.fetchTimeMillis());
        assertEquals(0, none.mbPerSec());
        assertEquals(0, none.fetchMessagesPerSec());
    }

    @Test
    void commitLatenciesOfAllWorkersAreMergedAndCommitsAreCountedOverTheWindow() {
        Counts c1 = new Counts(1_000, 1_000, 100_000, 0, 1_000, 100_000, 0, 60, 1, 10);
        Counts c2 = new Counts(1_000, 1_000, 100_000, 0, 1_000, 100_000, 0, 40, 0, 0);
        CumulativeStats w1 = worker("w1", E, E, E + 10 * S, E + 10 * S, E + 10 * S, E + 10 * S, c1, 0, List.of(), 500);
        CumulativeStats w2 = worker("w2", E, E, E + 10 * S, E + 10 * S, E + 10 * S, E + 10 * S, c2, 0, List.of(), 500);
        w1.latencies().commit().recordValueWithCount(2_000, 60); // 60 commits of 2 ms on one worker
        w2.latencies().commit().recordValueWithCount(8_000, 40); // 40 of 8 ms on the other

        TransactionFigures t = MeasurementCalculator.calculate(List.of(w1, w2), 200, false, E + 99 * S).transactions();

        assertEquals(100, t.committed());
        assertEquals(1, t.aborted());
        assertEquals(10, t.abortedMessages());
        assertEquals(10.0, t.commitsPerSecond(), 1e-9, "100 commits in a 10 s window");
        assertEquals(100, t.commitLatency().count());
        assertEquals(2_000, t.commitLatency().p50Micros(), 2, "exact percentiles over both workers' samples");
        assertEquals(8_000, t.commitLatency().p95Micros(), 8);
        assertEquals(0.6 * 2_000 + 0.4 * 8_000, t.commitLatency().avgMicros(), 10);
        assertTrue(t.line().startsWith("Transactions: 100 committed, 10.0 commits/s, commit avg 4.4"), t.line());
        assertTrue(t.line().endsWith("1 aborted (10 acknowledged messages in them never reached the consumers)."), t.line());
    }

    @Test
    void withoutTransactionsThereAreNoTransactionFigures() {
        CumulativeStats w = worker("w", E, E, E + S, E + S, E + S, 0, counts(10, 10, 100, 0, 0, 0), 0, List.of(), 500);
        assertEquals(null, MeasurementCalculator.calculate(List.of(w), 10, false, E + 2 * S).transactions());
    }
}
