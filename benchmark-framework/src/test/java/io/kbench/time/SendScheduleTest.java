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

    private static long floorDiv(BigInteger a, long b) {
        return a.divide(BigInteger.valueOf(b)).longValueExact();
    }
}
