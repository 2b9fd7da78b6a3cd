package io.kbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepTableTest {

    @TempDir
    Path dir;

    static String result(String status, double rate, long p99Micros, Long e2eP99Micros) {
        String e2e = e2eP99Micros == null
                ? "{\"count\": 0, \"avgMicros\": 0, \"p50Micros\": 0, \"p95Micros\": 0, \"p99Micros\": 0, \"p999Micros\": 0, \"maxMicros\": 0}"
                : "{\"count\": 10, \"p99Micros\": " + e2eP99Micros + "}";
        return "{\"status\": \"" + status + "\", \"measurement\": {\"publishRate\": " + rate + ", \"publishMBps\": " + rate / 1000
                + ", \"publishLatency\": {\"count\": 10, \"avgMicros\": 1500.5, \"p50Micros\": 1000, \"p95Micros\": 2000,"
                + " \"p99Micros\": " + p99Micros + ", \"p999Micros\": 4000, \"maxMicros\": 5000},"
                + " \"endToEndLatency\": " + e2e + "}}";
    }

    private SweepDefinition sweep(String yaml) throws IOException {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, yaml);
        return SweepDefinition.read(f);
    }

    @Test
    void meanAndSampleStandardDeviation() {
        Stats s = Stats.of(List.of(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0));
        assertEquals(8, s.n());
        assertEquals(5.0, s.mean(), 1e-12);
        assertEquals(Math.sqrt(32.0 / 7), s.stddev(), 1e-12);
        Stats one = Stats.of(List.of(3.5));
        assertEquals(3.5, one.mean());
        assertTrue(Double.isNaN(one.stddev()));
        assertEquals(0, Stats.of(List.of()).n());
        assertEquals("1,000 ± 141", SweepTable.format(Stats.of(List.of(900.0, 1100.0)), Metric.PUBLISH_RATE));
        assertEquals("3.50", SweepTable.format(one, Metric.PUBLISH_P99));
        assertEquals("—", SweepTable.format(Stats.of(List.of()), Metric.PUBLISH_P99));
    }

    @Test
    void tableHasOneRowPerCombinationFromTheResultFiles() throws IOException {
        SweepDefinition s = sweep("workload: w.yaml\nrepeat: 3\nparameters:\n  messageSize: [10, 100]\n  producer.acks: [all]\n");
        List<Combination> all = s.combinations(List.of(Path.of("d.yaml")));
        SweepLayout layout = new SweepLayout(dir.resolve("out"), "My Sweep");
        Files.createDirectories(layout.runsDir());
        Files.writeString(layout.runFile(all.get(0), 1), result("completed", 1000, 3000, 6000L));
        Files.writeString(layout.runFile(all.get(0), 2), result("completed", 2000, 5000, 8000L));
        Files.writeString(layout.runFile(all.get(0), 3), result("failed", 9999, 99999, 99999L));
        Files.writeString(layout.runFile(all.get(1), 1), result("completed", 500, 1234, null));

        SweepTable table = SweepTable.read(s.parameters(), all, s.repeat(), layout);
        assertEquals(2, table.rows().size());
        assertEquals(2, table.rows().get(0).n());
        assertEquals(1500, table.rows().get(0).stats().get(Metric.PUBLISH_RATE).mean(), 1e-9);
        assertEquals(Math.sqrt(500000), table.rows().get(0).stats().get(Metric.PUBLISH_RATE).stddev(), 1e-9);
        assertEquals(4.0, table.rows().get(0).stats().get(Metric.PUBLISH_P99).mean(), 1e-9);
        assertEquals(0, table.rows().get(1).stats().get(Metric.END_TO_END_P99).n(), "no consumers: no end-to-end figure");

        String md = table.markdown();
        List<String> lines = md.lines().toList();
        assertEquals("| messageSize | producer.acks | n | msg/s | MB/s | pub avg (ms) | pub p50 (ms) | pub p95 (ms) | pub p99 (ms)"
                + " | pub p99.9 (ms) | pub max (ms) | e2e p99 (ms) | cons msg/s | setup (s) | ready (s) | tool RSS (MiB) | live heap (MiB)"
                + " | $/MB/s-month | fetch across zones (%) | diagnosis | results |", lines.get(0));
        assertEquals("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
                + "| ---: | ---: | --- | --- |", lines.get(1));
        assertEquals("| 10 | all | 2 | 1,500 ± 707 | 1.50 ± 0.71 | 1.50 ± 0.00 | 1.00 ± 0.00 | 2.00 ± 0.00 | 4.00 ± 1.41 | 4.00 ± 0.00 | 5.00 ± 0.00"
                + " | 7.00 ± 1.41 | — | — | — | — | — | — | — | none | [r1](runs/messageSize-10_producer.acks-all-r1.json) [r2](runs/messageSize-10_producer.acks-all-r2.json)"
                + " [r3 (failed)](runs/messageSize-10_producer.acks-all-r3.json) |",
                lines.get(2));
        assertTrue(lines.get(3).startsWith("| 100 | all | 1 | 500 | 0.50 | 1.50 | 1.00 | 2.00 | 1.23 | 4.00 | 5.00 | — |"), lines.get(3));
        assertEquals(4, lines.size());

        List<String> csv = table.csv().lines().toList();
        assertEquals(3, csv.size());
        assertTrue(csv.get(0).startsWith("messageSize,producer.acks,n,publish_msg_per_s_mean,publish_msg_per_s_stddev,"), csv.get(0));
        assertTrue(csv.get(0).contains("publish_latency_p99_ms_mean"), csv.get(0));
        assertTrue(csv.get(1).startsWith("10,all,2,1500,707.106781,1.5,0.707107,"), csv.get(1));
        assertTrue(csv.get(1).endsWith(",none,runs/messageSize-10_producer.acks-all-r1.json runs/messageSize-10_producer.acks-all-r2.json"),
                csv.get(1));
        assertTrue(csv.get(2).contains(",1.234,,"), "p99 alone, no stddev with n = 1: " + csv.get(2));

        table.write(layout);
        assertEquals(md, Files.readString(layout.markdownTable()));
        assertEquals(dir.resolve("out/my-sweep"), layout.dir());
    }

    /** A measured flow of the zones section with this cross-zone share. */
    private static final String FLOW = "{\"status\": \"measured\", \"pairs\": [], \"bytesPerSecond\": 1000, \"withinZoneBytesPerSecond\": 0, "
            + "\"crossZoneBytesPerSecond\": 0, \"crossZoneShare\": %s, \"withinZoneGbPerHour\": 0, \"crossZoneGbPerHour\": 0}";

    @Test
    void aPricedRunHasItsCostPerMBpsMonth() throws IOException {
        SweepDefinition s = sweep("workload: w.yaml\nrepeat: 2\nparameters:\n  messageSize: [10]\n");
        List<Combination> all = s.combinations(List.of(Path.of("d.yaml")));
        SweepLayout layout = new SweepLayout(dir.resolve("out"), "priced");
        Files.createDirectories(layout.runsDir());
        String run = result("completed", 1000, 3000, null);
        String priced = run.substring(0, run.length() - 1) + ", \"cost\": {\"usdPerHour\": 1.5, \"usdPerMBpsMonth\": 100.5}, "
                + "\"zones\": {\"workerZones\": {}, \"brokerZones\": {}, \"workersWithoutZone\": 0, \"seconds\": 10, \"produce\": "
                + FLOW.formatted(0.7) + ", \"replication\": " + FLOW.formatted(1.0) + ", \"fetch\": " + FLOW.formatted(0.667) + "}}";
        Files.writeString(layout.runFile(all.get(0), 1), priced);
        Files.writeString(layout.runFile(all.get(0), 2), priced.replace("100.5", "120.5"));
        SweepTable table = SweepTable.read(s.parameters(), all, s.repeat(), layout);
        assertEquals(110.5, table.rows().get(0).stats().get(Metric.COST).mean(), 1e-9);
        assertTrue(table.markdown().contains("| 110.50 ± 14.14 |"), table.markdown());
        assertTrue(table.csv().lines().findFirst().orElseThrow().contains("usd_per_MBps_month_mean"), table.csv());
        assertEquals(66.7, table.rows().get(0).stats().get(Metric.FETCH_CROSS_ZONE).mean(), 1e-9, "the zones section's fetch share, in %");
    }

    @Test
    void aCombinationWithoutResultsHasAnEmptyRow() throws IOException {
        SweepDefinition s = sweep("workload: w.yaml\nparameters:\n  messageSize: [10]\n");
        SweepLayout layout = new SweepLayout(dir, "s");
        SweepTable table = SweepTable.read(s.parameters(), s.combinations(List.of(Path.of("d.yaml"))), 1, layout);
        assertEquals("| 10 | 0 | — | — | — | — | — | — | — | — | — | — | — | — | — | — | — | — | — | — |",
                table.markdown().lines().toList().get(2));
    }
}
