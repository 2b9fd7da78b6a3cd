package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A coordinator and 3 worker agents in separate JVMs on 127.0.0.1, over real HTTP, with a real broker. */
@Timeout(180)
class DistributedTest {

    @TempDir
    Path dir;

    private Path tokenFile() throws Exception {
        return Cli.write(dir, "token", WorkerProcesses.TOKEN + "\n");
    }

    private Path workload(String name, String lengthLines) throws Exception {
        return Cli.write(dir, name + ".yaml", """
                name: %s
                topics: 1
                partitionsPerTopic: 6
                messageSize: 200
                producersPerTopic: 3
                subscriptionsPerTopic: 1
                consumerPerSubscription: 3
                producerRate: 3000
                %s
                """.formatted(name, lengthLines));
    }

    @Test
    void mergedTotalsEqualTheSumOfTheWorkersAndTheHistogramCountsTheAcks() throws Exception {
        try (WorkerProcesses workers = WorkerProcesses.start(3)) {
            Path driver = Cli.driverFile(dir, "driver.yaml", "");
            Cli.Outcome run = Cli.run("--workers", workers.urls(), "--worker-token-file", tokenFile().toString(),
                    "--drivers", driver.toString(), "--output-dir", dir.toString(), "--progress-interval", "1s",
                    "--print-metrics", workload("merge", "messageCount: 15000").toString());

            assertEquals(0, run.exitCode(), run.all());
            JsonNode r = run.result();
            JsonNode m = r.get("measurement");
            assertEquals(15000, m.get("counts").get("messagesAcked").asLong());
            assertEquals(15000, m.get("publishLatency").get("count").asLong(), "merged histogram counts every ack");
            assertEquals(15000, m.get("endToEndLatency").get("count").asLong());
            long ackedSum = 0;
            long receivedSum = 0;
            for (JsonNode w : m.get("workers")) {
                ackedSum += w.get("messagesAcked").asLong();
                receivedSum += w.get("messagesReceived").asLong();
                assertTrue(w.get("messagesAcked").asLong() > 0, "every worker produced: " + w);
                assertTrue(w.get("messagesReceived").asLong() > 0, "every worker consumed: " + w);
            }
            assertEquals(15000, ackedSum);
            assertEquals(m.get("counts").get("messagesReceived").asLong(), receivedSum);
            assertEquals(3, r.get("workerClocks").size());
            for (JsonNode c : r.get("workerClocks")) {
                // Same host, same clock: the estimate must agree with zero within its own bound.
                assertTrue(Math.abs(c.get("offsetMicros").asLong()) <= c.get("errorBoundMicros").asLong() + 1000, c.toString());
            }
            assertTrue(run.out().contains("1 producer(s) at 1,000.0 msg/s, 1 consumer(s)"), "the plan is shown:\n" + run.out());

            // The clients' own metrics, summed over the three workers' producers and consumers.
            JsonNode metrics = r.get("clientMetrics");
            double sent = metrics.get("producer-metrics:record-send-total").asDouble();
            double retried = metrics.get("producer-metrics:record-retry-total").asDouble();
            assertEquals(15000, sent - retried, 0.0, "first sends of the three producers: " + sent + " sent, " + retried + " retried");
            assertTrue(metrics.get("consumer-fetch-manager-metrics:records-consumed-total").asDouble() >= 15000, metrics.toString());
            assertTrue(metrics.get("producer-metrics:batch-size-avg").asDouble() > 0, "averages are averaged, not summed");
            assertTrue(run.out().contains("Metric Name"), "--print-metrics prints the table:\n" + run.out());
            assertTrue(run.out().lines().anyMatch(l -> l.startsWith("producer-metrics:record-send-total") && l.contains(" : ")),
                    run.out());

            // Every message accounted for, and every one checked by the consumers on other workers.
            JsonNode delivery = r.get("delivery");
            assertEquals(15000, delivery.get("sentMessages").asLong());
            assertEquals(15000, delivery.get("ackedMessages").asLong());
            assertEquals(0, delivery.get("undeliveredMessages").asLong());
            JsonNode integrity = r.get("integrity");
            assertEquals(15000, integrity.get("checkedMessages").asLong(), integrity.toString());
            assertEquals(0, integrity.get("lostMessages").asLong());
            assertEquals(0, integrity.get("duplicateMessages").asLong());
            assertEquals(0, integrity.get("outOfOrderMessages").asLong());
        }
    }

    @Test
    void aKilledWorkerFailsTheRunWithinBoundsAndKeepsThePartialResult() throws Exception {
        try (WorkerProcesses workers = WorkerProcesses.start(3)) {
            Path driver = Cli.driverFile(dir, "driver.yaml", "");
            Path workload = workload("killed", "warmupDuration: 0s\ntestDuration: 2m");
            CompletableFuture<Cli.Outcome> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return Cli.run("--workers", workers.urls(), "--worker-token-file", tokenFile().toString(),
                            "--drivers", driver.toString(), "--output-dir", dir.toString(), "--progress-interval", "1s",
                            "--worker-lease", "6s", workload.toString());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // A worker's Prometheus endpoint shows the run while it goes.
            String metrics = awaitRunning(workers.agents.get(0).statsPort());
            assertTrue(metrics.contains("jvm_memory_bytes_used"), "JVM metrics are exported");
            assertTrue(metrics.contains("kbench_publish_latency_micros"), "latency is exported");
            Thread.sleep(2_000);
            long killedAt = System.nanoTime();
            workers.agents.get(1).kill9();
            Cli.Outcome run = running.get(60, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - killedAt) / 1e9;

            assertEquals(1, run.exitCode(), run.all());
            assertTrue(seconds < 20, "took " + seconds + " s after the kill");
            JsonNode r = run.result();
            assertEquals("failed", r.get("status").asText());
            assertTrue(r.get("failureReason").asText().contains(workers.agents.get(1).url()), r.get("failureReason").asText());
            assertTrue(r.get("measurement").get("counts").get("messagesAcked").asLong() > 1000, "partial figures kept");
            // The survivors were stopped and are idle.
            for (int i : new int[] {0, 2}) {
                JsonNode info = new ObjectMapper().readTree(WorkerProcesses.http("GET", workers.agents.get(i).url() + "/v1/info",
                        WorkerProcesses.TOKEN, null).body());
                assertTrue(info.get("busyWithRun").isNull(), info.toString());
            }
        }
    }

    @Test
    void workerMisconfigurationAndConflictsAreClear() throws Exception {
        try (WorkerProcesses workers = WorkerProcesses.start(1)) {
            WorkerProcesses.Agent agent = workers.agents.get(0);
            int port = Integer.parseInt(agent.url().replaceAll(".*:", ""));
            // The port is taken: the second worker exits with a clear message instead of hanging.
            Process second = WorkerProcesses.launch(List.of("--port", Integer.toString(port), "--no-stats"));
            assertTrue(second.waitFor(30, TimeUnit.SECONDS), "a worker on a taken port must exit");
            String output = new String(second.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertNotEquals(0, second.exitValue());
            assertTrue(output.contains("port " + port + " on 127.0.0.1 is already in use"), output);

            // A protocol mismatch is refused with a clear message.
            HttpResponse<String> mismatch = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                    .newBuilder(java.net.URI.create(agent.url() + "/v1/runs/x/lease")).header("X-Kbench-Protocol", "99")
                    .header("Authorization", "Bearer " + WorkerProcesses.TOKEN).POST(java.net.http.HttpRequest.BodyPublishers.noBody())
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(400, mismatch.statusCode());
            assertTrue(mismatch.body().contains("protocol mismatch: the coordinator speaks version 99, this worker version "
                    + io.kbench.remote.Protocol.VERSION), mismatch.body());

            // A busy worker refuses a second coordinator with 409 naming the holder.
            Path driver = Cli.driverFile(dir, "driver.yaml", "");
            String setup = new ObjectMapper().writeValueAsString(java.util.Map.of("runId", "first", "coordinator", "coordinator-A",
                    "leaseMillis", 0, "clockOffsetMicros", 0,
                    "driver", java.util.Map.of("name", "d.yaml", "text", Files.readString(driver))));
            assertEquals(204, WorkerProcesses.http("POST", agent.url() + "/v1/runs/first/start", WorkerProcesses.TOKEN, setup).statusCode());
            HttpResponse<String> busy = WorkerProcesses.http("POST", agent.url() + "/v1/runs/second/start", WorkerProcesses.TOKEN,
                    setup.replace("first", "second"));
            assertEquals(409, busy.statusCode());
            assertTrue(busy.body().contains("busy with run first of coordinator-A"), busy.body());
            Cli.Outcome refused = Cli.run("--workers", agent.url(), "--worker-token-file", tokenFile().toString(),
                    "--drivers", driver.toString(), workload("busy", "testDuration: 2s").toString());
            assertEquals(2, refused.exitCode(), refused.all()); // nothing ran: unusable workers are bad input
            assertTrue(refused.err().contains("is busy with run first of coordinator-A"), refused.err());
            assertEquals(204, WorkerProcesses.http("POST", agent.url() + "/v1/runs/first/stop", WorkerProcesses.TOKEN, null).statusCode());
        }
    }

    @Test
    void anUnreachableWorkerIsReportedBeforeAnyTopicIsCreated() throws Exception {
        int closed = WorkerProcesses.freePort();
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        java.util.Set<String> before = SharedKafka.topics();
        Cli.Outcome run = Cli.run("--workers", "http://127.0.0.1:" + closed, "--drivers", driver.toString(),
                "--output-dir", dir.toString(), workload("unreachable", "testDuration: 2s").toString());
        assertEquals(2, run.exitCode(), run.all()); // nothing ran: unusable workers are bad input
        assertTrue(run.err().contains("worker http://127.0.0.1:" + closed), run.err());
        assertTrue(run.err().contains("is bin/benchmark-worker running there?"), run.err());
        assertEquals(before, SharedKafka.topics(), "no topic was created");
        BadInputTest.assertNoStackTrace(run);
    }

    /** Waits until the agent's metrics show acknowledged messages; returns the scrape. */
    private static String awaitRunning(int statsPort) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try {
                String body = WorkerProcesses.http("GET", "http://127.0.0.1:" + statsPort + "/metrics", null, null).body();
                for (String line : body.split("\n")) {
                    if ((line.startsWith("kbench_messages_acked ") || line.startsWith("kbench_messages_received "))
                            && Double.parseDouble(line.substring(line.indexOf(' ') + 1).trim()) > 0) {
                        return body;
                    }
                }
            } catch (java.io.IOException e) {
                // not up yet
            }
            Thread.sleep(250);
        }
        throw new AssertionError("no messages showed up in the worker's metrics");
    }
}
