package io.kbench.features.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.Fault;
import io.kbench.driver.FaultType;
import io.kbench.driver.DriverException;
import io.kbench.time.Attempt;
import io.kbench.time.ManualClock;
import io.kbench.workload.FaultSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.kbench.features.FaultApplier;
/** Faults at their times on a manual clock: the runner's waits move the clock, nothing sleeps. */
@Timeout(10)
class FaultRunnerTest {

    private static final long S = 1_000_000_000L;

    private final ManualClock clock = new ManualClock(100 * S, 1_700_000_000_000_000L);
    private final List<Fault> applied = Collections.synchronizedList(new ArrayList<>());
    private final List<String> console = Collections.synchronizedList(new ArrayList<>());

    private static FaultSpec spec(int afterSeconds, String type, Integer broker, Integer seconds) {
        return new FaultSpec(Duration.ofSeconds(afterSeconds), FaultType.byLabel(type).orElseThrow(), broker,
                seconds == null ? null : Duration.ofSeconds(seconds));
    }

    private FaultRunner runner(List<FaultSpec> faults, FaultApplier applier) {
        return new FaultRunner(faults, "topic-0", applier, clock, 90 * S, console::add);
    }

    private List<FaultEvent> awaitAll(FaultRunner r, int count) throws InterruptedException {
        while (applied.size() + failures < count) {
            Thread.sleep(5);
        }
        return r.stop();
    }

    private volatile int failures;

    @Test
    void faultsAreAppliedInOrderOfTheirTimeWithPlannedAndActualTimes() throws Exception {
        FaultRunner r = runner(List.of(spec(40, "broker-restart", 1, null), spec(20, "broker-kill", 1, null),
                spec(30, "network-freeze", null, 2)), f -> {
                    applied.add(f);
                    return "did " + f.type().label();
                });
        r.start(clock.nanoTime());
        List<FaultEvent> events = awaitAll(r, 3);
        assertEquals(List.of(FaultType.BROKER_KILL, FaultType.NETWORK_FREEZE, FaultType.BROKER_RESTART),
                applied.stream().map(Fault::type).toList());
        assertEquals("topic-0", applied.get(0).topic());
        assertEquals(Duration.ofSeconds(2), applied.get(1).duration());
        FaultEvent kill = events.get(0);
        assertEquals(Optional.of(FaultType.BROKER_KILL), kill.planned().type().value());
        assertEquals(OptionalInt.of(1), kill.planned().broker());
        assertEquals(OptionalLong.empty(), kill.planned().durationMillis());
        assertEquals(20_000, kill.planned().plannedAfterMillis());
        Attempt at = assertInstanceOf(FaultEvent.Tried.class, kill).at();
        assertEquals(20_000L, at.afterMillis());
        assertEquals(30_000_000L, at.elapsedMicros(), "on the periods' axis, which started 10 s before the measurement");
        assertTrue(kill.applied());
        assertEquals("did broker-kill", kill.outcome());
        assertEquals(OptionalLong.of(2_000L), events.get(1).planned().durationMillis());
        assertEquals(OptionalInt.empty(), events.get(1).planned().broker());
        assertEquals("[measure   20.0s] FAULT broker-kill of broker 1...", console.get(0));
        assertEquals("[measure   20.0s] FAULT broker-kill: did broker-kill", console.get(1));
    }

    @Test
    void aFaultTheClusterRefusesIsRecordedAsFailedAndTheOthersGoOn() throws Exception {
        FaultRunner r = runner(List.of(spec(1, "broker-kill", 7, null), spec(2, "broker-pause", 0, 1)), f -> {
            if (f.broker() == 7) {
                failures++;
                throw new DriverException("broker 7 does not exist: the cluster has brokers 0 to 2");
            }
            applied.add(f);
            return "paused";
        });
        r.start(clock.nanoTime());
        List<FaultEvent> events = awaitAll(r, 2);
        assertFalse(events.get(0).applied());
        assertTrue(events.get(0).attempt().isPresent(), "tried, and refused: " + events.get(0));
        assertEquals("failed: broker 7 does not exist: the cluster has brokers 0 to 2", events.get(0).outcome());
        assertTrue(events.get(1).applied());
    }

    @Test
    void faultsNotYetDueWhenTheMeasurementEndsAreRecordedAsNotApplied() {
        FaultRunner r = runner(List.of(spec(50, "broker-kill", null, null)), f -> {
            throw new AssertionError("must not run");
        });
        ManualClock frozen = clock; // the runner waits on a clock nobody advances: it is still waiting
        FaultRunner waiting = new FaultRunner(List.of(spec(50, "broker-kill", null, null)), "t", f -> "x",
                new io.kbench.time.BenchmarkClock() {
                    public long nanoTime() {
                        return frozen.nanoTime();
                    }

                    public long epochMicrosAt(long n) {
                        return frozen.epochMicrosAt(n);
                    }

                    public io.kbench.time.BenchmarkClock withOffsetMicros(long o) {
                        return this;
                    }

                    public void parkUntil(long deadline) throws InterruptedException {
                        Thread.sleep(60_000);
                    }
                }, 0, console::add);
        waiting.start(clock.nanoTime());
        List<FaultEvent> events = waiting.stop();
        assertEquals(1, events.size());
        assertFalse(events.get(0).applied());
        assertInstanceOf(FaultEvent.NotTried.class, events.get(0));
        assertTrue(events.get(0).attempt().isEmpty());
        assertEquals("not applied: the measurement ended first", events.get(0).outcome());
        assertEquals("not applied: the measurement never started", r.stop().get(0).outcome());
    }
}
