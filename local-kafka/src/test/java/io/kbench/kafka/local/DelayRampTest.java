package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A ramping delay's value over its time, on given nanosecond times (no sleeping). */
class DelayRampTest {

    private static final long MS = 1_000_000;

    @Test
    void aRampGoesLinearlyFromItsFirstDelayToItsLast() {
        long start = 5_000 * MS;
        DelayRamp ramp = new DelayRamp(1 * MS, 41 * MS, start, start + 30_000 * MS); // 1 ms to 41 ms over 30 s
        assertEquals(1 * MS, ramp.nanosAt(start));
        assertEquals(1 * MS, ramp.nanosAt(start - 1), "before its start: its first delay");
        assertEquals(21 * MS, ramp.nanosAt(start + 15_000 * MS));
        assertEquals(11 * MS, ramp.nanosAt(start + 7_500 * MS));
        assertEquals(41 * MS, ramp.nanosAt(start + 30_000 * MS));
        assertEquals(41 * MS, ramp.nanosAt(start + 60_000 * MS));
        long previous = 0;
        for (long t = start; t <= start + 30_000 * MS; t += 100 * MS) {
            long d = ramp.nanosAt(t);
            assertEquals(true, d >= previous, "never shorter later: " + d + " after " + previous);
            previous = d;
        }
    }

    @Test
    void aShrinkingRampAndASteadyDelay() {
        DelayRamp down = new DelayRamp(50 * MS, 10 * MS, 0, 4_000 * MS);
        assertEquals(30 * MS, down.nanosAt(2_000 * MS));
        DelayRamp steady = new DelayRamp(50 * MS, 50 * MS, 0, 4_000 * MS);
        assertEquals(50 * MS, steady.nanosAt(3_999 * MS));
    }

    @Test
    void theEndMustComeAfterTheStart() {
        assertThrows(IllegalArgumentException.class, () -> new DelayRamp(1, 2, 10, 10));
    }
}
