package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.cli.CommandRun;
import io.kbench.report.ReportPages;
import io.kbench.result.JsonPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each kind of run the golden files stand for (results written before the result became typed sections), run
 * again today with {@code bin/benchmark}'s command line on the in-memory driver and one clock: today's result has
 * every field the golden file of its kind had (same name, nesting and JSON type; values may differ), and
 * {@code report} reads the golden file and compares it with today's. The kinds that need a broker (transactions,
 * faults, a distributed run) are checked by the end-to-end tests that run them.
 */
@Timeout(120)
class GoldenRunsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final OneClock one = new OneClock();

    @TempDir
    Path dir;

    @AfterEach
    void close() throws Exception {
        one.close();
    }

    private static final String WORKLOAD = """
            name: golden-%s
            topics: 1
            partitionsPerTopic: 2
            messageSize: %d
            producersPerTopic: %d
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            %s
            """;

    @ParameterizedTest
    @ValueSource(strings = {"completed", "degraded", "failed", "failed-early", "failed-at-start", "no-integrity-check",
            "consume-only", "cku-check", "backlog", "find-max"})
    void aRunOfEachKindHasEveryFieldItsGoldenFileHadAndTheReportComparesThem(String kind) throws Exception {
        String timed = "producerRate: 1000\nwarmupDuration: 1s\ntestDuration: 2s\n";
        String cluster = kind.equals("failed-at-start") ? "no-such-cluster" : one.runs.cluster.name();
        String driver = "name: In-memory\ndriverClass: inmemory\nackLatencyMicros: 0\ncluster: " + cluster + "\n";
        List<String> args = new ArrayList<>(List.of("--progress-interval", "500ms", "--sample-interval", "1s", "--drain-timeout",
                "10s", "--no-report", "--output-dir", dir.resolve("results").toString()));
        String workload = switch (kind) {
            case "consume-only" -> WORKLOAD.formatted(kind, 200, 0, "prefillMessages: 5000");
            case "cku-check" -> WORKLOAD.formatted("cku", 1024, 1, "cku: 1\nwarmupDuration: 1s\ntestDuration: 2s");
            case "backlog" -> WORKLOAD.formatted(kind, 1000, 1, "producerRate: 2000\nconsumerBacklogSizeGB: 0.002\n"
                    + "backlogDrainRatio: 0.9\nwarmupDuration: 1s\ntestDuration: 2s");
            case "find-max" -> WORKLOAD.formatted(kind, 100, 2, "producerRate: 500\nwarmupDuration: 1s\ntestDuration: 2s");
            case "no-integrity-check" -> WORKLOAD.formatted("no-integrity", 200, 1, timed);
            default -> WORKLOAD.formatted(kind, 200, 1, timed);
        };
        switch (kind) {
            case "degraded" -> driver += "sendFailureRate: 0.05\n";
            case "failed" -> driver += "sendFailureRate: 1\n";
            case "failed-early" -> driver += "maxPartitionsPerTopic: 1\n";
            case "no-integrity-check" -> args.add("--no-integrity-check");
            case "cku-check" -> args.addAll(List.of("--cku", "1", "--scale", "0.01"));
            case "find-max" -> args.addAll(0, List.of("find-max", "--slo", "publish.p99<=30ms", "--precision", "50", "--settle", "1s",
                    "--step-duration", "2s", "--confirm-duration", "2s", "--max-duration", "30s"));
            default -> { }
        }
        if (!kind.equals("find-max")) {
            args.add("--fixed-warmup");
        }
        args.addAll(List.of("--drivers", Files.writeString(dir.resolve("inmemory.yaml"), driver).toString(),
                Files.writeString(dir.resolve(kind + ".yaml"), workload).toString()));
        CommandRun run = CommandRun.on(one.clock, args.toArray(String[]::new));
        Path resultFile = run.resultFile();
        JsonNode today = JSON.readTree(resultFile.toFile());

        String goldenKind = kind.equals("find-max") && !today.get("status").asText().equals("completed") ? "find-max-failed" : kind;
        Path golden = golden(goldenKind);
        JsonNode before = JSON.readTree(golden.toFile());
        assertEquals(before.get("status").asText(), today.get("status").asText(), run.all());
        Map<String, Set<String>> expected = JsonPaths.of(before);
        if (kind.equals("find-max")) {
            // Whether the clients were the limit, and where, depends on the machine: not on the result's shape.
            expected.keySet().removeIf(p -> p.startsWith("search.clientLimit") || p.startsWith("search.steps[].reasons["));
        }
        if (kind.equals("failed-early")) {
            // Failed before any load ran (its topics refused): nothing was measured, delivered or checked, and the result
            // now says so with nulls, where the golden file had figures of zeros (issue 26).
            expected.keySet().removeIf(p -> List.of("measurement", "delivery", "integrity", "consumerMetrics").stream()
                    .anyMatch(f -> p.equals(f) || p.startsWith(f + ".")));
            assertTrue(today.get("measurement").isNull() && today.get("delivery").isNull(), run.all());
        }
        List<String> lost = JsonPaths.missing(expected, JsonPaths.of(today));
        assertTrue(lost.isEmpty(), kind + ": today's result lacks fields the golden file had: " + lost);

        Path html = dir.resolve(kind + ".html");
        CommandRun report = CommandRun.of("report", "--baseline", golden.toString(), golden.toString(), resultFile.toString(), "-o",
                html.toString());
        assertEquals(0, report.code(), report.all());
        JsonNode page = ReportPages.data(html);
        assertEquals(1, ReportPages.groups(page).size(), "one workload: the golden run and today's");
        JsonNode comparison = ReportPages.table(page, "Comparison");
        assertTrue(comparison.get("header").get(1).asText().endsWith("(baseline)"), comparison.toString());
        JsonNode status = ReportPages.row(ReportPages.table(page, "Summary"), "status");
        assertTrue(ReportPages.text(status.get(1)).startsWith(before.get("status").asText()), status.toString());
        assertTrue(ReportPages.text(status.get(2)).startsWith(today.get("status").asText()), status.toString());
    }

    /** The golden file of a kind, in this module's test resources. */
    private static Path golden(String kind) {
        return Path.of("src/test/resources/io/kbench/result/golden/" + kind + ".json").toAbsolutePath();
    }
}
