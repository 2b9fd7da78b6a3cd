package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --workers-dns}: three worker agents on three loopback addresses (127.0.0.2-4) behind one
 * name with four addresses (127.0.0.5 has no worker), as a headless Service with one pod not ready
 * would be. The coordinator runs in its own JVM whose name service is a hosts file
 * ({@code -Djdk.net.hosts.file}), which returns every address listed for a name.
 */
@Timeout(180)
class DnsDiscoveryTest {

    static final String NAME = "kbench-workers.test";
    static final List<String> ADDRESSES = List.of("127.0.0.2", "127.0.0.3", "127.0.0.4");

    @TempDir
    static Path dir;
    static WorkerProcesses workers;
    static int port;
    static Path hosts;

    @BeforeAll
    static void start() throws Exception {
        port = WorkerProcesses.freePort();
        workers = WorkerProcesses.startAt(ADDRESSES, port);
        StringBuilder file = new StringBuilder("127.0.0.1 localhost " + InetAddress.getLocalHost().getHostName() + "\n");
        for (String a : ADDRESSES) {
            file.append(a).append(' ').append(NAME).append('\n');
        }
        file.append("127.0.0.5 ").append(NAME).append('\n');
        hosts = Cli.write(dir, "hosts", file.toString());
    }

    @AfterAll
    static void stop() throws Exception {
        if (workers != null) {
            workers.close();
        }
    }

    record Coordinator(int exitCode, String out, String err) {
        String all() {
            return out + "\n" + err;
        }
    }

    /** bin/benchmark in a JVM of its own that resolves names from {@link #hosts}. */
    static Coordinator coordinator(String... args) throws Exception {
        List<String> command = ToolJvm.command(ToolJvm.COORDINATOR, "-Xmx512m", "-Djdk.net.hosts.file=" + hosts);
        command.addAll(List.of(args));
        Path out = dir.resolve("out-" + System.nanoTime());
        Path err = dir.resolve("err-" + System.nanoTime());
        Process p = ToolJvm.start(new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()));
        if (!p.waitFor(150, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the coordinator did not end: " + Files.readString(out));
        }
        return new Coordinator(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    static Path tokenFile() throws Exception {
        return Cli.write(dir, "token", WorkerProcesses.TOKEN + "\n");
    }

    static Path workload() throws Exception {
        return Cli.write(dir, "dns.yaml", """
                name: dns
                topics: 1
                partitionsPerTopic: 6
                messageSize: 200
                producersPerTopic: 3
                subscriptionsPerTopic: 1
                consumerPerSubscription: 3
                producerRate: 3000
                messageCount: 9000
                """);
    }

    @Test
    void theWorkersBehindOneNameRunTheLoadAndTheResultNamesThemByAddress() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Coordinator run = coordinator("--workers-dns", NAME + ":" + port, "--expect-workers", "3", "--workers-wait", "60s",
                "--worker-token-file", tokenFile().toString(), "--drivers", driver.toString(), "--output-dir", dir.toString(),
                "--progress-interval", "1s", workload().toString());

        assertEquals(0, run.exitCode(), run.all());
        Set<String> urls = new TreeSet<>();
        ADDRESSES.forEach(a -> urls.add("http://" + a + ":" + port));
        assertTrue(run.out().contains("Looking for 3 worker(s) at " + NAME + ":" + port + " (waiting up to 1m)..."), run.out());
        assertTrue(run.out().contains("3 worker(s) at " + NAME + ":" + port + " answer: " + String.join(", ", urls)), run.out());
        JsonNode result = new ObjectMapper().readTree(Cli.resultFile(run.out()).toFile());
        assertEquals("completed", result.get("status").asText());
        Set<String> clocks = new TreeSet<>();
        result.get("workerClocks").forEach(c -> clocks.add(c.get("workerId").asText()));
        assertEquals(urls, clocks, "the merged result names the workers by their addresses");
        JsonNode m = result.get("measurement");
        assertEquals(9000, m.get("counts").get("messagesAcked").asLong());
        Set<String> ids = new TreeSet<>();
        for (JsonNode w : m.get("workers")) {
            ids.add(w.get("workerId").asText());
            assertTrue(w.get("messagesAcked").asLong() > 0, "every worker produced: " + w);
        }
        assertEquals(new TreeSet<>(ADDRESSES), ids);
    }

    @Test
    void fewerWorkersThanExpectedFailInOneLineNamingTheNameTheCountAndThoseThatAnswered() throws Exception {
        Set<String> before = SharedKafka.topics();
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        long t0 = System.nanoTime();
        Coordinator run = coordinator("--workers-dns", NAME + ":" + port, "--expect-workers", "4", "--workers-wait", "3s",
                "--worker-token-file", tokenFile().toString(), "--drivers", driver.toString(), "--output-dir", dir.toString(),
                workload().toString());
        double seconds = (System.nanoTime() - t0) / 1e9;

        assertEquals(1, run.exitCode(), run.all());
        List<String> lines = run.err().strip().lines().toList();
        assertEquals(1, lines.size(), run.err());
        String line = lines.get(0);
        // The three workers answer unless the machine is so busy that one misses the probe's 5 s: then it is listed as not answering.
        assertTrue(line.startsWith("--workers-dns " + NAME + ":" + port + ": "), line);
        assertTrue(line.matches(".*: [0-3] of 4 worker\\(s\\) expected answered GET /v1/info within 3s.*"), line);
        assertTrue(line.contains("not answering: ") && line.contains("http://127.0.0.5:" + port + " ("), line);
        for (String a : ADDRESSES) {
            assertTrue(line.contains("http://" + a + ":" + port), "every address is named, answering or not: " + line);
        }
        assertTrue(seconds < 60, "bounded: " + seconds + " s");
        assertEquals(before, SharedKafka.topics(), "nothing ran");
        assertFalse(run.all().contains("\tat "), "no stack trace: " + run.all());
        assertFalse(run.out().contains("Result written"), run.out());
    }

    @Test
    void aNameThatResolvesToNothingIsBadInputBeforeAnythingRuns() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Coordinator run = coordinator("--workers-dns", "nothing-here.test:" + port, "--worker-token-file", tokenFile().toString(),
                "--drivers", driver.toString(), "--output-dir", dir.toString(), workload().toString());

        assertEquals(2, run.exitCode(), run.all());
        assertEquals("--workers-dns nothing-here.test:" + port + ": the name resolved to no address (at least 1 worker expected, "
                + "0 answered; unknown host): check the name, and that the workers run and are ready", run.err().strip());
        assertFalse(run.out().contains("Result written"), run.out());
    }
}
