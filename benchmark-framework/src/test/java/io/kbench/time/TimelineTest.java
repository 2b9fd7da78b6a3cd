package io.kbench.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The timeline on a manual clock: its waits move the clock, nothing sleeps but the waits for its thread. */
@Timeout(10)
class TimelineTest {

    private static final long S = 1_000_000_000L;

    private final ManualClock clock = new ManualClock(100 * S, 1_700_000_000_000_000L);

    private Timeline<Integer, String> timeline(List<Integer> afterSeconds, Timeline.Action<Integer, String> action, boolean letFinish) {
        return new Timeline<>(afterSeconds, s -> Duration.ofSeconds(s), action, (s, why) -> s + ": " + why, clock, "test-timeline",
                letFinish);
    }

    @Test
    void itemsRunInOrderOfTheirOffsetEachToldWhenTheNextIsDue() throws Exception {
        CountDownLatch done = new CountDownLatch(3);
        long start = clock.nanoTime();
        Timeline<Integer, String> t = timeline(List.of(30, 10, 20), (s, measureStart, nextDue) -> {
            done.countDown();
            return s + "@" + (clock.nanoTime() - measureStart) / S + " next " + (nextDue == Long.MAX_VALUE ? "none"
                    : (nextDue - measureStart) / S);
        }, true);
        t.start(start);
        assertTrue(done.await(5, TimeUnit.SECONDS));
        assertEquals(List.of("10@10 next 20", "20@20 next 30", "30@30 next none"), t.stop());
    }

    @Test
    void whatWasNotDueWhenTheMeasurementEndedIsNotAppliedAndSaysWhy() throws Exception {
        CountDownLatch first = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Timeline<Integer, String> t = timeline(List.of(1, 2, 3), (s, measureStart, nextDue) -> {
            first.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new AssertionError("an action under way is let finish");
            }
            return s + " done";
        }, true);
        t.start(clock.nanoTime());
        assertTrue(first.await(5, TimeUnit.SECONDS));
        t.endMeasurement();
        assertTrue(t.ending());
        release.countDown();
        assertEquals(List.of("1 done", "2: not applied: the measurement ended first", "3: not applied: the measurement ended first"),
                t.stop());
    }

    @Test
    void stopInterruptsAnActionUnderWayWhenTheTimelineIsMadeSo() throws Exception {
        CountDownLatch first = new CountDownLatch(1);
        Timeline<Integer, String> t = timeline(List.of(1, 2), (s, measureStart, nextDue) -> {
            first.countDown();
            try {
                new CountDownLatch(1).await();
                return s + " not interrupted";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return s + " interrupted";
            }
        }, false);
        t.start(clock.nanoTime());
        assertTrue(first.await(5, TimeUnit.SECONDS));
        assertEquals(List.of("1 interrupted", "2: not applied: the measurement ended first"), t.stop());
    }

    @Test
    void aTimelineNeverStartedAccountsForEveryItem() {
        Timeline<Integer, String> t = timeline(List.of(2, 1), (s, measureStart, nextDue) -> {
            throw new AssertionError("must not run");
        }, true);
        assertEquals(List.of("1: not applied: the measurement never started", "2: not applied: the measurement never started"),
                t.stop());
    }
}
