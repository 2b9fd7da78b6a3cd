package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.journal.Journal;
import io.kbench.journal.JournalEntry;
import io.kbench.report.ReportPages;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A coordinator process killed with {@code kill -9} 8 s into a measurement on two remote workers and a
 * real broker: its journal keeps what it measured, {@code report} draws it, {@code recover} writes a
 * failed result, the workers stop within their lease, and the next run in the directory says so.
 */
class CoordinatorKillTest {

    private static final Duration LEASE = Duration.ofSeconds(6);

    @TempDir
    Path dir;

    /** When the coordinator was killed, on System.nanoTime(). */
    private long killNanos;

    @Test
    @Timeout(240)
    void aKilledCoordinatorLeavesItsJournalAndTheRunIsRecovered() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Path workload = Cli.write(dir, "long.yaml", """
                name: long
                topics: 1
                partitionsPerTopic: 2
                messageSize: 256
                producerRate: 1000
                warmupDuration: 2s
                testDuration: 60s
                """);
        Path out = dir.resolve("out");
        try (WorkerProcesses workers = WorkerProcesses.start(2)) {
            List<String> console = runAndKill(workers, driver, workload, out);
            long killedAt = killNanos;
            String printed = String.join("\n", console);

            // The workers stop their load by themselves when the lease runs out.
            for (WorkerProcesses.Agent a : workers.agents) {
                while (true) {
                    JsonNode info = Cli.JSON.readTree(WorkerProcesses.http("GET", a.url() + "/v1/info", WorkerProcesses.TOKEN, null).body());
                    if (info.path("busyWithRun").isNull()) {
                        break;
                    }
                    assertTrue(System.nanoTime() - killedAt < LEASE.plusSeconds(3).toNanos(), a.url() + " still runs " + info);
                    Thread.sleep(200);
                }
            }
            System.out.printf("Workers idle %.1f s after the kill (lease %d s)%n", (System.nanoTime() - killedAt) / 1e9,
                    LEASE.toSeconds());
            assertTrue(String.join("\n", workers.agents.get(0).output()).contains("lease of run"), "the worker says why it stopped: "
                    + workers.agents.get(0).output());

            // The journal keeps every period merged before the kill, and names the topic left behind.
            List<Path> journals = Journal.in(out);
            assertEquals(1, journals.size(), "one journal in " + out + ": " + Cli.files(out));
            Journal j = Journal.read(journals.get(0));
            long measured = j.entries(JournalEntry.Period.class).stream().filter(p -> p.period().phase().measured()).count();
            assertTrue(measured >= 6, measured + " measured periods in the journal\n" + printed);
            String topic = j.leftTopics().get(0);
            assertTrue(SharedKafka.topics().contains(topic), "the lost run's topic is still there");

            // report draws the measured periods of the lost run, marked.
            Path html = dir.resolve("lost.html");
            Cli.Outcome report = Cli.run("report", "--output", html.toString(), out.toString());
            assertEquals(0, report.exitCode(), report.all());
            JsonNode page = ReportPages.data(html);
            String status = ReportPages.text(ReportPages.row(ReportPages.table(page, "Summary"), "status").get(1));
            assertTrue(status.startsWith("failed: coordinator lost at "), status);
            JsonNode rates = ReportPages.charts(page, t -> t.startsWith("Publish and consume rate")).get(0);
            assertTrue(rates.get("x").get("values").size() >= 6, "the periods are drawn: " + rates.get("x"));

            // The next run in that directory says it found the journal, and deletes the topic when told.
            Path quick = Cli.write(dir, "quick.yaml", "name: quick\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                    + "producerRate: 200\nwarmupDuration: 0s\ntestDuration: 2s\n");
            Cli.Outcome next = Cli.run("--drivers", driver.toString(), "--output-dir", out.toString(), "--no-report",
                    "--delete-left-topics", quick.toString());
            assertEquals(0, next.exitCode(), next.all());
            assertTrue(next.out().contains("Found the journal of an earlier run that did not end: " + journals.get(0)), next.out());
            assertTrue(next.out().contains("Deleting 1 topic(s) that earlier runs left: " + topic), next.out());
            assertFalse(SharedKafka.topics().contains(topic), "deleted by the next run");

            // recover writes a failed result that OMB's tools can read: its series and aggregates are there.
            Cli.Outcome recover = Cli.run("recover", out.toString());
            assertEquals(0, recover.exitCode(), recover.all());
            Path recovered = Cli.resultFile(recover.out());
            JsonNode r = recover.result();
            assertEquals("failed", r.get("status").asText());
            assertTrue(r.get("failureReason").asText().startsWith("coordinator lost at "), r.get("failureReason").asText());
            assertTrue(recovered.getParent().endsWith("failed"), recovered.toString());
            assertTrue(r.get("publishRate").size() >= 6, "OMB's series: " + r.get("publishRate"));
            assertTrue(r.get("aggregatedPublishLatency99pct").asDouble() > 0, r.toString());
            assertTrue(r.get("measurement").get("counts").get("messagesAcked").asLong() >= 6 * 1000 * 0.9, r.get("measurement").toString());
            assertEquals(List.of(), Journal.in(out), "the journal was set aside once recovered");
            System.out.println("The killed coordinator's console (last lines):\n"
                    + String.join("\n", console.subList(Math.max(0, console.size() - 8), console.size())));
            System.out.println("recover: " + recover.out());
        }
    }

    /** Runs the coordinator as its own process and kills it with SIGKILL after its 8th measured progress line. */
    private List<String> runAndKill(WorkerProcesses workers, Path driver, Path workload, Path out) throws Exception {
        List<String> command = ToolJvm.command(ToolJvm.COORDINATOR);
        command.addAll(List.of("--workers", workers.urls(), "--worker-lease", LEASE.toSeconds() + "s", "--drivers", driver.toString(),
                "--output-dir", out.toString(), "--progress-interval", "1s", "--sample-interval", "1s", workload.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("KBENCH_WORKER_TOKEN", WorkerProcesses.TOKEN);
        Process process = ToolJvm.start(pb);
        List<String> lines = new ArrayList<>();
        boolean killed = false;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            int measured = 0;
            while ((line = reader.readLine()) != null) {
                lines.add(line);
                if (line.startsWith("[measure") && ++measured == 8) {
                    killNanos = System.nanoTime();
                    new ProcessBuilder("kill", "-9", Long.toString(process.pid())).start().waitFor();
                    killed = true;
                }
            }
        } finally {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
        assertTrue(killed, "the run never measured 8 periods:\n" + String.join("\n", lines));
        assertEquals(137, process.exitValue(), "killed by SIGKILL");
        assertFalse(Files.list(out).anyMatch(p -> p.toString().endsWith(".json")), "no result was written");
        return lines;
    }
}
