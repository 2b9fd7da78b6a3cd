package io.kbench.features.consumerevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.Phase;
import io.kbench.model.PeriodSummary;
import io.kbench.stats.LatencySummary;
import io.kbench.time.Attempt;
import io.kbench.time.ManualClock;
import io.kbench.workload.ConsumerEventSpec;
import io.kbench.workload.ConsumerEventSpec.Kind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What a consumer event cost, from synthetic periods and partition activity; and the runner on the manual clock. */
class ConsumerEventsTest {

    private static final long LOAD_START_EPOCH = 1_700_000_000_000_000L;

    private static PeriodSummary period(long endSeconds, double consumeRate, long p99Micros) {
        LatencySummary e2e = new LatencySummary(100, p99Micros / 2.0, p99Micros / 2, p99Micros / 2, p99Micros, p99Micros, p99Micros,
                p99Micros, p99Micros, p99Micros);
        return new PeriodSummary(Phase.MEASURE, endSeconds * 1_000_000, 1_000_000, 100, 0.01, 0, consumeRate, 0.01, 0, 0,
                LatencySummary.EMPTY, LatencySummary.EMPTY, LatencySummary.EMPTY, e2e, 0.1, false, 100, 0);
    }

    @Test
    void aCrashThatStallsTwoOfFourPartitionsForSixSeconds() {
        // Partitions 0-3 consumed every 10 ms from 0 to 20 s; partitions 2 and 3 not from 10 s to 16 s (the crash at 10 s).
        PartitionActivity a = new PartitionActivity("g");
        for (long ms = 0; ms <= 20_000; ms += 10) {
            for (int p = 0; p < 4; p++) {
                if (p >= 2 && ms > 10_000 && ms < 16_000) {
                    continue;
                }
                a.onConsumed(p, LOAD_START_EPOCH + ms * 1_000);
            }
        }
        List<PeriodSummary> periods = new ArrayList<>();
        for (long s = 1; s <= 20; s++) {
            boolean stalled = s > 10 && s <= 16;
            periods.add(period(s, stalled ? 50 : 100, stalled ? (s - 10) * 1_000_000 : 20_000));
        }
        EventRecord crash = new EventRecord.Tried(new EventAction.Consumers(Kind.CONSUMER_CRASH, 1), 0, 5_000,
                new Attempt(5_000, 10_000_000, Instant.ofEpochMilli((LOAD_START_EPOCH + 10_000_000) / 1_000).toString()), "1 crashed",
                true, OptionalLong.of(6_100));

        ConsumerEvents.Impact e = ConsumerEvents.analyse(List.of(crash), periods, List.of(a.track()), List.of("g"), 20_000_000).events().get(0);

        ConsumerEvents.Cost cost = assertInstanceOf(ConsumerEvents.Impact.Applied.class, e).cost();
        ConsumerEvents.Gaps gaps = cost.gaps().orElseThrow();
        assertEquals(OptionalLong.of(6_100), cost.timeToStableMillis());
        assertEquals(6_000, gaps.longestMillis().getAsLong(), 20, e.toString());
        assertTrue(gaps.longestPartition().getAsInt() >= 2, e.toString());
        assertEquals(0L, gaps.baselineLongestMillis(), "no pause of 50 ms or more before: " + e);
        assertEquals(2, gaps.partitionsPaused());
        assertEquals(4, gaps.partitions());
        assertEquals(100, cost.consumedPerSecondBefore(), 1e-9);
        assertEquals(50, cost.consumedPerSecondDuring(), 10, "the periods until stable");
        assertEquals(cost.consumedPerSecondDuring() / 100, cost.duringToBeforeRatio().getAsDouble(), 1e-12);
        assertEquals(20_000, cost.p99BeforeMicros());
        assertEquals(6_000_000, cost.p99PeakMicros());
        assertEquals(6_000, cost.spikeWidthMillis());
        assertTrue(e.line().contains("2 of 4 partitions paused"), e.line());
    }

    @Test
    void anEventNotAppliedHasNoFigures() {
        EventRecord none = new EventRecord.NotTried(new EventAction.Consumers(Kind.CONSUMER_JOIN, 1), 0, 5_000, "not applied");
        ConsumerEvents.Impact e = ConsumerEvents.analyse(List.of(none), List.of(), List.of(), List.of("g"), 1).events().get(0);
        assertInstanceOf(ConsumerEvents.Impact.NotApplied.class, e);
        assertTrue(e.attempt().isEmpty());
        assertTrue(e.line().endsWith("not applied"), e.line());
    }

    @Test
    void theRunnerAppliesEachEventOnTimeAndTimesTheStableAssignment() {
        ManualClock clock = new ManualClock();
        AtomicInteger polls = new AtomicInteger();
        List<String> applied = new ArrayList<>();
        List<ConsumerEventSpec> events = List.of(new ConsumerEventSpec(Duration.ofSeconds(2), Kind.CONSUMER_CRASH, 1, null),
                new ConsumerEventSpec(Duration.ofSeconds(1), Kind.CONSUMER_JOIN, 2, null));
        ConsumerEventRunner runner = new ConsumerEventRunner(events, e -> {
            applied.add(e.kind().label() + "@" + (clock.nanoTime() - 1_000_000_000L) / 1_000_000);
            return "done";
        }, () -> polls.incrementAndGet() % 5 == 0, clock, 1_000_000_000L, line -> {});
        runner.start(clock.nanoTime());
        List<EventRecord> records;
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            synchronized (runner) {
                // the runner's thread moves the manual clock itself (parkUntil): wait for both events
            }
            if (applied.size() == 2 || System.nanoTime() > deadline) {
                break;
            }
            Thread.onSpinWait();
        }
        records = runner.stop();
        assertEquals(List.of("consumer-join@1000", "consumer-crash@2000"), applied.subList(0, 2));
        assertEquals(2, records.size());
        EventRecord.Tried join = assertInstanceOf(EventRecord.Tried.class, records.get(0));
        assertEquals(OptionalLong.of(200), join.stableAfterMillis(), "stable at the 5th poll, 50 ms apart: " + records);
        assertEquals(1_000_000L, join.at().elapsedMicros());
        assertEquals(new EventAction.Consumers(Kind.CONSUMER_JOIN, 2), join.action());
    }
}
