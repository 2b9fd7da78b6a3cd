package io.kbench.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Rate changes while producers run: each producer's schedule follows, earlier messages keep their times. */
class RateControlTest {

    private static final long S = 1_000_000_000L;

    @Test
    void producersFollowARateChangeAndKeepTheirShareOfTheRun() {
        RateControl control = new RateControl(RateProfile.constant(0, 100));
        SendSchedule p0 = new SendSchedule(control, 0, 2);
        SendSchedule p1 = new SendSchedule(control, 1, 2);
        assertEquals(50, p0.dueBy(S - 1), "messages 0, 2, ..., 98 of the first second");
        assertEquals(50, p1.dueBy(S - 1));
        control.changeRate(S, 1_000);
        // 100 were due by 1 s: message 100 (producer 0's 50th) at 1 s, then one every millisecond.
        assertEquals(S, p0.intendedSendNanos(50));
        assertEquals(S + 1_000_000, p1.intendedSendNanos(50));
        assertEquals(980_000_000L, p0.intendedSendNanos(49), "an earlier message (the run's 98th) keeps its time");
        assertEquals(550, p0.dueBy(2 * S - 1), "100 + 1000 in two seconds, split evenly");
        assertEquals(550, p1.dueBy(2 * S - 1));
        control.changeRate(2 * S, 0);
        long dueAtPause = p0.dueBy(2 * S) + p1.dueBy(2 * S);
        assertEquals(dueAtPause, p0.dueBy(60 * S) + p1.dueBy(60 * S), "a pause dues nothing more");
        assertEquals(Long.MAX_VALUE, p0.intendedSendNanos(p0.dueBy(2 * S)));
        assertEquals(0.0, p0.ratePerSecond(3 * S), 1e-9);
    }
}
