package io.kbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.coordinator.StatsMerger;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.Measurement;
import io.kbench.model.MeasurementCalculator;
import io.kbench.result.DriverInfo;
import io.kbench.result.ResultJson;
import io.kbench.result.ResultSections;
import io.kbench.result.RunIdentity;
import io.kbench.result.RunOutcome;
import io.kbench.result.RunResult;
import io.kbench.result.RunTimeline;
import io.kbench.model.RunStatus;
import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.Histograms;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.PeriodStats;
import io.kbench.time.ClockOffset;
import io.kbench.workload.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a 100-worker run stays small and quick to write: the per-worker breakdown is a table
 * and two bar charts, and the curves are computed once from the merged histograms.
 */
class HundredWorkerReportTest {

    static final int WORKERS = 100;
    static final int PERIODS = 72; // a 6-minute measurement at 5 s progress intervals

    @TempDir
    Path dir;

    @Test
    void aHundredWorkerReportIsSmallAndQuick() throws Exception {
        Path result = dir.resolve("hundred.json");
        Files.writeString(result, ResultJson.text(result(WORKERS, PERIODS)));

        HtmlReport.Written first = HtmlReport.write(List.of(result), null, dir.resolve("first.html"), "kbench test");
        long warm = Long.MAX_VALUE;
        HtmlReport.Written w = first;
        for (int i = 0; i < 5; i++) {
            w = HtmlReport.write(List.of(result), null, dir.resolve("r" + i + ".html"), "kbench test");
            warm = Math.min(warm, w.millis());
        }
        System.out.printf(Locale.ROOT, "100-worker report: %,d KB from a %,d KB result; written in %d ms (first in this JVM: %d ms)%n",
                w.bytes() / 1024, Files.size(result) / 1024, warm, first.millis());

        JsonNode page = ReportPages.data(w.file());
        assertEquals(WORKERS, ReportPages.table(page, "Per worker").get("rows").size());
        assertEquals(WORKERS, ReportPages.charts(page, t -> t.equals("Publish rate per worker")).get(0).get("x").get("values").size());
        assertTrue(w.bytes() < 512 * 1024, "report of " + w.bytes() + " bytes");
        assertTrue(warm < 2_000, "written in " + warm + " ms");
    }

    /** A result of {@code workerCount} workers and {@code periodCount} 5 s periods (the first 6 warmup), with real histograms. */
    static RunResult result(int workerCount, int periodCount) {
        Random random = new Random(7);
        List<CumulativeStats> workers = new ArrayList<>();
        List<PeriodStats> periodStats = new ArrayList<>();
        long samples = 20_000;
        for (int w = 0; w < workerCount; w++) {
            LatencyHistograms l = new LatencyHistograms(histogram(random, 2_000, samples), histogram(random, 1_500, samples),
                    histogram(random, 200, samples), histogram(random, 3_000, samples));
            Counts c = new Counts(samples, samples, samples * 1024, 0, samples, samples * 1024, 0);
            String id = "worker-" + w;
            workers.add(new CumulativeStats(id, 1, 1, 300_000_000, 300_000_000, 300_000_000, 300_000_000, c, c, l, 0.4, 8, 0, List.of()));
            periodStats.add(new PeriodStats(id, 5_000_000, c, c, l, 0.4, false, List.of(), null, List.of(), null));
        }
        List<PeriodSummary> periods = new ArrayList<>();
        PeriodSummary one = StatsMerger.summarize(Phase.MEASURE, 5_000_000, periodStats, 1);
        for (int i = 0; i < periodCount; i++) {
            periods.add(new PeriodSummary(i < 6 ? Phase.WARMUP : Phase.MEASURE, (i + 1) * 5_000_000L, 5_000_000, one.publishRate(),
                    one.publishMBps(), 0, one.consumeRate(), one.consumeMBps(), 100, 10, one.publishLatency(), one.sendLatency(),
                    one.scheduleDelay(), one.endToEndLatency(), 0.4, false, -1, 0));
        }
        Measurement m = MeasurementCalculator.calculate(workers, 1_000_000, false, 400_000_000);
        List<ClockOffset> clocks = workers.stream().map(c -> new ClockOffset(c.workerId(), 0, 100)).toList();
        return new RunResult(new RunIdentity("hundred", "hundred.yaml",
                Workloads.parse("name: hundred\ntopics: 1\npartitionsPerTopic: 100\nmessageSize: 1024\nproducersPerTopic: 100\n"
                        + "producerRate: 1000000\ntestDuration: 5m\nwarmupDuration: 30s\n"),
                new DriverInfo("Kafka", "kafka.yaml", Map.of(), List.of()), null, Map.of("kbench", "test"),
                workers.stream().map(CumulativeStats::workerId).toList(), List.of("t")),
                new RunOutcome(RunStatus.COMPLETED, null, List.of(), Diagnosis.NONE, Delivery.of(workers), List.of()), ResultSections.NONE,
                new RunTimeline(Instant.ofEpochMilli(0), Instant.ofEpochMilli(360_000), 10_000, null, 0, clocks, periods), m, null);
    }

    private static Histogram histogram(Random random, int medianMicros, long samples) {
        Histogram h = Histograms.newHistogram();
        for (int i = 0; i < 2_000; i++) {
            h.recordValueWithCount((long) (medianMicros * Math.exp(random.nextGaussian() * 0.6)), samples / 2_000);
        }
        return h;
    }
}
