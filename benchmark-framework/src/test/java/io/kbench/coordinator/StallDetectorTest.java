package io.kbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.ServerContact;
import io.kbench.warning.WarningSummary;
import io.kbench.stats.Counts;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.PeriodStats;
import io.kbench.time.ManualClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

import io.kbench.model.LoadState;
/** The stall rule on a manual clock: seconds pass by assignment, not by sleeping. */
class StallDetectorTest {

    private static final long S = 1_000_000_000L;

    private final ManualClock clock = new ManualClock(0, 1_700_000_000_000_000L);

    private static LoadState state(long sent, long acked, long errors, long received) {
        return new LoadState(new Counts(sent, acked, 0, errors, received, 0, 0), 1, false);
    }

    @Test
    void inFlightMessagesWithoutAcknowledgementForTheTimeoutAreAStall() {
        StallDetector d = StallDetector.acknowledgements(30 * S);
        assertEquals(-1, d.stalledNanos(clock.nanoTime(), state(100, 90, 0, 0)));
        clock.advanceNanos(29 * S);
        assertEquals(-1, d.stalledNanos(clock.nanoTime(), state(200, 90, 0, 0)), "29 s: not yet");
        clock.advanceNanos(S);
        assertEquals(30 * S, d.stalledNanos(clock.nanoTime(), state(250, 90, 0, 0)));
    }

    @Test
    void anyAcknowledgementRestartsTheTimer() {
        StallDetector d = StallDetector.acknowledgements(30 * S);
        d.stalledNanos(clock.nanoTime(), state(100, 90, 0, 0));
        clock.advanceNanos(20 * S);
        d.stalledNanos(clock.nanoTime(), state(150, 91, 0, 0));
        clock.advanceNanos(20 * S);
        assertEquals(-1, d.stalledNanos(clock.nanoTime(), state(150, 91, 0, 0)), "20 s since the last ack");
    }

    @Test
    void nothingInFlightIsIdleNotStalled() {
        StallDetector d = StallDetector.acknowledgements(30 * S);
        d.stalledNanos(clock.nanoTime(), state(100, 100, 0, 0));
        clock.advanceNanos(60 * S);
        assertEquals(-1, d.stalledNanos(clock.nanoTime(), state(100, 99, 1, 0)), "all acked or failed");
        clock.advanceNanos(29 * S);
        assertEquals(-1, d.stalledNanos(clock.nanoTime(), state(101, 99, 1, 0)), "the wait starts when something is in flight");
        clock.advanceNanos(S);
        assertEquals(30 * S, d.stalledNanos(clock.nanoTime(), state(101, 99, 1, 0)));
    }

    @Test
    void failuresAreNotAcknowledgements() {
        StallDetector d = StallDetector.acknowledgements(10 * S);
        d.stalledNanos(clock.nanoTime(), state(100, 50, 0, 0));
        clock.advanceNanos(10 * S);
        assertTrue(d.stalledNanos(clock.nanoTime(), state(200, 50, 40, 0)) >= 0, "timeouts failing sends do not count as answers");
    }

    @Test
    void consumptionStallsWhenTheBacklogIsNotRead() {
        StallDetector d = StallDetector.consumption(10 * S);
        d.stalledNanos(clock.nanoTime(), state(100, 100, 0, 40));
        clock.advanceNanos(10 * S);
        assertEquals(10 * S, d.stalledNanos(clock.nanoTime(), state(100, 100, 0, 40)));
    }

    @Test
    void theGuardNamesTheClusterTheLastBrokerAndTheClientError() {
        StallGuard guard = StallGuard.acknowledgements(Duration.ofSeconds(30), "local Kafka 4.3.1, 1 broker at 127.0.0.1:39447");
        PeriodStats p = new PeriodStats("local", 1, Counts.ZERO, Counts.ZERO, LatencyHistograms.empty(), 0, false,
                List.of(new ErrorCount("TimeoutException", 12, "Expiring 12 record(s)")),
                new ServerContact("127.0.0.1:39447", 1_700_000_000_000L),
                List.of(new WarningSummary("broker 127.0.0.1:39447 unreachable", 412, 1, 2, null)), null);
        guard.check(clock.nanoTime(), state(1_000, 10, 0, 0), List.of(p));
        clock.advanceNanos(31 * S);
        ClusterStalledException e = assertThrows(ClusterStalledException.class,
                () -> guard.check(clock.nanoTime(), state(1_000, 10, 0, 0), List.of(p)));
        assertTrue(e.getMessage().startsWith("no acknowledgement for 31 s (the limit is 30 s) while 990 messages were in flight"),
                e.getMessage());
        assertTrue(e.getMessage().contains("cluster: local Kafka 4.3.1, 1 broker at 127.0.0.1:39447"), e.getMessage());
        assertTrue(e.getMessage().contains("the last broker that answered was 127.0.0.1:39447, around 2023-11-14T22:13:20Z"),
                e.getMessage());
        assertTrue(e.getMessage().contains("failed sends: 12 × timeout: Expiring 12 record(s)"), e.getMessage());
        assertTrue(e.getMessage().contains("the clients warned: broker 127.0.0.1:39447 unreachable: 412 warnings"), e.getMessage());
    }
}
