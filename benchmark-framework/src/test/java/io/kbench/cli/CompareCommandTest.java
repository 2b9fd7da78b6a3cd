package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.report.ReportPages;
import io.kbench.report.gate.GateRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

    @TempDir
    Path dir;

    private Path run(String name, long p99) throws Exception {
        return GateRuns.write(GateRuns.run(GateRuns.WORKLOAD, name.hashCode() & 0xffff, 1_000, GateRuns.around(p99, 0.2, 8, name.length()),
                null, "Kafka 4.3"), dir, name);
    }

    @Test
    void aRegressionPastTheThresholdExitsOneWithJsonHtmlAndConsoleVerdicts() throws Exception {
        Path a = run("main.json", 4_000);
        Path b = run("pr.json", 12_000);
        Path json = dir.resolve("out/verdict.json");
        Path html = dir.resolve("out/verdict.html");
        CommandRun r = CommandRun.of("compare", "--baseline", a.toString(), b.toString(), "--fail-on", "publish.p99>+10%,throughput<-5%",
                "--json", json.toString(), "-o", html.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("Verdict: FAILED: publish.p99 regressed by +"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("publish.p99") && l.contains("regressed") && l.endsWith("FAILS")), r.out());
        JsonNode v = new ObjectMapper().readTree(json.toFile());
        assertEquals("failed", v.get("verdict").asText());
        assertEquals(1, v.get("exitCode").asInt());
        assertEquals("publish.p99", v.get("figures").get(3).get("figure").asText());
        assertTrue(v.get("figures").get(3).get("failed").asBoolean());
        JsonNode page = ReportPages.data(html);
        assertTrue(page.get("title").asText().startsWith("kbench regression gate: FAILED"), page.get("title").asText());
        assertFalse(ReportPages.withoutData(html).contains("http://"), "the page loads nothing");

        CommandRun same = CommandRun.of("compare", "--baseline", a.toString(), run("again.json", 4_000).toString(), "--fail-on",
                "publish.p99>+10%", "--json", json.toString(), "-o", html.toString());
        assertEquals(0, same.code(), same.out() + same.err());
        assertTrue(same.out().contains("Verdict: PASSED"), same.out());
    }

    @Test
    void badInputExitsTwoWithOneLine() throws Exception {
        Path a = run("main.json", 4_000);
        Path b = run("pr.json", 4_000);
        CommandRun unknown = CommandRun.of("compare", "--baseline", a.toString(), b.toString(), "--fail-on", "p99>+10%");
        assertEquals(2, unknown.code());
        assertEquals(1, unknown.err().lines().count(), unknown.err());
        assertTrue(unknown.err().startsWith("compare: --fail-on 'p99>+10%': unknown figure 'p99'"), unknown.err());
        assertTrue(unknown.err().contains("the figures are throughput, consume.throughput, publish.p50"), unknown.err());

        Files.createDirectories(dir.resolve("empty"));
        CommandRun empty = CommandRun.of("compare", "--baseline", dir.resolve("empty").toString(), b.toString());
        assertEquals(2, empty.code());
        assertTrue(empty.err().contains("empty: no result files (*.json) or run journals (*.journal.jsonl) in this directory or below it"), empty.err());

        CommandRun noCandidate = CommandRun.of("compare", "--baseline", a.toString());
        assertEquals(2, noCandidate.code());
        assertTrue(noCandidate.err().startsWith("compare: no results to judge against the baseline"), noCandidate.err());

        CommandRun confidence = CommandRun.of("compare", "--baseline", a.toString(), b.toString(), "--confidence", "95");
        assertEquals(2, confidence.code());
        assertTrue(confidence.err().startsWith("--confidence 95.0 is out of range: from 0.5 to 0.999"), confidence.err());
    }
}
