package io.kbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.workload.Length;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PeriodBudgetTest {

    @Test
    void aRunThatFitsKeepsTheIntervalAsked() {
        assertEquals(Duration.ofSeconds(10), PeriodBudget.sampleInterval(Duration.ofSeconds(10),
                new Length.Timed(Duration.ofMinutes(10), Duration.ofHours(5))), "5 h 10 min in 10 s periods: 1,860");
    }

    @Test
    void aWeekGetsWholeMultiplesOfTheIntervalAsked() {
        Duration week = Duration.ofDays(7);
        Duration sample = PeriodBudget.sampleInterval(Duration.ofSeconds(10), new Length.Timed(Duration.ZERO, week));
        assertEquals(Duration.ofSeconds(310), sample, "60,480 periods of 10 s fit in 2,000 of 31 times 10 s");
        assertTrue(week.toNanos() / sample.toNanos() <= PeriodBudget.MAX_SAMPLED_PERIODS);
        assertEquals(Duration.ofMillis(1_500), PeriodBudget.fit(Duration.ofMillis(500), Duration.ofSeconds(3_000), 2_000));
    }

    @Test
    void aPhaseOfUnknownLengthDoublesItsPeriods() {
        assertEquals(5L, PeriodBudget.openEndedNanos(5, 3, 4));
        assertEquals(10L, PeriodBudget.openEndedNanos(5, 4, 4));
        assertEquals(20L, PeriodBudget.openEndedNanos(5, 9, 4));
        assertEquals(5L << 20, PeriodBudget.openEndedNanos(5, Long.MAX_VALUE, 4), "up to 2^20 times");
    }

    @Test
    void theLineSaysTheIntervalsInWords() {
        String line = PeriodBudget.widenedLine(Duration.ofSeconds(155), Duration.ofMinutes(5));
        assertTrue(line.contains("progress every 155 s and keeps a result period every 5 min"), line);
        assertEquals("2 h", PeriodBudget.words(Duration.ofHours(2)));
        assertEquals("1500 ms", PeriodBudget.words(Duration.ofMillis(1_500)));
    }
}
