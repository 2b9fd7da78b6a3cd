package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The experiment: the broker of a run dies mid-measurement. The run must fail within its stall bound and say so, with
 * every message accounted for, and never blame the client. The Kafka clients meanwhile log hundreds of warnings; the
 * console must stay readable (the first of each kind once, the counts at the end), the run's log file must hold them
 * all, and a secret must reach neither.
 */
class BrokerKillConsoleTest {

    /** A secret the run knows: the producers' client.id comes from a file placeholder, so it is in every producer log line. */
    private static final String CANARY = "Canary-ql-3d9f0b7e";
    private static final Pattern EXCEPTION_CLASS = Pattern.compile("\\b[A-Z][A-Za-z0-9]*(Exception|Error)\\b");

    @TempDir
    Path dir;

    @Test
    void aDeadBrokerFailsTheRunWithinTheStallBoundCountingWhatWasNotDeliveredInAFewFriendlyLinesAndAFullLogFile()
            throws Exception {
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults(), line -> {})) {
            Path canary = Cli.write(dir, "client-id", CANARY + "\n");
            // Short admin timeouts and drain, so that the run cleans up quickly once it gives up on the dead broker. The
            // producers keep their default delivery timeout, so that what they hold is still undelivered at the end, and
            // 4 MB/s fills their 32 MB buffer before the 10 s stall bound: the schedule then goes on with nothing sent.
            Path driver = Cli.write(dir, "driver.yaml", "name: Kafka (broker kill)\n"
                    + "driverClass: io.kbench.kafka.KafkaBenchmarkDriver\n"
                    + "replicationFactor: 1\n"
                    + "commonConfig: |\n  bootstrap.servers=" + cluster.bootstrapServers() + "\n"
                    + "  request.timeout.ms=3000\n  default.api.timeout.ms=5000\n"
                    + "producerConfig: |\n  client.id=${file:" + canary + "}\n  linger.ms=5\n"
                    + "consumerConfig: |\n  auto.offset.reset=earliest\n");
            Path workload = Cli.write(dir, "kill.yaml", "name: broker-kill\ntopics: 1\npartitionsPerTopic: 4\nmessageSize: 1024\n"
                    + "producersPerTopic: 1\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\nproducerRate: 4000\n"
                    + "warmupDuration: 1s\ntestDuration: 3m\n");
            Path results = dir.resolve("results");

            long start = System.nanoTime();
            List<String> command = ToolJvm.command(ToolJvm.COORDINATOR, "-Xmx512m");
            command.addAll(List.of("--drivers", driver.toString(), "--output-dir", results.toString(), "--progress-interval", "2s",
                    "--drain-timeout", "5s", "--stall-timeout", "10s", workload.toString()));
            Process run = ToolJvm.start(new ProcessBuilder(command));
            List<String> out = collect(run.getInputStream(), "stdout");
            List<String> err = collect(run.getErrorStream(), "stderr");
            long killedAt;
            try {
                awaitLines(out, "[measure", 2, run);
                killedAt = System.nanoTime();
                ProcessHandle.of(cluster.brokerPid(0)).ifPresent(ProcessHandle::destroyForcibly); // kill -9 of the broker JVM
                assertTrue(run.waitFor(240, TimeUnit.SECONDS), "the run did not end within 240 s:\n" + String.join("\n", out));
            } finally {
                run.destroyForcibly();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double afterKill = (System.nanoTime() - killedAt) / 1e9;
            System.out.printf("broker-kill run: %.1f s, %.1f s after the kill%n", seconds, afterKill); // for the test report
            assertEquals(1, run.exitValue(), String.join("\n", out));
            assertTrue(afterKill < 10 + 45, "the run ended " + afterKill + " s after the kill: 10 s to notice, then cleanup");

            String console = String.join("\n", out) + "\n" + String.join("\n", err);
            long clientWarningLines = console.lines()
                    .filter(l -> l.startsWith("warning: ") || l.contains("org.apache.kafka") || l.matches(".*\\b(WARN|ERROR)\\b.*"))
                    .count();
            assertTrue(clientWarningLines < 20, clientWarningLines + " lines of client warnings:\n" + console);
            assertFalse(console.contains("Caused by") || console.contains("\tat "), "no stack traces:\n" + console);
            Matcher className = EXCEPTION_CLASS.matcher(console);
            if (className.find()) {
                fail("no exception class names on the console, found " + className.group() + ":\n" + console);
            }
            assertFalse(console.contains("clientId="), "no client prefixes:\n" + console);

            String broker = cluster.bootstrapServers();
            assertTrue(console.contains("warning: broker " + broker + " unreachable; repeats are counted, all of them in "), console);
            Matcher count = Pattern.compile("  broker " + Pattern.quote(broker) + " unreachable: ([\\d,]+) warnings").matcher(console);
            assertTrue(count.find(), "the count at the end:\n" + console);
            long unreachable = Long.parseLong(count.group(1).replace(",", ""));

            Matcher logLine = Pattern.compile("Log written to (.+\\.log)").matcher(console);
            assertTrue(logLine.find(), console);
            Path log = Path.of(logLine.group(1).trim());
            // Next to the result: in results/failed/, as the run failed (out of the OMB scripts' way).
            assertEquals(results.resolve("failed"), log.getParent(), log.toString());
            Path resultFile = log.resolveSibling(log.getFileName().toString().replace(".log", ".json"));
            assertTrue(Files.exists(resultFile), "with the same name");
            assertTheResultSaysTheClusterFailedAndCountsEveryMessage(new ObjectMapper().readTree(resultFile.toFile()), broker, console);
            String logText = Files.readString(log);
            long rawUnreachable = logText.lines().filter(l -> l.contains("could not be established") || l.contains("disconnected")).count();
            assertTrue(rawUnreachable >= unreachable && unreachable >= 10,
                    "every warning counted is in the file in full: " + rawUnreachable + " lines for " + unreachable + " counted");
            assertTrue(logText.contains("WARN  [") && logText.contains("org.apache.kafka.clients.NetworkClient - "), logText);
            assertTrue(logText.contains("[Producer clientId=******]"), "the producers' lines are there, their id masked");

            assertFalse(console.contains(CANARY), "the canary reached the console");
            assertFalse(logText.contains(CANARY), "the canary reached the log file");
            for (Path f : Cli.files(results)) {
                assertFalse(Files.readString(f).contains(CANARY), "the canary reached " + f);
            }
        }
    }

    private static void assertTheResultSaysTheClusterFailedAndCountsEveryMessage(JsonNode r, String broker, String console) {
        assertEquals("failed", r.get("status").asText());
        String reason = r.get("failureReason").asText();
        assertTrue(reason.startsWith("no acknowledgement for 1"), reason);
        assertTrue(reason.contains("the last broker that answered was " + broker), reason);
        JsonNode delivery = r.get("delivery");
        long sent = delivery.get("sentMessages").asLong();
        long unacked = delivery.get("failedMessages").asLong() + delivery.get("undeliveredMessages").asLong();
        assertTrue(unacked > 0, delivery.toString());
        assertEquals(sent, delivery.get("ackedMessages").asLong() + unacked, "every message is accounted for: " + delivery);
        assertTrue(delivery.get("unsentDueMessages").asLong() > 0, "the schedule went on while nothing could be sent: " + delivery);
        assertEquals("cluster-bound", r.get("diagnosis").get("verdict").asText(), r.get("diagnosis").toString());
        assertFalse(r.get("clientBound").asBoolean());
        assertFalse(console.contains("client-bound"), console);
        assertTrue(console.contains("failed (no acknowledgement for"), console);
        assertTrue(r.get("warnings").toString().contains("left behind"), "topics that could not be deleted are named");
    }

    /**
     * A bootstrap address nothing listens on fails the run within 30 s, naming the address, with the run's result written.
     * --verbose adds the raw lines, stack traces and all, on stderr as they come; the friendly ones stay on stdout.
     */
    @Test
    void anUnreachableBootstrapFailsWithinThirtySecondsNamingTheAddressAndVerboseShowsTheRawLinesToo() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        Path driver = Cli.write(dir, "unreachable.yaml", "name: Kafka (nowhere)\ndriverClass: io.kbench.kafka.KafkaBenchmarkDriver\n"
                + "replicationFactor: 1\ncommonConfig: |\n  bootstrap.servers=127.0.0.1:" + closedPort + "\n"
                + "  request.timeout.ms=4000\n  default.api.timeout.ms=4000\n"); // the wait for a first answer, 15 s by default

        Path workload = Cli.write(dir, "w.yaml", "name: w\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\nproducersPerTopic: 1\n"
                + "subscriptionsPerTopic: 0\nproducerRate: 10\nwarmupDuration: 0s\ntestDuration: 2s\n");
        long start = System.nanoTime();
        Cli.Outcome run = Cli.run("--verbose", "--drivers", driver.toString(), "--output-dir", dir.resolve("results").toString(),
                workload.toString());
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;

        assertEquals(1, run.exitCode(), run.all());
        assertTrue(seconds < 30, "took " + seconds + " s");
        String address = "127.0.0.1:" + closedPort;
        assertTrue(run.out().contains("cannot reach Kafka at " + address + " within 4 s"), run.out());
        JsonNode r = run.result();
        assertEquals("failed", r.get("status").asText());
        assertTrue(r.get("failureReason").asText().contains(address), r.get("failureReason").asText());
        assertTrue(run.err().contains("WARN  org.apache.kafka.clients.NetworkClient - [AdminClient clientId="), run.err());
        assertTrue(run.out().contains("warning: broker " + address + " unreachable; repeats are counted"), run.out());
        assertFalse(run.out().contains("org.apache.kafka"), "the raw lines are on stderr only:\n" + run.out());
        assertFalse(run.out().contains("\tat ") || run.out().contains("Exception in thread"), "no stack trace on stdout:\n" + run.out());
    }

    private static List<String> collect(InputStream stream, String name) {
        List<String> lines = new CopyOnWriteArrayList<>();
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "broker-kill-" + name);
        t.setDaemon(true);
        t.start();
        return lines;
    }

    private static void awaitLines(List<String> lines, String prefix, int count, Process run) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (new ArrayList<>(lines).stream().filter(l -> l.startsWith(prefix)).count() < count) {
            assertTrue(run.isAlive(), "the run ended before measuring:\n" + String.join("\n", lines));
            assertTrue(System.nanoTime() < deadline, "no measurement within 120 s:\n" + String.join("\n", lines));
            Thread.sleep(100);
        }
    }
}
