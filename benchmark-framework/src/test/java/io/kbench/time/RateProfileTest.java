package io.kbench.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RateProfileTest {

    private static final long S = 1_000_000_000L;
    private static final long T0 = 7 * S;

    @Test
    void aConstantRateSpacesMessagesEvenly() {
        RateProfile p = RateProfile.constant(T0, 1000);
        assertEquals(T0, p.timeOf(0));
        assertEquals(T0 + 1_000_000, p.timeOf(1));
        assertEquals(T0 + 7 * S, p.timeOf(7_000));
        assertEquals(1, p.dueBy(T0));
        assertEquals(1, p.dueBy(T0 + 999_999));
        assertEquals(2, p.dueBy(T0 + 1_000_000));
        assertEquals(0, p.dueBy(T0 - 1));
        assertEquals(1000.0, p.rateAt(T0 + 3 * S), 1e-9);
    }

    @Test
    void aRateChangeKeepsEarlierMessagesWhereTheyWere() {
        RateProfile p = RateProfile.constant(T0, 100).then(T0 + 10 * S, 1000);
        assertEquals(T0 + 9_990_000_000L, p.timeOf(999), "before the change: 100 msg/s");
        assertEquals(T0 + 10 * S, p.timeOf(1000), "1000 were due when the rate changed");
        assertEquals(T0 + 10 * S + 1_000_000, p.timeOf(1001));
        assertEquals(1001, p.dueBy(T0 + 10 * S));
        assertEquals(1000.0, p.rateAt(T0 + 11 * S), 1e-9);
        assertEquals(100.0, p.rateAt(T0 + 9 * S), 1e-9);
    }

    @Test
    void aPauseDuesNothingUntilTheNextChange() {
        RateProfile paused = RateProfile.constant(T0, 100).then(T0 + S, 0);
        assertEquals(T0 + S, paused.timeOf(100), "message 100 falls due as the pause begins");
        assertEquals(Long.MAX_VALUE, paused.timeOf(101));
        assertEquals(101, paused.dueBy(T0 + 60 * S), "the 101 due by the pause, none after");
        RateProfile resumed = paused.then(T0 + 5 * S, 100);
        assertEquals(T0 + 5 * S + 10_000_000, resumed.timeOf(101));
        assertEquals(101, resumed.dueBy(T0 + 5 * S));
    }

    @Test
    void aLinearRampDuesTheAreaUnderTheRate() {
        // 0 -> 1000 msg/s over 10 s: 5,000 messages in the ramp, then 1000 msg/s.
        RateProfile p = RateProfile.constant(T0, 0).thenRamp(T0, 0, 1000, 10 * S);
        assertEquals(500.0, p.rateAt(T0 + 5 * S), 1e-9);
        assertEquals(T0 + 10 * S, p.timeOf(5_000), "the ramp's last message");
        // Message k of the ramp is due at sqrt(2k / 100) s: k = 50 at 1 s, k = 1,250 at 5 s.
        assertEquals(T0 + S, p.timeOf(50));
        assertEquals(T0 + 5 * S, p.timeOf(1_250));
        assertEquals(T0 + 10 * S + 1_000_000, p.timeOf(5_001), "then 1000 msg/s");
        assertEquals(1_251, p.dueBy(T0 + 5 * S));
    }

    @Test
    void dueByAndTimeOfAgreeEverywhere() {
        RateProfile p = RateProfile.constant(T0, 333).thenRamp(T0 + 3 * S, 333, 10_000, 2 * S).then(T0 + 9 * S, 7);
        for (long k = 0; k < 50_000; k += 7) {
            long t = p.timeOf(k);
            assertTrue(p.dueBy(t) > k, "message " + k + " is due at its own time");
            assertTrue(p.dueBy(t - 1) <= k, "and not a nanosecond before");
        }
    }

    @Test
    void ratesMustNotBeNegativeNorGoBackInTime() {
        assertThrows(IllegalArgumentException.class, () -> RateProfile.constant(T0, -1));
        assertThrows(IllegalArgumentException.class, () -> RateProfile.constant(T0, 10).then(T0 - 1, 10));
    }
}
