package io.kbench.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.Diagnosis.Verdict;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One test per rule of {@link Diagnostician}, on measurements and periods built by hand. */
class DiagnosticianTest {

    private static final LatencySummary E = LatencySummary.EMPTY;

    static WorkerSummary worker(String id, double cpu) {
        return new WorkerSummary(id, 1000, 100, 1, 0, 1000, 100, E, E, cpu, 4, 0, List.of());
    }

    /** A summary whose every percentile is {@code micros}. */
    static LatencySummary flat(long micros) {
        return new LatencySummary(1000, micros, micros, micros, micros, micros, micros, micros, micros, micros);
    }

    /**
     * @param requested the requested rate (-1: unthrottled)
     * @param sentRate messages handed to the client per second
     */
    static Measurement measurement(double requested, double sentRate, long lag, long sendP99, long delayP99, WorkerSummary... workers) {
        long sent = 10_000;
        Counts counts = new Counts(sent, sent, sent * 100, 0, sent, sent * 100, 0);
        boolean behind = requested > 0 && sentRate < 0.99 * requested;
        return new Measurement(0, 10_000_000, counts, sentRate, 1, 0, requested, sentRate, behind, lag, 100, 1, E,
                flat(sendP99), flat(delayP99), E, LatencyHistograms.empty(), List.of(workers), List.of());
    }

    static Measurement healthy(WorkerSummary... workers) {
        return measurement(1_000, 1_000, 0, 2_000, 500, workers);
    }

    static PeriodSummary period(Phase phase, double publishRate, long inFlight, long delayP99) {
        return new PeriodSummary(phase, 0, 1_000_000, publishRate, 1, 0, 100, 1, 0, inFlight, E, E, flat(delayP99), E, 0.5, false, -1, 0);
    }

    static List<PeriodSummary> measured(long... delayP99) {
        List<PeriodSummary> periods = new ArrayList<>();
        periods.add(period(Phase.WARMUP, 0, 50, 900_000)); // warmup periods are not judged
        for (long p99 : delayP99) {
            periods.add(period(Phase.MEASURE, 1_000, 3, p99));
        }
        periods.add(period(Phase.DRAIN, 0, 0, 0));
        return periods;
    }

    static Diagnosis diagnose(Measurement m, List<PeriodSummary> periods, Map<String, Double> metrics, String stall) {
        return Diagnostician.diagnose(new Diagnostician.Evidence(m, periods, metrics, stall));
    }

    static Diagnosis diagnose(Measurement m, List<PeriodSummary> periods) {
        return diagnose(m, periods, Map.of(), null);
    }

    @Test
    void aHealthyRunHasNoVerdict() {
        Diagnosis d = diagnose(healthy(worker("w1", 0.4)), measured(800, 900, 1_000, 850, 700, 900));
        assertEquals(Verdict.NONE, d.verdict());
        assertNull(d.reason());
        assertNull(d.warning());
        assertEquals(Verdict.NONE, diagnose(null, List.of()).verdict());
    }

    @Test
    void aStalledClusterIsClusterBoundEvenWhenTheClientLooksBusy() {
        Diagnosis d = diagnose(measurement(1_000, 500, 5_000, 0, 30_000_000, worker("w1", 0.95)), measured(),
                Map.of(), "no acknowledgement for 30 s");
        assertEquals(Verdict.CLUSTER_BOUND, d.verdict());
        assertTrue(d.reason().contains("the cluster stopped acknowledging: no acknowledgement for 30 s"), d.reason());
        assertTrue(d.warning().contains("adding client machines would not help"), d.warning());
    }

    @Test
    void aLostWorkerOutranksEverythingElseAndBlamesNeitherSide() {
        // Two of three workers answered: they sent 2/3 of the rate with slow acks, which alone would read cluster-bound.
        Measurement m = measurement(300, 200, 0, 50_000, 24_000, worker("w1", 0.2), worker("w2", 0.2));
        Diagnosis d = Diagnostician.diagnose(new Diagnostician.Evidence(m, measured(24_000, 24_000), Map.of(), "no acknowledgement",
                List.of("worker http://10.0.0.3:8080 could not report cumulative stats: it stopped answering")));
        assertEquals(Verdict.WORKER_LOST, d.verdict());
        assertEquals("worker-lost", d.verdict().label());
        assertTrue(d.reason().contains("the figures of 1 worker(s) are missing: worker http://10.0.0.3:8080"), d.reason());
        assertTrue(d.warning().contains("judge neither the cluster nor the clients"), d.warning());
        assertEquals(Verdict.CLUSTER_BOUND, diagnose(m, measured(24_000, 24_000), Map.of(), "no acknowledgement").verdict(),
                "without the lost worker, the same figures are the stall's");
    }

    @Test
    void throttleTimeMeansThrottled() {
        Diagnosis d = diagnose(healthy(worker("w1", 0.95)), measured(),
                Map.of(Diagnostician.PRODUCE_THROTTLE_AVG, 12.5, Diagnostician.PRODUCE_THROTTLE_MAX, 250.0), null);
        assertEquals(Verdict.THROTTLED, d.verdict(), "throttling outranks a busy client");
        assertTrue(d.reason().contains("produce-throttle-time-avg 12.5 ms, max 250.0 ms"), d.reason());
        Diagnosis fetch = diagnose(healthy(worker("w1", 0.2)), measured(), Map.of(Diagnostician.FETCH_THROTTLE_MAX, 40.0), null);
        assertEquals(Verdict.THROTTLED, fetch.verdict());
        assertTrue(fetch.reason().contains("throttled the consumers"), fetch.reason());
        assertEquals(Verdict.NONE, diagnose(healthy(worker("w1", 0.2)), measured(),
                Map.of(Diagnostician.PRODUCE_THROTTLE_AVG, 0.0), null).verdict(), "zero throttle time is no throttling");
    }

    @Test
    void aSaturatedWorkerCpuIsClientBound() {
        Diagnosis d = diagnose(healthy(worker("w1", 0.5), worker("w2", 0.93)), measured());
        assertEquals(Verdict.CLIENT_BOUND, d.verdict());
        assertEquals(1, d.reasons().size());
        assertTrue(d.reason().contains("worker w2 used 93% of its 4 cores"), d.reason());
        assertTrue(d.warning().startsWith("client-bound: "), d.warning());
        assertTrue(d.warning().contains("2 client machines per CKU on AWS and Azure, 4 on GCP"), d.warning());
    }

    @Test
    void workersSharingASaturatedHostAreClientBoundThoughEachJvmLooksIdleAndAcksWereSlow() {
        // 30 workers at 3% each on one 2-core host: no JVM is busy, the acknowledgements were slow (the host was starved),
        // and without the host's figures this read as cluster-bound.
        Measurement m = measurement(1_000, 800, 0, 900_000, 1_000_000, worker("w1", 0.03), worker("w2", 0.03));
        assertEquals(Verdict.CLUSTER_BOUND, diagnose(m, measured()).verdict());
        Diagnosis d = Diagnostician.diagnose(new Diagnostician.Evidence(m, measured(), Map.of(), null, List.of(),
                List.of(new HostLoad("node-1", List.of("w1", "w2"), 2, 0.98, 0.0))));
        assertEquals(Verdict.CLIENT_BOUND, d.verdict(), d.reason());
        assertTrue(d.reason().startsWith("host node-1, which runs 2 workers (w1, w2), was 98% busy"), d.reason());
        assertTrue(d.warning().startsWith("client-bound: "), d.warning());
    }

    @Test
    void fallingBehindWhileAcksArePromptIsClientBound() {
        // Sent 800 of 1,000 msg/s; each send was acknowledged within 3 ms while the schedule was 400 ms late.
        Diagnosis d = diagnose(measurement(1_000, 800, 0, 3_000, 400_000, worker("w1", 0.6)), measured());
        assertEquals(Verdict.CLIENT_BOUND, d.verdict(), d.reason());
        assertTrue(d.reason().contains("sent 800.0 msg/s of 1,000.0 requested (80.0%)"), d.reason());
        assertTrue(d.reason().contains("acknowledged promptly meanwhile (send latency p99 3.0 ms"), d.reason());
    }

    @Test
    void fallingBehindBecauseAcksAreSlowIsClusterBound() {
        // The send latency is as long as the schedule delay: sends blocked in the client waiting for the cluster.
        Diagnosis d = diagnose(measurement(1_000, 800, 0, 900_000, 1_000_000, worker("w1", 0.3)), measured());
        assertEquals(Verdict.CLUSTER_BOUND, d.verdict());
        assertTrue(d.reason().contains("acknowledged slowly: send latency p99 900.0 ms"), d.reason());
    }

    @Test
    void fallingBehindWhileWaitingForBufferSpaceIsClusterBound() {
        Diagnosis d = diagnose(measurement(1_000, 800, 0, 3_000, 400_000, worker("w1", 0.3)), measured(),
                Map.of(Diagnostician.BUFFER_WAIT, 0.25), null);
        assertEquals(Verdict.CLUSTER_BOUND, d.verdict());
        assertTrue(d.reason().contains("waited for buffer space 25.0% of the time"), d.reason());
    }

    @Test
    void aGrowingScheduleDelayIsFallingBehind() {
        // First third p99s 2, 3 ms; last third 40, 80 ms; acks prompt: the generator falls further behind by itself.
        Diagnosis d = diagnose(measurement(1_000, 1_000, 0, 2_000, 80_000, worker("w1", 0.6)),
                measured(2_000, 3_000, 5_000, 10_000, 40_000, 80_000));
        assertEquals(Verdict.CLIENT_BOUND, d.verdict());
        assertTrue(d.reason().contains("schedule delay kept growing: p99 60.0 ms in the last third"), d.reason());
    }

    @Test
    void oneSpikeOrASmallDelayIsNotFallingBehind() {
        Measurement m = healthy(worker("w1", 0.6));
        assertEquals(Verdict.NONE, diagnose(m, measured(2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 200_000)).verdict());
        assertEquals(Verdict.NONE, diagnose(m, measured(1_000, 2_000, 4_000, 8_000)).verdict(), "under the 10 ms floor");
        assertEquals(Verdict.NONE, diagnose(m, measured(1_000, 90_000)).verdict(), "fewer than 3 periods");
    }

    @Test
    void aScheduleLagOverOnePercentIsFallingBehind() {
        assertEquals(Verdict.NONE, diagnose(measurement(1_000, 1_000, 100, 2_000, 500, worker("w1", 0.6)), measured()).verdict(),
                "exactly 1%");
        Diagnosis d = diagnose(measurement(1_000, 1_000, 101, 2_000, 500, worker("w1", 0.6)), measured());
        assertEquals(Verdict.CLIENT_BOUND, d.verdict());
        assertTrue(d.reason().contains("101 messages were due but not yet sent"), d.reason());
    }

    @Test
    void oneMessageDuePerWorkerWhenTheProducersStopIsNoLag() {
        // 10 msg/s: of about 20 messages, one per worker fell due as its producer stopped.
        Measurement slow = new Measurement(0, 2_000_000, new Counts(20, 20, 2_000, 0, 20, 2_000, 0), 10, 0.001, 0, 10, 10, false, 2,
                10, 0.001, E, flat(2_000), flat(500), E, LatencyHistograms.empty(), List.of(worker("w1", 0.1), worker("w2", 0.1)),
                List.of());
        assertEquals(Verdict.NONE, diagnose(slow, measured()).verdict());
        Measurement three = new Measurement(0, 2_000_000, new Counts(20, 20, 2_000, 0, 20, 2_000, 0), 10, 0.001, 0, 10, 10, false, 3,
                10, 0.001, E, flat(2_000), flat(500), E, LatencyHistograms.empty(), List.of(worker("w1", 0.1), worker("w2", 0.1)),
                List.of());
        assertEquals(Verdict.CLIENT_BOUND, diagnose(three, measured()).verdict(), "more than one per worker");
    }

    @Test
    void aPeriodWithoutAcknowledgementsIsClusterBound() {
        List<PeriodSummary> periods = new ArrayList<>(measured(500, 500));
        periods.add(2, period(Phase.MEASURE, 0, 4_000, 500));
        Diagnosis d = diagnose(healthy(worker("w1", 0.3)), periods);
        assertEquals(Verdict.CLUSTER_BOUND, d.verdict());
        assertTrue(d.reason().contains("1 measured period(s), 1.0 s in all, had messages in flight and no acknowledgement"),
                d.reason());
    }

    @Test
    void unthrottledProducersWaitingForBufferSpaceAreHeldBackByTheCluster() {
        Measurement unthrottled = measurement(-1, 50_000, 0, 30_000, 0, worker("w1", 0.5));
        assertEquals(Verdict.NONE, diagnose(unthrottled, measured()).verdict(), "no evidence either way");
        Diagnosis d = diagnose(unthrottled, measured(), Map.of(Diagnostician.BUFFER_WAIT, 0.4), null);
        assertEquals(Verdict.CLUSTER_BOUND, d.verdict());
        assertTrue(d.reason().contains("went as fast as the cluster took messages"), d.reason());
    }
}
