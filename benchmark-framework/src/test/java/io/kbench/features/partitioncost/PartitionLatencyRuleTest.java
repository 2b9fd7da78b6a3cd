package io.kbench.features.partitioncost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.Diagnosis;
import io.kbench.model.Diagnosis.Verdict;
import io.kbench.model.Measurement;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartitionLatencyRuleTest {

    /** A window that kept 20,000 msg/s with the given publish latency mean and p99, nearly all of it after the send. */
    private static Measurement measured(long avgMicros, long p99Micros) {
        return measured(avgMicros, p99Micros, avgMicros * 9 / 10);
    }

    private static Measurement measured(long avgMicros, long p99Micros, long sendAvgMicros) {
        LatencySummary p = summary(avgMicros, p99Micros);
        return new Measurement(0, 10_000_000, new Counts(200_000, 200_000, 200_000, 0, 200_000, 200_000, 0), 20_000, 5, 0, 20_000,
                20_000, false, 0, 20_000, 5, p, summary(sendAvgMicros, p99Micros), LatencySummary.EMPTY, p, LatencyHistograms.empty(),
                List.of(), List.of());
    }

    private static LatencySummary summary(long avgMicros, long p99Micros) {
        return new LatencySummary(200_000, avgMicros, avgMicros, avgMicros, p99Micros, p99Micros, p99Micros, p99Micros, p99Micros,
                p99Micros);
    }

    private static Map<String, Double> producers(double queueMs, double requestMs, double batchBytes, double recordsPerRequest) {
        Map<String, Double> m = new HashMap<>();
        m.put(PartitionLatencyRule.QUEUE_TIME, queueMs);
        m.put(PartitionLatencyRule.REQUEST_LATENCY, requestMs);
        m.put(PartitionLatencyRule.BATCH_SIZE, batchBytes);
        m.put(PartitionLatencyRule.RECORD_SIZE, 370.0);
        m.put(PartitionLatencyRule.RECORDS_PER_REQUEST, recordsPerRequest);
        m.put(PartitionLatencyRule.BUFFER_WAIT, 0.0);
        return m;
    }

    private static BrokerRequests broker(double produceTotalMs) {
        return new BrokerRequests(20_000, 5_010, 0.8, List.of(new BrokerRequests.RequestTime("Produce", 4_000, produceTotalMs,
                produceTotalMs * 0.6, produceTotalMs * 0.3, 0, 0, produceTotalMs * 0.05, produceTotalMs * 0.05)));
    }

    @Test
    void timeInTheProducersQueuesIsTheClientsWithTheBatchesSizeAndWhatWouldHelp() {
        Diagnosis d = PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(400_000, 1_100_000),
                producers(300, 60, 444, 14), broker(5), 5_000, 4));

        assertEquals(Verdict.CLIENT_BOUND, d.verdict());
        assertEquals("of a publish latency of 400.0 ms on average (p99 1100.0 ms), 360.0 ms passed between a message's send and its "
                + "acknowledgement; the producers' metrics put 83% of that in their queues (record-queue-time-avg 300.0 ms a batch) "
                + "and 17% in their requests to the brokers (request-latency-avg 60.0 ms)", d.reasons().get(0));
        assertEquals("batches average 1.2 records (batch-size-avg 444 B of 370 B records), 14.0 records per request, over 5,000 "
                + "partitions per producer (4 producer(s))", d.reasons().get(1));
        assertTrue(d.advice().contains("linger.ms, or fewer partitions per producer"), d.advice());
        assertTrue(d.warning().startsWith("client-bound: of a publish latency") && d.warning().endsWith(d.advice()), d.warning());
        assertTrue(!d.warning().contains("add client machines"), "the general advice would not help: " + d.warning());
    }

    @Test
    void waitingForBufferSpaceSaysSoAndPointsAtBatchSizeAndBufferMemory() {
        Map<String, Double> m = producers(300, 60, 130_000, 3_400);
        m.put(PartitionLatencyRule.BUFFER_WAIT, 0.097);
        m.put(PartitionLatencyRule.BUFFER_TOTAL, 33_554_432.0);

        Diagnosis d = PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(400_000, 1_100_000), m, null, 5_000, 4));

        assertEquals(Verdict.CLUSTER_BOUND, d.verdict(), "full batches (351 records) waited behind the requests");
        assertEquals("the producers waited for buffer space 9.7% of the time (bufferpool-wait-ratio; buffer.memory 32 MB)",
                d.reasons().get(2));
        assertTrue(d.advice().contains("and in the queues behind them"), d.advice());
        Map<String, Double> small = producers(300, 60, 444, 14);
        small.put(PartitionLatencyRule.BUFFER_WAIT, 0.097);
        Diagnosis smallBatches = PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(400_000, 1_100_000), small,
                null, 5_000, 4));
        assertTrue(smallBatches.advice().contains("a lower batch.size, more buffer.memory"), smallBatches.advice());
    }

    @Test
    void fullBatchesThatWaitedBehindSlowRequestsAreJudgedByTheBrokersOwnTime() {
        // Measured: 5,000 partitions, 4 producers; batches of 80 records waited 94.6 ms, requests took 111.8 ms, the brokers
        // handled them in 16.4 ms: the time went between client and broker, not in small batches.
        Diagnosis d = PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(123_600, 592_900),
                producers(94.6, 111.8, 29_659, 107.9), broker(16.4), 1_250, 4));

        assertEquals(Verdict.CLUSTER_BOUND, d.verdict());
        assertTrue(d.reasons().get(1).startsWith("batches average 80.2 records"), d.reasons().get(1));
        assertTrue(d.advice().startsWith("The brokers handled a Produce request in 16.4 ms once they had read it, and the producers "
                + "waited 111.8 ms for its answer: the rest went on the way"), d.advice());
        Diagnosis withoutBroker = PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(123_600, 592_900),
                producers(94.6, 40, 29_659, 107.9), null, 1_250, 4));
        assertEquals(Verdict.CLUSTER_BOUND, withoutBroker.verdict());
        assertTrue(withoutBroker.advice().startsWith("The time went in the requests to the brokers, and in the queues behind them"),
                withoutBroker.advice());
    }

    @Test
    void theBrokersOwnRequestTimeDominatingIsTheClusters() {
        Diagnosis d = PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(400_000, 1_100_000),
                producers(50, 320, 800, 40), broker(280), 5_000, 4));

        assertEquals(Verdict.CLUSTER_BOUND, d.verdict());
        assertTrue(d.reasons().get(2).startsWith("the brokers (5,010 partitions, 0.80 cores busy) took 280.0 ms per Produce request "
                + "themselves (waiting for a handler thread 168.0, handling 84.0"), d.reasons().get(2));
        assertTrue(d.advice().startsWith("The brokers' request time dominates"), d.advice());
    }

    @Test
    void requestsThatTheBrokersHandledQuicklyLostTheirTimeOnTheWay() {
        Diagnosis d = PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(400_000, 1_100_000),
                producers(50, 320, 800, 40), broker(10), 5_000, 4));

        assertEquals(Verdict.CLUSTER_BOUND, d.verdict());
        assertTrue(d.advice().startsWith("The brokers handled a Produce request in 10.0 ms once they had read it"), d.advice());
        assertTrue(d.advice().contains("in the brokers' network threads (which read the requests and send the responses), the "
                + "network, or the producers' own network thread"), d.advice());
    }

    @Test
    void withoutTheBrokersFiguresSlowRequestsAreThePlaceNamed() {
        Diagnosis d = PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(400_000, 1_100_000),
                producers(50, 320, 800, 40), null, 5_000, 4));

        assertEquals(Verdict.CLUSTER_BOUND, d.verdict());
        assertTrue(d.advice().contains("known only for a cluster the run starts"), d.advice());
    }

    @Test
    void fewPartitionsLowLatencyOrNoDominantPlaceIsNoFinding() {
        Map<String, Double> m = producers(300, 60, 444, 14);
        assertNull(PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(400_000, 1_100_000), m, null, 99, 4)));
        assertNull(PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(4_000, 13_000), m, null, 5_000, 4)));
        assertNull(PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(400_000, 1_100_000, 150_000),
                producers(300, 60, 444, 14), null, 5_000, 4)), "most of the latency came before the send: the schedule's");
        assertNull(PartitionLatencyRule.judge(new PartitionLatencyRule.Evidence(measured(400_000, 1_100_000), Map.of(), null,
                5_000, 4)), "a driver without these metrics");
    }
}
