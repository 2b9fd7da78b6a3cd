package io.kbench.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.Diagnosis.Verdict;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The consumers' rules and the schedule debt at the start ({@link ConsumerDiagnosis}), through {@link Diagnostician}. */
class ConsumerDiagnosisTest {

    private static final LatencySummary E = LatencySummary.EMPTY;

    /** A run at 1,000 msg/s whose producers kept their schedule and got prompt acknowledgements. */
    private static Measurement measurement(long received, long publishP99, long e2eP99) {
        Counts counts = new Counts(10_000, 10_000, 1_000_000, 0, received, received * 100, 0);
        return new Measurement(0, 10_000_000, counts, 1_000, 0.1, 0, 1_000, 1_000, false, 0, received / 10.0, 0.01,
                DiagnosticianTest.flat(publishP99), DiagnosticianTest.flat(2_000), DiagnosticianTest.flat(500),
                e2eP99 < 0 ? E : DiagnosticianTest.flat(e2eP99), LatencyHistograms.empty(),
                List.of(DiagnosticianTest.worker("w1", 0.3)), List.of());
    }

    private static PeriodSummary period(Phase phase, long backlog, long lag) {
        return new PeriodSummary(phase, 0, 1_000_000, 1_000, 0.1, 0, 500, 0.05, backlog, 3, E, E, DiagnosticianTest.flat(500), E, 0.3,
                false, 1_000, lag);
    }

    /** A warmup period that ended with {@code debt} messages due, then measured periods with these backlogs. */
    private static List<PeriodSummary> periods(long debt, long... backlogs) {
        List<PeriodSummary> p = new ArrayList<>();
        p.add(period(Phase.WARMUP, 0, debt));
        for (long b : backlogs) {
            p.add(period(Phase.MEASURE, b, 0));
        }
        return p;
    }

    private static Diagnosis diagnose(Measurement m, List<PeriodSummary> periods, Map<String, Double> metrics) {
        return Diagnostician.diagnose(new Diagnostician.Evidence(m, periods, metrics, null));
    }

    @Test
    void aConsumerBusyProcessingWhileItsBacklogGrowsIsConsumerBound() {
        // The plainest case: 1,000 msg/s in, a consumer that processes each record for 2 ms reads about 480 msg/s.
        Diagnosis d = diagnose(measurement(4_800, 15_000, 24_300_000), periods(0, 500, 1_000, 1_600, 2_100, 2_600, 3_200),
                Map.of(ConsumerDiagnosis.POLL_IDLE, 0.02));
        assertEquals(Verdict.CONSUMER_BOUND, d.verdict(), d.reason());
        assertTrue(d.reason().contains("their backlog grew from 750 to 2,900 messages"), d.reason());
        assertTrue(d.reason().contains("spent 98% of the time processing records between polls (poll-idle-ratio-avg 0.02)"),
                d.reason());
        assertTrue(d.warning().startsWith("consumer-bound: "), d.warning());
    }

    @Test
    void producersThatKeptTheirRateWhileTheirDelayGrewALittleDoNotHideConsumersFarBehind() {
        // A busy machine: the producers' schedule delay p99 grew from 5 to 26 ms, yet they sent their 1,000 msg/s; the
        // consumer read 400 msg/s. Before, the growing delay alone made it "cluster-bound" (acks looked slow against it).
        List<PeriodSummary> p = new ArrayList<>();
        p.add(period(Phase.WARMUP, 0, 0));
        long[] delays = {5_000, 5_000, 6_000, 12_000, 26_000, 26_000};
        long backlog = 0;
        for (long delay : delays) {
            backlog += 600;
            p.add(new PeriodSummary(Phase.MEASURE, 0, 1_000_000, 1_000, 0.1, 0, 400, 0.04, backlog, 3, E, E,
                    DiagnosticianTest.flat(delay), E, 0.3, false, 1_000, 0));
        }
        Measurement m = new Measurement(0, 6_000_000, new Counts(6_000, 6_000, 600_000, 0, 2_400, 240_000, 0), 1_000, 0.1, 0, 1_000,
                1_000, false, 0, 400, 0.04, DiagnosticianTest.flat(112_000), DiagnosticianTest.flat(112_000),
                DiagnosticianTest.flat(44_000), DiagnosticianTest.flat(5_400_000), LatencyHistograms.empty(),
                List.of(DiagnosticianTest.worker("w1", 0.2)), List.of());

        Diagnosis d = diagnose(m, p, Map.of(ConsumerDiagnosis.POLL_IDLE, 0.02));

        assertEquals(Verdict.CONSUMER_BOUND, d.verdict(), d.reason());
        // Without a consumer problem, the same growing delay still counts as falling behind.
        Measurement consumersKeptUp = new Measurement(0, 6_000_000, new Counts(6_000, 6_000, 600_000, 0, 6_000, 600_000, 0), 1_000, 0.1,
                0, 1_000, 1_000, false, 0, 1_000, 0.1, DiagnosticianTest.flat(112_000), DiagnosticianTest.flat(112_000),
                DiagnosticianTest.flat(44_000), DiagnosticianTest.flat(150_000), LatencyHistograms.empty(),
                List.of(DiagnosticianTest.worker("w1", 0.2)), List.of());
        Diagnosis noConsumers = diagnose(consumersKeptUp, p.stream().map(x -> x.phase() == Phase.MEASURE ? new PeriodSummary(Phase.MEASURE, 0,
                1_000_000, 1_000, 0.1, 0, 1_000, 0.1, 0, 3, E, E, x.scheduleDelay(), E, 0.3, false, 1_000, 0) : x).toList(), Map.of());
        assertEquals(Verdict.CLUSTER_BOUND, noConsumers.verdict(), noConsumers.reason());
    }

    @Test
    void consumersWaitingOnSlowFetchesAreEgressBound() {
        Diagnosis d = diagnose(measurement(4_800, 15_000, 24_300_000), periods(0, 500, 1_000, 1_600, 2_100, 2_600, 3_200),
                Map.of(ConsumerDiagnosis.POLL_IDLE, 0.93, ConsumerDiagnosis.FETCH_LATENCY_AVG, 480.0,
                        ConsumerDiagnosis.FETCH_LATENCY_MAX, 1_900.0));
        assertEquals(Verdict.EGRESS_BOUND, d.verdict(), d.reason());
        assertTrue(d.reason().contains("waited in poll for the brokers' fetches 93% of the time"), d.reason());
        assertTrue(d.reason().contains("a fetch took 480.0 ms on average, 1900.0 ms at most"), d.reason());
    }

    @Test
    void withoutPollMetricsTheConsumersAreNamedAndTheDoubtSaid() {
        Diagnosis d = diagnose(measurement(4_800, 15_000, -1), periods(0, 500, 1_000, 1_600, 2_100, 2_600, 3_200), Map.of());
        assertEquals(Verdict.CONSUMER_BOUND, d.verdict());
        assertTrue(d.reason().contains("cannot be told apart"), d.reason());
    }

    @Test
    void endToEndFarAboveThePublishLatencyWithABacklogThatDoesNotShrinkIsFallingBehind() {
        Diagnosis d = diagnose(measurement(9_000, 15_000, 23_200_000), periods(0, 33_074, 33_100, 33_080, 33_200, 33_150, 33_300),
                Map.of(ConsumerDiagnosis.POLL_IDLE, 0.1));
        assertEquals(Verdict.CONSUMER_BOUND, d.verdict(), String.valueOf(d.reason()));
        assertTrue(d.reason().contains("end-to-end p99 was 23200.0 ms against a publish p99 of 15.0 ms"), d.reason());
    }

    @Test
    void aCatchUpThatDrainsItsBacklogIsNoLimitAlthoughItsEndToEndLatencyIsHigh() {
        // Built while the catch-up group waited, then drained: the backlog ends lower than it began.
        Diagnosis d = diagnose(measurement(20_000, 15_000, 20_000_000), periods(0, 2_000, 6_000, 9_000, 4_000, 500, 0),
                Map.of(ConsumerDiagnosis.POLL_IDLE, 0.1));
        assertEquals(Verdict.NONE, d.verdict(), String.valueOf(d.reason()));
    }

    @Test
    void aScheduleDebtAtTheStartIsNeverKeptSchedule() {
        Diagnosis d = diagnose(measurement(10_000, 15_000, 20_000), periods(2_377, 0, 0, 0, 0), Map.of());
        assertEquals(Verdict.CLIENT_BOUND, d.verdict());
        assertTrue(d.reason().startsWith("the producers began the measurement 2,377 messages behind their schedule"), d.reason());
        assertFalse(d.line().contains("kept their schedule"), d.line());
    }

    @Test
    void theDebtIsNamedBesideTheConsumersWhenTheyFellBehindToo() {
        // The CKU white paper's workload at --scale 0.4 over SASL_SSL: debt at the start, backlog 33,074 → 708,397.
        Diagnosis d = diagnose(measurement(9_000, 15_000, 23_200_000), periods(2_377, 33_074, 150_000, 300_000, 450_000, 600_000,
                708_397), Map.of(ConsumerDiagnosis.POLL_IDLE, 0.9, ConsumerDiagnosis.FETCH_LATENCY_AVG, 12.0));
        assertEquals(Verdict.EGRESS_BOUND, d.verdict());
        assertTrue(d.reason().contains("the producers also began the measurement 2,377 messages behind their schedule"), d.reason());
    }

    @Test
    void aSmallDebtOrAKeptUpConsumerChangesNothing() {
        Diagnosis d = diagnose(measurement(10_000, 15_000, 20_000), periods(1, 10, 12, 9, 11, 10, 12),
                Map.of(ConsumerDiagnosis.POLL_IDLE, 0.9));
        assertEquals(Verdict.NONE, d.verdict(), String.valueOf(d.reason()));
    }
}
