package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C mid-run: producers stop, topics are deleted, the partial result is written and marked. */
class InterruptTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void ctrlCStopsCleanlyAndWritesThePartialResult() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Path workload = Cli.write(dir, "long.yaml", """
                name: long
                topics: 1
                partitionsPerTopic: 2
                messageSize: 256
                producerRate: 2000
                warmupDuration: 0s
                testDuration: 10m
                """);
        Path out = dir.resolve("out");
        List<String> command = new ArrayList<>();
        // A process started in the background by a non-interactive shell (nohup ... &, some CI runners) ignores
        // SIGINT, and its children inherit that: the JVM then never sees Ctrl-C. env restores the default first.
        if (envRestoresSignals()) {
            command.addAll(List.of("env", "--default-signal=INT"));
        }
        command.addAll(ToolJvm.command(ToolJvm.COORDINATOR));
        command.addAll(List.of("--drivers", driver.toString(), "--output-dir", out.toString(), "--progress-interval", "1s", "--sample-interval", "1s",
                workload.toString()));
        Process process = ToolJvm.start(new ProcessBuilder(command).redirectErrorStream(true));
        // Reading the console blocks until the process ends: never past the test's own limit.
        Thread watchdog = new Thread(() -> {
            try {
                if (!process.waitFor(110, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
            }
        }, "interrupt-test-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            int measured = 0;
            while ((line = reader.readLine()) != null) {
                lines.add(line);
                if (line.startsWith("[measure") && ++measured == 3) {
                    // The same signal a terminal sends on Ctrl-C.
                    new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
                }
            }
        }
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the run did not end after Ctrl-C");
        String output = String.join("\n", lines);
        assertNotEquals(0, process.exitValue(), output);
        assertTrue(output.contains("Deleting 1 topic(s)..."), output);

        Path resultFile = Cli.resultFile(output);
        assertTrue(resultFile != null && Files.exists(resultFile), output);
        JsonNode r = new ObjectMapper().readTree(resultFile.toFile());
        assertEquals("interrupted", r.get("status").asText());
        assertTrue(r.get("failureReason").asText().contains("Ctrl-C"), r.get("failureReason").asText());
        long acked = r.get("measurement").get("counts").get("messagesAcked").asLong();
        assertTrue(acked >= 2 * 2000 && acked < 60 * 2000, "partial measurement has " + acked + " messages");
        assertTrue(r.get("periods").size() >= 3, "progress periods are kept");
        LocalRunTest.assertTopicsDeleted(r);
    }

    private static boolean envRestoresSignals() {
        try {
            Process p = new ProcessBuilder("env", "--default-signal=INT", "true").redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }
}
