package io.kbench.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.report.ReportInputException;
import io.kbench.result.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateTest {

    @TempDir
    Path dir;

    private Path run(String name, long startMillis, long p99, int phase) throws Exception {
        return GateRuns.write(GateRuns.run(GateRuns.WORKLOAD, startMillis, 1_000, GateRuns.around(p99, 0.25, 10, phase), null,
                "Kafka 4.3"), dir, name);
    }

    private static FigureJudgement figure(GateVerdict v, String name) {
        return v.figures().stream().filter(f -> f.figure().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theSameRunTwiceIsWithinNoiseAndPasses() throws Exception {
        GateVerdict v = Gate.judge(List.of(run("a.json", 1_000, 4_000, 0)), List.of(run("b.json", 2_000, 4_000, 2)),
                "publish.p99>+10%,throughput<-5%", Gate.Settings.DEFAULTS);
        assertEquals("passed", v.verdict(), v.toString());
        assertEquals(0, v.exitCode());
        assertEquals(FigureJudgement.WITHIN_NOISE, figure(v, "publish.p99").verdict());
        assertEquals(FigureJudgement.WITHIN_NOISE, figure(v, "throughput").verdict());
        assertEquals("> +10%", figure(v, "publish.p99").threshold());
        assertEquals(FigureJudgement.NOT_JUDGED, figure(v, "cpu.per.message").verdict());
        assertTrue(v.differences().isEmpty(), v.differences().toString());
        assertTrue(v.summary().startsWith("passed: no figure regressed past its threshold (publish.p99 > +10%, throughput < -5%)"),
                v.summary());
    }

    @Test
    void aSlowerCandidateRegressesAndFailsPastItsThreshold() throws Exception {
        GateVerdict v = Gate.judge(List.of(run("a.json", 1_000, 4_000, 0)), List.of(run("b.json", 2_000, 9_000, 2)),
                "publish.p99>+10%", Gate.Settings.DEFAULTS);
        FigureJudgement p99 = figure(v, "publish.p99");
        assertEquals(FigureJudgement.REGRESSED, p99.verdict(), p99.toString());
        assertTrue(p99.failed());
        assertTrue(p99.lowPercent() > 10, p99.toString());
        assertEquals(1, v.exitCode());
        assertTrue(v.summary().startsWith("failed: publish.p99 regressed by +"), v.summary());
        assertEquals("periods", p99.noise());
        // Regressed but within a wider threshold: reported, and the gate passes.
        GateVerdict lenient = Gate.judge(List.of(dir.resolve("a.json")), List.of(dir.resolve("b.json")), "publish.p99>+500%",
                Gate.Settings.DEFAULTS);
        assertEquals(FigureJudgement.REGRESSED, figure(lenient, "publish.p99").verdict());
        assertEquals(0, lenient.exitCode());
    }

    @Test
    void differentWorkloadsAreRefusedNamingTheirHashesAndFieldsUnlessForced() throws Exception {
        Path a = run("a.json", 1_000, 4_000, 0);
        Path b = GateRuns.write(GateRuns.run(GateRuns.WORKLOAD.replace("messageSize: 512", "messageSize: 100"), 2_000, 1_000,
                GateRuns.around(4_000, 0.25, 10, 1), null, "Kafka 4.3"), dir, "b.json");
        ReportInputException e = assertThrows(ReportInputException.class,
                () -> Gate.judge(List.of(a), List.of(b), null, Gate.Settings.DEFAULTS));
        assertTrue(e.getMessage().startsWith("the results are of different workloads: workload hashes "), e.getMessage());
        assertTrue(e.getMessage().contains("(" + a + ")") && e.getMessage().contains("(" + b + ")"), e.getMessage());
        assertTrue(e.getMessage().contains("fields that differ: messageSize (512 vs 100)"), e.getMessage());
        assertTrue(e.getMessage().endsWith("or give --force to compare them anyway"), e.getMessage());
        GateVerdict forced = Gate.judge(List.of(a), List.of(b), null, new Gate.Settings(0.95, 500, 1, 1, true));
        assertTrue(forced.warnings().get(0).endsWith("(compared anyway: --force)"), forced.warnings().toString());
    }

    @Test
    void inputTheGateCannotUseIsBadInput() throws Exception {
        Path a = run("a.json", 1_000, 4_000, 0);
        assertTrue(assertThrows(ReportInputException.class, () -> Gate.judge(List.of(a), List.of(), null, Gate.Settings.DEFAULTS))
                .getMessage().startsWith("no results to judge against the baseline"));
        assertTrue(assertThrows(ReportInputException.class, () -> Gate.judge(List.of(a), List.of(a), null, Gate.Settings.DEFAULTS))
                .getMessage().endsWith("is given as both baseline and candidate: give each run to one side"));
        Files.createDirectories(dir.resolve("empty"));
        assertTrue(assertThrows(ReportInputException.class, () -> Gate.judge(List.of(dir.resolve("empty")), List.of(a), null,
                Gate.Settings.DEFAULTS)).getMessage().endsWith("no result files (*.json) or run journals (*.journal.jsonl) in this directory or below it"));
        Path short1 = GateRuns.write(GateRuns.run(GateRuns.WORKLOAD, 3_000, 1_000, new long[] {4_000, 4_100}, null, "x"), dir, "s1.json");
        assertEquals("--fail-on publish.p99 > +10%: publish.p99 cannot be judged: one baseline run with 2 measured period(s): its noise "
                + "needs repeats or at least 5 periods (a longer run, or a shorter --sample-interval)",
                assertThrows(ReportInputException.class, () -> Gate.judge(List.of(short1), List.of(a), "publish.p99>+10%",
                        Gate.Settings.DEFAULTS)).getMessage());
    }

    @Test
    void aFailedRunInADirectoryIsLeftOutButGivenAsAFileIsRefused() throws Exception {
        Path main = Files.createDirectories(dir.resolve("main"));
        GateRuns.write(GateRuns.run(GateRuns.WORKLOAD, 1_000, 1_000, GateRuns.around(4_000, 0.25, 10, 0), null, "Kafka 4.3"), main, "a.json");
        Path failed = GateRuns.write(GateRuns.run(GateRuns.WORKLOAD, 1_500, 1_000, GateRuns.around(4_000, 0.25, 10, 1), null, "Kafka 4.3"),
                Files.createDirectories(main.resolve("failed")), "failed-b.json");
        ObjectNode tree = (ObjectNode)
                ResultJson.MAPPER.readTree(failed.toFile());
        tree.put("status", "failed").put("failureReason", "the cluster stopped acknowledging");
        Files.writeString(failed, ResultJson.MAPPER.writeValueAsString(tree));
        Path candidate = run("c.json", 2_000, 4_000, 2);
        GateVerdict v = Gate.judge(List.of(main), List.of(candidate), null, Gate.Settings.DEFAULTS);
        assertEquals(1, v.baseline().size(), v.baseline().toString());
        assertTrue(v.warnings().stream().anyMatch(w -> w.endsWith("(--baseline) is a failed run: left out")), v.warnings().toString());
        assertTrue(assertThrows(ReportInputException.class, () -> Gate.judge(List.of(failed), List.of(candidate), null,
                Gate.Settings.DEFAULTS)).getMessage().contains("(--baseline) is a failed run: its figures cover part of it (the cluster "
                + "stopped acknowledging); leave it out"));
    }

    @Test
    void repeatsOnEachSideAreJudgedByTheirSpread() throws Exception {
        List<Path> a = List.of(run("a1.json", 1_000, 4_000, 0), run("a2.json", 2_000, 4_800, 1), run("a3.json", 3_000, 3_300, 2));
        List<Path> b = List.of(run("b1.json", 4_000, 4_500, 3), run("b2.json", 5_000, 3_700, 4), run("b3.json", 6_000, 4_200, 5));
        GateVerdict v = Gate.judge(a, b, "publish.p99>+10%", Gate.Settings.DEFAULTS);
        FigureJudgement p99 = figure(v, "publish.p99");
        assertEquals("repeats", p99.noise());
        assertEquals(FigureJudgement.WITHIN_NOISE, p99.verdict(), p99.toString());
        assertEquals(FigureJudgement.WITHIN_NOISE, figure(v, "cpu.per.message").verdict(), "judged with repeats");
        assertEquals(0, v.exitCode());
    }
}
