package io.kbench.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SendScheduleTest {

    private static final long START = 5_000_000_000L;

    @Test
    void oneProducerSendsAtEvenIntervals() {
        SendSchedule s = SendSchedule.throttled(START, 1000, 0, 1);
        assertEquals(START, s.intendedSendNanos(0));
        assertEquals(START + 1_000_000, s.intendedSendNanos(1));
        assertEquals(START + 7_000_000_000L, s.intendedSendNanos(7_000));
        assertEquals(1000.0, s.ratePerSecond(START), 1e-9);
    }

    @Test
    void producersInterleaveEvenly() {
        // 4 producers sharing 400 msg/s: each sends every 10 ms, producer i offset by i * 2.5 ms.
        int producers = 4;
        List<SendSchedule> schedules = new ArrayList<>();
        for (int i = 0; i < producers; i++) {
            schedules.add(SendSchedule.throttled(START, 400, i, producers));
        }
        for (int i = 0; i < producers; i++) {
            assertEquals(START + i * 2_500_000L, schedules.get(i).intendedSendNanos(0), "producer " + i);
            assertEquals(100.0, schedules.get(i).ratePerSecond(START), 1e-9);
        }
        // The merged schedule is message j of the whole run at j / 400 s.
        for (long j = 0; j < 4_000; j++) {
            SendSchedule s = schedules.get((int) (j % producers));
            assertEquals(START + j * 2_500_000L, s.intendedSendNanos(j / producers), "message " + j);
        }
    }

    @Test
    void interleavingWithRateThatDoesNotDivideASecond() {
        // 3 producers at 7 msg/s: message j of the run is due at j / 7 s; allow only truncation (< 2 ns).
        for (int i = 0; i < 3; i++) {
            SendSchedule s = SendSchedule.throttled(START, 7, i, 3);
            for (long k = 0; k < 1_000; k++) {
                long j = 3 * k + i;
                long exact = START + floorDiv(BigInteger.valueOf(j).multiply(BigInteger.valueOf(1_000_000_000L)), 7);
                long diff = Math.abs(s.intendedSendNanos(k) - exact);
                assertTrue(diff <= 2, "producer " + i + " message " + k + " off by " + diff + " ns");
            }
        }
    }

    @Test
    void noDriftAfterABillionMessages() {
        // Compare with exact rational arithmetic; accumulating a rounded interval would be off by
        // seconds (double sum) or by a third of a second (whole-nanosecond interval) by now.
        double[] rates = {3, 7, 1_000_003, 333_333.3};
        for (double rate : rates) {
            for (int producers : new int[] {1, 3}) {
                int i = producers - 1;
                SendSchedule s = SendSchedule.throttled(START, rate, i, producers);
                for (long k : new long[] {999_999_999L, 1_000_000_000L}) {
                    BigDecimal exact = BigDecimal.valueOf(k * producers + i)
                            .multiply(BigDecimal.valueOf(1_000_000_000L))
                            .divide(new BigDecimal(Double.toString(rate)), 6, RoundingMode.HALF_EVEN);
                    long actual = s.intendedSendNanos(k) - START;
                    double error = Math.abs(exact.doubleValue() - actual);
                    assertTrue(error < 1_000, "rate " + rate + " producers " + producers + " message " + k
                            + ": " + actual + " vs exact " + exact + " (" + error + " ns off)");
                }
            }
        }
    }

    @Test
    void dueByCountsMessagesWhoseIntendedTimeHasCome() {
        SendSchedule s = SendSchedule.throttled(START, 1000, 1, 4); // every 4 ms from START + 1 ms
        assertEquals(0, s.dueBy(START));
        assertEquals(0, s.dueBy(START + 999_999));
        assertEquals(1, s.dueBy(START + 1_000_000));
        assertEquals(1, s.dueBy(START + 4_999_999));
        assertEquals(2, s.dueBy(START + 5_000_000));
        assertEquals(0, s.dueBy(START - 10_000_000_000L));
    }

    @Test
    void dueByIsConsistentWithIntendedSendNanos() {
        // dueBy(t) must be exactly the number of messages k with intendedSendNanos(k) <= t,
        // including at rates whose interval is not a whole number of nanoseconds.
        double[] rates = {3, 7, 1000, 333_333.3, 1_000_003};
        for (double rate : rates) {
            for (int i = 0; i < 3; i++) {
                SendSchedule s = SendSchedule.throttled(START, rate, i, 3);
                for (long k : new long[] {0, 1, 2, 3, 10, 999, 123_457, 1_000_000_000L}) {
                    long t = s.intendedSendNanos(k);
                    assertEquals(k + 1, s.dueBy(t), "rate " + rate + " producer " + i + ": due at message " + k + "'s time");
                    assertEquals(k, s.dueBy(t - 1), "rate " + rate + " producer " + i + ": due just before message " + k);
                }
            }
        }
    }

    @Test
    void rejectsRatesThatAreNotPositive() {
        for (double rate : new double[] {0, -1, -0.5, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SendSchedule.throttled(START, rate, 0, 1), "rate " + rate);
            assertTrue(e.getMessage().contains("rate must be a positive number"), e.getMessage());
        }
    }

    @Test
    void rejectsBadProducerIndexes() {
        int[][] bad = {{-1, 2}, {2, 2}, {5, 2}, {0, 0}};
        for (int[] b : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SendSchedule.throttled(START, 100, b[0], b[1]));
            assertEquals("producer index " + b[0] + " out of range for " + b[1] + " producers", e.getMessage());
        }
    }

    @Test
    void aRestartDropsTheDebtAndTheNextMessageIsDueAfterIt() {
        // One producer at 1,000 msg/s sent 2,000 messages by 5 s: 3,000 behind. A restart at 5 s to
        // 100 msg/s forgives them; its next message is due 10 ms after the restart.
        RateControl control = new RateControl(RateProfile.constant(START, 1000));
        SendSchedule s = new SendSchedule(control, 0, 1);
        long restart = START + 5_000_000_000L;
        assertEquals(5_001, s.dueBy(restart));
        control.restart(restart, 100);
        // Until the producer asks for its next time it has not adopted the restart: the lag still shows.
        assertEquals(5_001, s.dueBy(restart));
        long next = s.intendedSendNanos(2_000);
        assertEquals(restart + 10_000_000, next);
        assertEquals(3_001, s.skippedMessages());
        assertEquals(2_000, s.dueBy(restart), "nothing due and unsent right after the restart");
        assertEquals(2_001, s.dueBy(next), "then the new rate's messages fall due");
        assertEquals(restart + 20_000_000, s.intendedSendNanos(2_001));
    }

    @Test
    void aRestartForgivesNothingWhenTheProducerKeptUp() {
        RateControl control = new RateControl(RateProfile.constant(START, 1000));
        SendSchedule s = new SendSchedule(control, 0, 1);
        long restart = START + 999_500_000L; // messages 0..999 were due; 1,000 is due at START + 1 s
        control.restart(restart, 1000);
        assertEquals(START + 1_000_000_000L, s.intendedSendNanos(1_000));
        assertEquals(0, s.skippedMessages());
    }

    @Test
    void producersRestartTogetherAndStayInterleaved() {
        // 2 producers at 200 msg/s, both far behind by different amounts; after a restart to 200 msg/s
        // at T (when the run's message 2,000, producer a's, is due and dropped), the run's next messages
        // are due at T + 5 ms (b), T + 10 ms (a), ... alternating producers as before.
        RateControl control = new RateControl(RateProfile.constant(START, 200));
        SendSchedule a = new SendSchedule(control, 0, 2);
        SendSchedule b = new SendSchedule(control, 1, 2);
        long restart = START + 10_000_000_000L;
        control.restart(restart, 200);
        long a0 = a.intendedSendNanos(10);
        long b0 = b.intendedSendNanos(400);
        assertEquals(restart + 10_000_000, a0);
        assertEquals(restart + 5_000_000, b0);
        assertEquals(restart + 20_000_000, a.intendedSendNanos(11));
        assertEquals(restart + 15_000_000, b.intendedSendNanos(401));
        assertEquals(0, a.dueBy(restart) - 10, "producer a owes nothing after the restart");
        assertEquals(0, b.dueBy(restart) - 400, "producer b owes nothing after the restart");
    }

    private static long floorDiv(BigInteger a, long b) {
        return a.divide(BigInteger.valueOf(b)).longValueExact();
    }
}
