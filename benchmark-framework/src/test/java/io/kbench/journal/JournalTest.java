package io.kbench.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.model.RunStatus;
import io.kbench.result.DriverInfo;
import io.kbench.result.RunResult;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import io.kbench.stats.PeriodStats;
import io.kbench.time.ManualClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's journal written as a coordinator writes it, read back as a lost run's result. */
class JournalTest {

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(0, 1_800_000_000_000_000L);

    private JournalWriter writer(Path file) {
        return new JournalWriter(file, clock, s -> s.replace("s3cret", "*****"), new JournalEntry.Header(clock.epochMicros() / 1_000,
                RunJournal.VERSION, "dev", "r1", dir.resolve("run.json").toString(), "w.yaml", null,
                new DriverInfo("d", "d.yaml", Map.of("password", "*****"), List.of()), null, Map.of(), List.of("w0", "w1"), 1_000));
    }

    /** Two workers' stats of one 1 s period: 1,000 messages each, publish latency 2 ms and 4 ms. */
    private static List<PeriodStats> workers() {
        return List.of(worker("w0", 2_000), worker("w1", 4_000));
    }

    private static PeriodStats worker(String id, long latencyMicros) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(latencyMicros, 1_000);
        LatencyHistograms l = new LatencyHistograms(h, h.copy(), new Histogram(3), h.copy());
        Counts c = new Counts(1_000, 1_000, 100_000, 0, 1_000, 100_000, 0);
        return new PeriodStats(id, 1_000_000, c, c, l, 0.1, false, List.of(), null, List.of(), null);
    }

    private static PeriodSummary period(Phase phase, long elapsedMicros) {
        return new PeriodSummary(phase, elapsedMicros, 1_000_000, 2_000, 0.19, 0, 2_000, 0.19, 0, 0, LatencySummary.EMPTY,
                LatencySummary.EMPTY, LatencySummary.EMPTY, LatencySummary.EMPTY, 0.1, false, 2_000, 0);
    }

    @Test
    void aLostRunsJournalBecomesAFailedResultWithItsMeasuredPeriodsAndLeftTopics() throws Exception {
        Path file = RunJournal.beside(dir.resolve("run.json"));
        JournalWriter w = writer(file);
        w.topics(List.of("kbench-r1-0"), true);
        w.phaseStarted(Phase.WARMUP, "Warming up for 1 s...");
        clock.advanceMillis(1_000);
        w.sample(period(Phase.WARMUP, 1_000_000), workers());
        w.phaseStarted(Phase.MEASURE, "Measuring for 60 s...");
        for (int i = 2; i <= 4; i++) {
            clock.advanceMillis(1_000);
            w.sample(period(Phase.MEASURE, i * 1_000_000L), workers());
        }
        w.warning("the password s3cret leaked into a line");
        // killed here: no finish(), no close()

        Journal j = Journal.read(file);
        assertEquals("r1", j.header().runId());
        assertEquals(4, j.entries(JournalEntry.Period.class).size());
        assertEquals(List.of("kbench-r1-0"), j.leftTopics());
        assertNull(j.cut());
        assertFalse(Files.readString(file).contains("s3cret"), "secrets are masked in the journal");

        RunResult r = JournalRecovery.toResult(j);
        assertEquals(RunStatus.FAILED, r.outcome().status());
        assertTrue(r.outcome().failureReason().startsWith("coordinator lost at 2027-01-15"), r.outcome().failureReason());
        assertTrue(r.outcome().failureReason().contains("3 measured period(s) of 3.0 s"), r.outcome().failureReason());
        assertEquals(4, r.timeline().periods().size(), "every period the journal kept");
        assertEquals(6_000, r.measurement().counts().messagesAcked(), "the measured periods' counts, added up");
        assertEquals(6_000, r.measurement().publishLatency().count(), "their histograms, added up");
        assertEquals(2_000, r.measurement().publishLatency().p50Micros(), 10, "exact percentiles over both workers");
        assertEquals(4_000, r.measurement().publishLatency().p99Micros(), 10);
        assertTrue(r.outcome().warnings().stream().anyMatch(x -> x.contains("kbench-r1-0")), r.outcome().warnings().toString());
    }

    @Test
    void aLineCutMidWriteIsLeftOutAndSaid() throws Exception {
        Path file = RunJournal.beside(dir.resolve("run.json"));
        JournalWriter w = writer(file);
        clock.advanceMillis(1_000);
        w.sample(period(Phase.MEASURE, 1_000_000), workers());
        w.close();
        String text = Files.readString(file);
        Files.writeString(file, text + "{\"type\":\"period\",\"atEpochMillis\":1800000000002,\"per", StandardCharsets.UTF_8);

        Journal j = Journal.read(file);
        assertEquals(1, j.entries(JournalEntry.Period.class).size());
        assertNotNull(j.cut());
        assertTrue(j.cut().contains("its last line (3) was cut mid-write: the 1 complete entries were read"), j.cut());
    }

    @Test
    void aJournalOfAnotherFormatIsRefusedInOneLineNamingBothVersions() throws Exception {
        Path file = dir.resolve("old.journal.jsonl");
        Files.writeString(file, "{\"type\":\"header\",\"journalVersion\":99,\"kbenchVersion\":\"9.9.9\"}\n");
        JournalException e = assertThrows(JournalException.class, () -> Journal.read(file));
        assertTrue(e.getMessage().contains("format version 99 (written by kbench 9.9.9)"), e.getMessage());
        assertTrue(e.getMessage().contains("reads version " + RunJournal.VERSION), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void aFileThatIsNoJournalIsRefused() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.journal.jsonl"), "");
        assertTrue(assertThrows(JournalException.class, () -> Journal.read(empty)).getMessage().contains("empty"));
        Path other = Files.writeString(dir.resolve("other.journal.jsonl"), "{\"status\":\"completed\"}\n");
        assertTrue(assertThrows(JournalException.class, () -> Journal.read(other)).getMessage().contains("not a run journal"));
    }

    @Test
    void deletedTopicsAreNamedNoMore() throws Exception {
        Path file = RunJournal.beside(dir.resolve("run.json"));
        JournalWriter w = writer(file);
        w.topics(List.of("t0", "t1"), true);
        w.close();
        long lost = Journal.read(file).lastEpochMillis();
        Journal.markDeleted(file, List.of("t0", "t1"), "r2", lost + 60_000);
        assertEquals(List.of(), Journal.read(file).leftTopics());
        assertEquals(lost, Journal.read(file).lastEpochMillis(), "a later run's note does not move when the coordinator was lost");
    }

    @Test
    void aFinishedRunRemovesItsJournalUnlessKept() throws Exception {
        Path removed = RunJournal.beside(dir.resolve("a.json"));
        writer(removed).finish(false);
        assertFalse(Files.exists(removed));
        Path kept = RunJournal.beside(dir.resolve("b.json"));
        writer(kept).finish(true);
        assertTrue(Files.exists(kept));
        assertEquals(dir.resolve("b.json"), RunJournal.resultBeside(kept));
    }

    @Test
    void aKeptJournalSaysItsSizeAndItsSizePerHour() throws Exception {
        Path file = dir.resolve("x.journal.jsonl");
        Files.write(file, new byte[3 * 1024 * 1024 + 512 * 1024]);
        assertEquals("Run journal kept: " + file + " (3.5 MB over 2.0 h: 1.8 MB per hour)", RunJournal.sizeLine(file, 7_200_000));
        Files.write(file, new byte[100 * 1024]);
        assertEquals("Run journal kept: " + file + " (100 KB over 5.0 min: 1.2 MB per hour)", RunJournal.sizeLine(file, 300_000));
        Files.write(file, new byte[2_000]);
        assertEquals("Run journal kept: " + file + " (2 KB)", RunJournal.sizeLine(file, 30_000), "too short a run for a rate");
    }
}
