package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run given --prices, on the in-memory driver: its cost in one summary line, its result's cost section, its report's table. */
class CostRunTest {

    @TempDir
    Path dir;

    private static String roundPrices() throws URISyntaxException {
        return Path.of(CostRunTest.class.getResource("/io/kbench/features/cost/round-prices.yaml").toURI()).toString();
    }

    private Path workload() throws Exception {
        Files.writeString(dir.resolve("inmemory.yaml"), "name: in-memory\ndriverClass: inmemory\n");
        return Files.writeString(dir.resolve("w.yaml"), """
                name: priced
                partitionsPerTopic: 2
                messageSize: 1024
                producersPerTopic: 1
                subscriptionsPerTopic: 1
                producerRate: 200
                warmupDuration: 0s
                testDuration: 2s
                """);
    }

    @Test
    void aPricedRunEndsWithItsCostAndKeepsItInItsResultAndReport() throws Exception {
        Path workload = workload();
        Path out = dir.resolve("out");
        CommandRun r = CommandRun.of("--drivers", dir.resolve("inmemory.yaml").toString(), "--output-dir", out.toString(),
                "--progress-interval", "1s", "--prices", roundPrices(), "--brokers", "3xkafka.m7g.large", "--clients",
                "1xc7g.xlarge", workload.toString());
        assertEquals(0, r.code(), r.all());
        // 3 × $0.20 + 1 × $0.15 = $0.75 per hour, × 730 = $547.50 per month; the in-memory run tells no retention, no
        // replication factor and no zones: storage and cross-zone traffic are not priced, and the line says so.
        assertTrue(r.out().contains("Cost with the prices of " + roundPrices() + " (round figures for a worked example, "
                + "dated 2026-11-01): at least $"), r.out());
        assertTrue(r.out().contains(" per MB/s-month, traffic not priced (not priced: storage, cross-zone)"), r.out());

        JsonNode cost = new ObjectMapper().readTree(r.resultFile().toFile()).path("cost");
        assertEquals(0.75, cost.path("usdPerHour").asDouble(), 1e-9, cost.toString());
        assertEquals(547.5, cost.path("usdPerMonth").asDouble(), 1e-9);
        double mbps = cost.path("sustainedMBps").asDouble();
        assertTrue(mbps > 0, cost.toString());
        assertEquals(547.5 / mbps, cost.path("usdPerMBpsMonth").asDouble(), 1e-6);
        assertTrue(cost.path("trafficShare").isNull(), cost.toString());

        try (Stream<Path> files = Files.list(out)) {
            Path html = files.filter(f -> f.toString().endsWith(".html")).findFirst().orElseThrow();
            assertTrue(Files.readString(html).contains("Cost, with the prices of"), "the report's cost table");
        }
    }

    @Test
    void aPricedSweepHasACostColumn() throws Exception {
        Path workload = workload();
        Path sweep = Files.writeString(dir.resolve("s.yaml"), "name: priced-sweep\nworkload: " + workload
                + "\ndrivers: [" + dir.resolve("inmemory.yaml") + "]\nparameters:\n  messageSize: [512, 1024]\n");
        Path out = dir.resolve("sweeps");
        CommandRun r = CommandRun.of("sweep", "--output-dir", out.toString(), "--no-report", "--progress-interval", "1s",
                "--prices", roundPrices(), "--brokers", "3xkafka.m7g.large", "--clients", "1xc7g.xlarge", sweep.toString());
        assertEquals(0, r.code(), r.all());
        try (Stream<Path> files = Files.walk(out)) {
            Path table = files.filter(f -> f.getFileName().toString().equals("table.md")).findFirst().orElseThrow();
            java.util.List<String> lines = Files.readAllLines(table);
            java.util.List<String> header = java.util.Arrays.asList(lines.get(0).split("\\|"));
            int column = header.indexOf(" $/MB/s-month ");
            assertTrue(column > 0, lines.get(0));
            for (String row : lines.subList(2, lines.size())) {
                // $0.75 per hour × 730 h over the MB/s of each run: a figure in every row, none left empty.
                String cell = row.split("\\|")[column].strip();
                assertTrue(cell.matches("[0-9,]+\\.[0-9]{2}"), row);
            }
        }
    }

    @Test
    void aBadPriceFileStopsTheRunBeforeItStarts() throws Exception {
        Path workload = workload();
        Path prices = Files.writeString(dir.resolve("p.yaml"), "name: n\ndate: 2026-11-01\nbrokers:\n"
                + "  kafka.m7g.large: {perHour: -1, source: x}\n");
        CommandRun r = CommandRun.of("--drivers", dir.resolve("inmemory.yaml").toString(), "--output-dir",
                dir.resolve("out").toString(), "--no-report", "--prices", prices.toString(), workload.toString());
        assertEquals(BenchmarkCommand.EXIT_BAD_INPUT, r.code(), r.all());
        assertEquals(prices + ": brokers.kafka.m7g.large.perHour must be at least 0; got -1\n", r.err());
        assertFalse(Files.exists(dir.resolve("out")), "nothing ran");

        CommandRun noFile = CommandRun.of("--drivers", dir.resolve("inmemory.yaml").toString(), "--no-report",
                "--brokers", "3xkafka.m7g.large", workload.toString());
        assertEquals(BenchmarkCommand.EXIT_BAD_INPUT, noFile.code(), noFile.all());
        assertEquals("--brokers prices a run's machines: give --prices FILE too\n", noFile.err());
    }
}
