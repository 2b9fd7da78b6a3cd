package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several workers on one host, under a CPU hog: each worker's own JVM uses little of the CPU, but their host has none
 * to spare. The diagnosis names the host as the limit (client-bound), not the cluster.
 */
class HostCpuDiagnosisTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(180)
    void coLocatedWorkersOnASaturatedHostAreClientBoundNamingTheHost() throws Exception {
        try (WorkerProcesses workers = WorkerProcesses.start(2)) {
            Path driver = Cli.driverFile(dir, "driver.yaml", "");
            Path workload = Cli.write(dir, "w.yaml", """
                    name: crowded
                    topics: 1
                    partitionsPerTopic: 2
                    messageSize: 200
                    producersPerTopic: 2
                    subscriptionsPerTopic: 1
                    consumerPerSubscription: 2
                    producerRate: 1000
                    warmupDuration: 1s
                    testDuration: 3s
                    """);
            Path token = Cli.write(dir, "token", WorkerProcesses.TOKEN + "\n");
            List<Process> hogs = new ArrayList<>();
            try {
                // One busy loop per CPU, at a lower priority: the host stays saturated while the run still gets its share.
                for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                    hogs.add(new ProcessBuilder("nice", "-n", "10", "sh", "-c", "while :; do :; done").start());
                }
                Cli.Outcome run = Cli.run("--workers", workers.urls(), "--worker-token-file", token.toString(), "--drivers",
                        driver.toString(), "--output-dir", dir.toString(), "--fixed-warmup", "--no-report", workload.toString());
                assertTrue(run.exitCode() == 0 || run.exitCode() == 3, run.all());
                JsonNode r = run.result();
                JsonNode clients = r.get("provenance").get("clients");
                assertEquals(2, clients.size(), clients.toString());
                for (JsonNode c : clients) {
                    assertEquals(clients.get(0).get("hostId").asText(), c.get("hostId").asText(), "one host: " + clients);
                    assertTrue(c.get("hostCpu").get("busyShare").asDouble() >= 0.9, c.toString());
                }
                JsonNode diagnosis = r.get("diagnosis");
                System.out.println("diagnosis under a CPU hog with 2 workers on one host: " + diagnosis);
                assertEquals("client-bound", diagnosis.get("verdict").asText(), diagnosis.toString());
                String host = clients.get(0).get("host").asText();
                assertTrue(diagnosis.get("reasons").toString().contains("host " + host + ", which runs 2 workers"), diagnosis.toString());
                assertNotEquals("cluster-bound", diagnosis.get("verdict").asText());
                assertTrue(run.out().contains("Diagnosis: client-bound: ") && run.out().contains("host " + host), run.out());
            } finally {
                for (Process h : hogs) {
                    h.destroyForcibly();
                    h.waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }
}
