package io.kbench.features.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.driver.BrokerActivity;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.LatencySummary;
import io.kbench.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The brokers on the timeline: each broker JVM's answers counted from the load's start (a restarted broker from its
 * own start, a killed one by its last answer), and a spike attributed to the brokers' pauses and deletions around it.
 */
class BrokerWatchTest {

    private static final long SECOND = 1_000_000;

    private final ManualClock clock = new ManualClock(0, 1_700_000_000_000_000L);
    private final long loadStart = clock.epochMicrosAt(0);

    private BrokerActivity.GcPause pause(double atSeconds, long ms) {
        return new BrokerActivity.GcPause(loadStart + (long) (atSeconds * SECOND), ms * 1_000, "G1 Young Generation", "G1 Evacuation Pause");
    }

    private BrokerActivity.SegmentDeletion deletion(double atSeconds, int segments, Integer... partitions) {
        return new BrokerActivity.SegmentDeletion(loadStart + (long) (atSeconds * SECOND), "t", List.of(partitions), segments);
    }

    @Test
    void eachBrokerJvmCountsFromTheLoadsStartAndAKilledOneKeepsWhatItTold() {
        long jvm1 = 1_699_999_000_000L; // started before the load, as the cluster did
        AtomicReference<List<BrokerActivity>> answer = new AtomicReference<>(List.of(
                new BrokerActivity(1, jvm1, 10, 50_000, List.of(pause(-5, 30), pause(-6, 4)), 1, 2, List.of(deletion(-3, 2, 0))),
                new BrokerActivity(2, jvm1, 8, 40_000, List.of(pause(-5, 20)), 0, 0, List.of())));
        BrokerWatch watch = new BrokerWatch(() -> Optional.of(answer.get()), clock, loadStart);
        watch.readOnce(); // the baseline, at the load's start

        clock.advanceMillis(10_000);
        // broker 1 paused 3 times more and deleted 3 segments of two partitions; broker 2 told once, then was killed
        answer.set(List.of(new BrokerActivity(1, jvm1, 13, 150_000, List.of(pause(4, 45), pause(-5, 30), pause(7, 5), pause(-6, 4), pause(8, 50)),
                3, 5, List.of(deletion(-3, 2, 0), deletion(5, 2, 0, 1), deletion(9, 1, 1))),
                new BrokerActivity(2, jvm1, 9, 52_000, List.of(pause(6, 12), pause(-5, 20)), 0, 0, List.of())));
        watch.readOnce();
        clock.advanceMillis(10_000);
        // broker 2 restarted: a new JVM whose counts start again
        long jvm2 = loadStart / 1_000 + 15_000;
        answer.set(List.of(new BrokerActivity(1, jvm1, 13, 150_000, List.of(pause(4, 45), pause(-5, 30), pause(7, 5), pause(-6, 4), pause(8, 50)),
                3, 5, List.of(deletion(-3, 2, 0), deletion(5, 2, 0, 1), deletion(9, 1, 1))),
                new BrokerActivity(2, jvm2, 2, 7_000, List.of(pause(16, 5), pause(15.5, 2)), 1, 1, List.of(deletion(18, 1, 0)))));
        watch.readOnce();

        Brokers b = watch.brokers();
        assertTrue(b.seen());
        assertEquals(3, b.reads());
        assertEquals(3, b.brokerJvms(), "broker 1, broker 2 before its restart and after");
        assertEquals(3 + 1 + 2, b.gcPauseCount());
        assertEquals(100_000 + 12_000 + 7_000, b.gcPauseTotalMicros());
        assertEquals(List.of(50_000L, 45_000L, 12_000L, 5_000L, 5_000L, 2_000L),
                b.longestGcPauses().stream().map(BrokerGcPause::durationMicros).toList(), "the run's pauses only, longest first");
        assertEquals(2, b.longestGcPauses().get(2).brokerId());
        assertEquals(2 + 1, b.deletionCount());
        assertEquals(3 + 1, b.segmentsDeleted());
        assertEquals(List.of(new BrokerDeletion(5 * SECOND, 1, "t", List.of(0, 1), 2), new BrokerDeletion(9 * SECOND, 1, "t", List.of(1), 1),
                new BrokerDeletion(18 * SECOND, 2, "t", List.of(0), 1)), b.deletions());
        assertEquals(List.of("Broker GC: 6 pauses, 119 ms in all, longest 50 ms (broker 1, G1 Young Generation, 0:08); 2 of 20 ms or more",
                "Broker segment deletions: 4 segments in 3 deletions (first at 0:05, on brokers 1 and 2)"), TimelineText.brokers(timeline(b, List.of())));
    }

    @Test
    void aBrokerThatMissedTheBaselineCountsOnlyWhatItKeptFromTheLoadsStart() {
        long jvm = loadStart / 1_000 - 60_000; // paused at the load's start: no answer then
        AtomicReference<List<BrokerActivity>> answer = new AtomicReference<>(List.of());
        BrokerWatch watch = new BrokerWatch(() -> Optional.of(answer.get()), clock, loadStart);
        watch.readOnce();
        answer.set(List.of(new BrokerActivity(1, jvm, 40, 400_000, List.of(pause(-30, 90), pause(3, 25), pause(6, 7)), 2, 3,
                List.of(deletion(-20, 2, 0), deletion(4, 1, 1)))));
        watch.readOnce();
        Brokers b = watch.brokers();
        assertEquals(2, b.gcPauseCount(), "its 38 pauses before the load do not count");
        assertEquals(32_000, b.gcPauseTotalMicros());
        assertEquals(1, b.deletionCount());
        assertEquals(1, b.segmentsDeleted());
    }

    @Test
    void aClusterThatDoesNotWatchItsBrokersIsNotSeenAndSaysWhy() {
        BrokerWatch watch = new BrokerWatch(Optional::empty, clock, loadStart);
        watch.readOnce();
        assertFalse(watch.brokers().seen());
        assertEquals(List.of("Brokers' GC and segment deletions: not seen (the cluster does not watch its brokers)"),
                TimelineText.brokers(timeline(watch.brokers(), List.of())));
        assertEquals(List.of("Brokers' GC and segment deletions: not seen (a cluster kbench did not start)"),
                TimelineText.brokers(timeline(Brokers.notSeen(TimelineRun.NOT_STARTED), List.of())));
        BrokerWatch failing = new BrokerWatch(() -> {
            throw new io.kbench.driver.DriverException("node 1 is gone");
        }, clock, loadStart);
        failing.readOnce();
        assertEquals("the brokers did not answer: node 1 is gone", failing.brokers().notSeenWhy());
    }

    private static LatencySummary p999(long micros) {
        return new LatencySummary(1_000, micros / 2.0, micros / 4, micros / 3, micros / 2, micros / 2, micros, micros, micros, micros, 1);
    }

    /** Twenty 1 s periods, publish p99.9 10 ms, but 300 ms in (4 s, 5 s] and 250 ms in (14 s, 15 s]. */
    private static List<PeriodSummary> periods() {
        List<PeriodSummary> out = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            LatencySummary pub = p999(i == 5 ? 300_000 : i == 15 ? 250_000 : 10_000);
            out.add(new PeriodSummary(Phase.MEASURE, i * SECOND, SECOND, 100, 0.1, 0, 100, 0.1, 0, 0, pub, pub, LatencySummary.EMPTY,
                    LatencySummary.EMPTY, 0.1, false, 100, 0));
        }
        return out;
    }

    private Timeline timeline(Brokers b, List<Spike> spikes) {
        return new Timeline(loadStart, GcPauses.NONE, Retention.notKnown("no admin"), b, SpikeRule.FACTOR, SpikeRule.MIN_EXCESS_MICROS,
                SpikeRule.GC_THRESHOLD_MICROS, spikes.size(), spikes);
    }

    @Test
    void aSpikeIsAttributedToTheBrokersPausesAndDeletionsAroundIt() throws Exception {
        // the spike at 5 s: broker 2's 45 ms pause at 3.5 s (within one period before) and broker 1's deletion seen at 5.2 s
        // (within one period after); broker 1's 15 ms pause at 4.5 s is under the threshold; the pause at 12 s and the
        // deletion at 9 s are too far. The spike at 15 s has nothing.
        Brokers b = new Brokers(true, null, 3, 2, 4, 170_000, List.of(
                new BrokerGcPause(loadStart + 12 * SECOND, 110_000, 1, "G1 Young Generation", "G1 Evacuation Pause"),
                new BrokerGcPause(loadStart + 3_500_000, 45_000, 2, "G1 Young Generation", "G1 Evacuation Pause"),
                new BrokerGcPause(loadStart + 4_500_000, 15_000, 1, "G1 Young Generation", "G1 Evacuation Pause")), 2, 4, List.of(
                new BrokerDeletion(5_200_000, 1, "t", List.of(0, 1), 3), new BrokerDeletion(9 * SECOND, 2, "t", List.of(1), 1)));
        SpikeRule.Found f = SpikeRule.find(periods(), List.of(), List.of(), b, loadStart);

        assertEquals(2, f.count());
        Spike first = f.kept().get(0);
        assertEquals(List.of(45_000L), first.brokerGcPauses().stream().map(BrokerGcPause::durationMicros).toList());
        assertEquals(List.of(b.deletions().get(0)), first.segmentDeletions());
        assertTrue(first.explained());
        assertFalse(f.kept().get(1).explained());
        Timeline t = timeline(b, f.kept());
        assertEquals("Spikes: publish p99.9 at 0:05 (300 ms, median 10 ms) coincides with a broker GC pause of 45 ms (broker 2) and "
                + "broker 1 deleting 3 segments; 1 spike unexplained (publish p99.9 at 0:15 (250 ms, median 10 ms))", TimelineText.spikes(t));
        var drifted = new ObjectMapper().readTree("{\"figures\":[{\"figure\":\"publish-p99\",\"verdict\":\"rising\"}]}");
        assertEquals("Drift and timeline: publish-p99 rising while the brokers deleted segments and the brokers had GC pauses of 20 ms or "
                + "more; they may be related (not shown to be)", TimelineText.drift(t, drifted));
    }
}
