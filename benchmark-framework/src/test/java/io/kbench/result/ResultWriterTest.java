package io.kbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.model.Phase;
import io.kbench.coordinator.StatsMerger;
import io.kbench.features.integrity.Integrity;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.Diagnostician;
import io.kbench.model.Measurement;
import io.kbench.model.MeasurementCalculator;
import io.kbench.model.PeriodSummary;
import io.kbench.model.RunStatus;
import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.HistogramCodec;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.PeriodStats;
import io.kbench.workload.Workload;
import io.kbench.workload.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultWriterTest {

    private static final long E = 1_700_000_000_000_000L;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static PeriodSummary period(Phase phase, long acked, long publishMicros, long delayMicros, long backlog) {
        LatencyHistograms l = LatencyHistograms.empty();
        l.publish().recordValueWithCount(publishMicros, acked);
        l.scheduleDelay().recordValueWithCount(delayMicros, acked);
        l.endToEnd().recordValueWithCount(publishMicros + 500, acked);
        Counts c = new Counts(acked, acked, acked * 100, 0, acked, acked * 100, 0);
        Counts totals = new Counts(acked, acked, 0, 0, acked - backlog, 0, 0);
        return StatsMerger.summarize(phase, 0, List.of(new PeriodStats("w", 1_000_000, c, totals, l, 0.1, false, List.of(), null, List.of(), null)), 1);
    }

    static RunResult result(String workloadName, String driverName, long startEpochMillis) {
        Workload w = Workloads.parse("name: '" + workloadName + "'\ntopics: 2\npartitionsPerTopic: 3\nmessageSize: 100\n"
                + "producersPerTopic: 4\nconsumerPerSubscription: 2\nproducerRate: 1000\ntestDuration: 1m\n");
        LatencyHistograms l = LatencyHistograms.empty();
        l.publish().recordValueWithCount(1_000, 700);
        l.publish().recordValueWithCount(1_900, 300);
        l.send().recordValueWithCount(800, 1_000);
        l.scheduleDelay().recordValueWithCount(250, 1_000);
        l.endToEnd().recordValueWithCount(1_500, 1_000);
        CumulativeStats c = new CumulativeStats("local", E, E, E + 1_000_000, E + 1_000_000, E + 1_000_000, E + 1_000_000,
                new Counts(1_000, 1_000, 100_000, 0, 1_000, 100_000, 0), new Counts(1_000, 1_000, 100_000, 0, 1_000, 100_000, 0),
                l, 0.2, 4, 0, List.of());
        Measurement m = MeasurementCalculator.calculate(List.of(c), 1_000, false, E + 2_000_000);
        List<PeriodSummary> periods = new ArrayList<>();
        periods.add(period(Phase.WARMUP, 500, 9_000, 9_000, 7));
        periods.add(period(Phase.MEASURE, 1_000, 1_000, 300, 5));
        periods.add(period(Phase.MEASURE, 2_000, 1_500, 300, 0));
        periods.add(period(Phase.DRAIN, 10, 50_000, 9_000, 0));
        return new RunResult(new RunIdentity("r1", "workloads/w.yaml", w, new DriverInfo(driverName, "driver.yaml",
                        Map.of("bootstrap.servers", "b:9092"), List.of()), null, Map.of("kbench", "0.1.0"), List.of("local"),
                        List.of("kbench-r1-0", "kbench-r1-1")),
                new RunOutcome(RunStatus.COMPLETED, null, List.of(), Diagnostician.diagnose(new Diagnostician.Evidence(m, periods,
                        Map.of(), null)), Delivery.of(List.of(c)), List.of()),
                ResultSections.NONE.with(new Integrity(1_000, 0L, 0, 0, 0, null)),
                new RunTimeline(Instant.ofEpochMilli(startEpochMillis), Instant.ofEpochMilli(startEpochMillis + 90_000), 10_000, null, 12,
                        List.of(), periods),
                m, ConsumerMetrics.of(E, E + 1_000_000, 100_000, 1_000, 12, false));
    }

    @Test
    void neverReplacesAnExistingFile() throws Exception {
        Path target = dir.resolve("out.json");
        Files.writeString(target, "earlier result");
        RunResult r = result("w", "kafka", 0);
        assertEquals(dir.resolve("out-1.json"), ResultWriter.write(r, target, dir));
        assertEquals(dir.resolve("out-2.json"), ResultWriter.write(r, target, dir));
        assertEquals("earlier result", Files.readString(target));
        assertTrue(JSON.readTree(dir.resolve("out-2.json").toFile()).has("runId"));
    }

    @Test
    void generatedNamesCarryWorkloadDriverAndStartTime() throws Exception {
        RunResult r = result("My Workload: 1 KB!", "Kafka 4.x", 1_700_000_000_123L); // 2023-11-14T22:13:20Z
        Path first = ResultWriter.write(r, null, dir.resolve("results/nested"));
        assertEquals(dir.resolve("results/nested/my-workload-1-kb-kafka-4-x-20231114-221320.json"), first);
        Path second = ResultWriter.write(r, null, dir.resolve("results/nested"));
        assertEquals(dir.resolve("results/nested/my-workload-1-kb-kafka-4-x-20231114-221320-1.json"), second);
        assertEquals("run", ResultWriter.slug("!!!"));
        assertEquals("run", ResultWriter.slug(null));
    }

    @Test
    void aTargetWithoutExtensionIsNumberedAtTheEnd() throws Exception {
        Path target = dir.resolve("result");
        RunResult r = result("w", "kafka", 0);
        ResultWriter.write(r, target, dir);
        assertEquals(dir.resolve("result-1"), ResultWriter.write(r, target, dir));
    }

    @Test
    void jsonHasOpenMessagingBenchmarksFieldsAndUnits() throws Exception {
        RunResult r = result("omb-compatible", "kafka", 0);
        JsonNode j = JSON.readTree(ResultWriter.write(r, dir.resolve("r.json"), dir).toFile());

        assertEquals("omb-compatible", j.get("workload").asText());
        assertEquals("kafka", j.get("driver").asText());
        assertEquals(100, j.get("messageSize").asInt());
        assertEquals(2, j.get("topics").asInt());
        assertEquals(3, j.get("partitions").asInt());
        assertEquals(4, j.get("producersPerTopic").asInt());
        assertEquals(2, j.get("consumersPerTopic").asInt());

        // Per-period series: the measured phase only.
        assertEquals(List.of(1_000.0, 2_000.0), doubles(j.get("publishRate")));
        assertEquals(List.of(1_000.0, 2_000.0), doubles(j.get("consumeRate")));
        assertEquals(List.of(0.0, 0.0), doubles(j.get("publishErrorRate")));
        assertEquals(List.of(5.0, 0.0), doubles(j.get("backlog")));
        assertEquals(List.of(1.0, 1.5), doubles(j.get("publishLatency99pct")), "milliseconds");
        assertEquals(List.of(1.0, 1.5), doubles(j.get("publishLatencyAvg")));
        assertEquals(List.of(1.5, 2.0), doubles(j.get("endToEndLatencyMax")));
        assertEquals(List.of(300.0, 300.0), doubles(j.get("publishDelayLatency99pct")), "microseconds");
        assertTrue(j.get("publishDelayLatency99pct").get(0).isIntegralNumber());
        for (String suffix : List.of("Avg", "50pct", "75pct", "95pct", "99pct", "999pct", "9999pct", "99999pct", "Max")) {
            for (String prefix : List.of("publishLatency", "publishDelayLatency", "endToEndLatency")) {
                assertEquals(2, j.get(prefix + suffix).size(), prefix + suffix);
                assertTrue(j.has("aggregated" + Character.toUpperCase(prefix.charAt(0)) + prefix.substring(1) + suffix),
                        "aggregated " + prefix + suffix);
            }
        }

        // Aggregates over the whole measurement: publish and end-to-end in ms, publish delay in µs.
        assertEquals(1.9, j.get("aggregatedPublishLatency99pct").asDouble(), 1e-12);
        assertEquals(1.0, j.get("aggregatedPublishLatency50pct").asDouble(), 1e-12);
        assertEquals(1.27, j.get("aggregatedPublishLatencyAvg").asDouble(), 1e-12);
        assertEquals(1.9, j.get("aggregatedPublishLatencyMax").asDouble(), 1e-12);
        assertEquals(250, j.get("aggregatedPublishDelayLatency99pct").asLong());
        assertTrue(j.get("aggregatedPublishDelayLatency99pct").isIntegralNumber());
        assertEquals(1.5, j.get("aggregatedEndToEndLatency50pct").asDouble(), 1e-12);

        // Quantiles keyed by percentile; HdrHistogram's iterator only reports levels where the value moves on.
        JsonNode quantiles = j.get("aggregatedEndToEndLatencyQuantiles");
        assertEquals(1.5, quantiles.get("0.0").asDouble(), 1e-12);
        assertEquals(1.5, quantiles.get("100.0").asDouble(), 1e-12);
        JsonNode publishQuantiles = j.get("aggregatedPublishLatencyQuantiles");
        assertEquals(1.0, publishQuantiles.get("50.0").asDouble(), 1e-12);
        assertEquals(1.0, publishQuantiles.get("70.0").asDouble(), 1e-12);
        assertEquals(1.9, publishQuantiles.get("75.0").asDouble(), 1e-12, "70% of samples are 1.0 ms, 30% 1.9 ms");
        assertEquals(1.9, publishQuantiles.get("100.0").asDouble(), 1e-12);
        JsonNode delayQuantiles = j.get("aggregatedPublishDelayLatencyQuantiles");
        assertEquals(250, delayQuantiles.get("100.0").asLong(), "microseconds");
        assertTrue(delayQuantiles.get("100.0").isIntegralNumber());

        // Our own fields.
        assertEquals("r1", j.get("runId").asText());
        assertEquals("completed", j.get("status").asText());
        assertEquals(12, j.get("rebalanceTimeMillis").asLong());
        assertEquals(List.of("kbench-r1-0", "kbench-r1-1"), strings(j.get("topicNames")));
        assertEquals("b:9092", j.get("driverInfo").get("config").get("bootstrap.servers").asText());
        assertEquals(1_000, j.get("measurement").get("counts").get("messagesAcked").asLong());
        assertEquals(4, j.get("periods").size(), "every phase is kept in our own list");
        Histogram publish = HistogramCodec.decode(j.get("measurement").get("histograms").get("publishLatencyMicros").asText());
        assertEquals(r.measurement().histograms().publish(), publish);
        assertFalse(j.get("consumerMetrics").isNull());
    }

    @Test
    void aRunWithoutMeasurementStillHasTheFields() throws Exception {
        RunResult full = result("w", "kafka", 0);
        RunResult failed = new RunResult(new RunIdentity("r2", "w.yaml", full.identity().workload(), new DriverInfo("kafka", "d.yaml",
                Map.of(), List.of()), null, Map.of(), List.of(), List.of()),
                new RunOutcome(RunStatus.FAILED, "broker down", List.of("w1"), Diagnosis.NONE, null, List.of()),
                ResultSections.NONE, new RunTimeline(Instant.ofEpochMilli(0), Instant.ofEpochMilli(1), 10_000, null, 0, List.of(), List.of()),
                null, null);
        JsonNode j = JSON.readTree(ResultJson.text(failed));
        assertEquals("failed", j.get("status").asText());
        assertEquals("broker down", j.get("failureReason").asText());
        assertEquals(0, j.get("publishRate").size());
        assertEquals(0.0, j.get("aggregatedPublishLatency99pct").asDouble());
        assertEquals(0, j.get("aggregatedEndToEndLatencyQuantiles").size());
        assertTrue(j.get("measurement").isNull());
    }

    private static List<Double> doubles(JsonNode array) {
        List<Double> values = new ArrayList<>();
        array.forEach(n -> values.add(n.asDouble()));
        return values;
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(n -> values.add(n.asText()));
        return values;
    }
}
