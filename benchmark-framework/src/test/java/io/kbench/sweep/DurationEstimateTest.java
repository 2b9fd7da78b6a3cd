package io.kbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.workload.spec.RunSpec;
import io.kbench.workload.spec.RunSpecs;
import io.kbench.workload.Workloads;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class DurationEstimateTest {

    private static RunSpec spec(String yaml) {
        return RunSpecs.of(Workloads.parse(yaml));
    }

    private static final RunSpec TIMED = spec("producerRate: 1000\nwarmupDuration: 10s\ntestDuration: 50s\n");
    private static final RunSpec THROTTLED_COUNT = spec("producerRate: 1000\nmessageCount: 30000\n");
    private static final RunSpec UNTHROTTLED_COUNT = spec("producerRate: -1\nmessageCount: 1000000\n");
    private static final RunSpec OMB_MINUTES = spec("producerRate: 1000\ntestDurationMinutes: 5\n");

    @Test
    void perRunIsWarmupPlusMeasurementOrCountOverRatePlusOverhead() {
        assertEquals(Duration.ofSeconds(75), DurationEstimate.perRun(TIMED));
        assertEquals(Duration.ofSeconds(45), DurationEstimate.perRun(THROTTLED_COUNT));
        assertEquals(Duration.ofSeconds(6 * 60 + 15), DurationEstimate.perRun(OMB_MINUTES), "OMB's default warmup is 1 minute");
        assertNull(DurationEstimate.perRun(UNTHROTTLED_COUNT));
    }

    @Test
    void totalsKnownRunsAndCountsUnknownOnes() {
        DurationEstimate e = DurationEstimate.of(List.of(TIMED, THROTTLED_COUNT, UNTHROTTLED_COUNT, UNTHROTTLED_COUNT));
        assertEquals(Duration.ofSeconds(120), e.known());
        assertEquals(2, e.knownRuns());
        assertEquals(2, e.unknownRuns());
        assertTrue(e.describe().startsWith("about 2m for 2 runs"), e.describe());
        assertTrue(e.describe().contains("plus 2 runs of unknown length: an unthrottled messageCount"), e.describe());
        assertFalse(e.needsConfirmation());
    }

    @Test
    void creatingManyPartitionsAddsToTheSetup() {
        RunSpec large = spec("producerRate: 1000\nwarmupDuration: 10s\ntestDuration: 50s\ntopics: 4\npartitionsPerTopic: 5000\n");
        assertEquals(Duration.ofSeconds(75 + 76), DurationEstimate.perRun(large), "19,000 partitions beyond the first 1,000, 4 ms each");
        assertTrue(DurationEstimate.of(List.of(large)).describe().endsWith("and 4 ms a partition created beyond 1,000)"));
    }

    @Test
    void overAnHourNeedsConfirmation() {
        assertFalse(DurationEstimate.of(Collections.nCopies(48, TIMED)).needsConfirmation()); // 60 min exactly
        DurationEstimate e = DurationEstimate.of(Collections.nCopies(49, TIMED));
        assertTrue(e.needsConfirmation());
        assertEquals("1h 2m", DurationEstimate.format(e.known()));
        assertFalse(DurationEstimate.of(Collections.nCopies(1000, UNTHROTTLED_COUNT)).needsConfirmation());
    }

    @Test
    void formatsDurations() {
        assertEquals("45s", DurationEstimate.format(Duration.ofSeconds(45)));
        assertEquals("12m 30s", DurationEstimate.format(Duration.ofSeconds(750)));
        assertEquals("2m", DurationEstimate.format(Duration.ofSeconds(120)));
        assertEquals("2h 5m", DurationEstimate.format(Duration.ofMinutes(125)));
        assertEquals("1h", DurationEstimate.format(Duration.ofHours(1)));
    }
}
