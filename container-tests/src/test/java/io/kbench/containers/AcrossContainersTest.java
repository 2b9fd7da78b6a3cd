package io.kbench.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Three worker containers and a coordinator container from the image the build made, with a Kafka
 * broker container, all on one podman network at their own addresses: the Helm chart's run Job, as
 * {@code helm template} renders it, finds the three workers by DNS and merges them; a worker cut
 * off mid-run fails the run within its lease while it stops its own load.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AcrossContainersTest {

    static final Duration LEASE = Duration.ofSeconds(6);

    static ContainerSuite suite;
    static List<ContainerSuite.Worker> workers = new ArrayList<>();

    @BeforeAll
    static void workers() {
        suite = ContainerSuite.get();
        assumeTrue(suite.whyNot() == null, suite.whyNot());
        for (int i = 1; i <= 3; i++) {
            // Each worker answers to the name of the chart's headless Service too, as a StatefulSet's pods do.
            workers.add(suite.startWorker("worker-" + i, 10 + i, List.of("--network-alias", ChartJob.WORKERS_SERVICE)));
        }
    }

    @AfterAll
    static void removeWorkers() {
        if (suite != null) {
            suite.removeAll(workers);
        }
    }

    @Test
    @Order(1)
    void theChartsJobRunAcrossThreeWorkerContainersFindsThemByDnsAndMergesThemByTheirAddresses() throws Exception {
        Path workload = Files.createTempFile(suite.dir, "three-workers", ".yaml");
        try (var in = AcrossContainersTest.class.getResourceAsStream("/three-workers.yaml")) {
            Files.copy(in, workload, StandardCopyOption.REPLACE_EXISTING);
        }
        // The Job exactly as the chart renders it for these values: --workers-dns on the workers' Service, the
        // inline workload from its ConfigMap, the shipped Kafka driver file with the broker from kafka.bootstrapServers.
        ChartJob job = ChartJob.render(List.of("--set", "workers.replicas=3", "--set", "workers.port=" + ContainerSuite.WORKER_PORT,
                "--set", "kafka.bootstrapServers=" + suite.brokerAddress(),
                "--set-file", "run.files.three-workers\\.yaml=" + workload,
                "--set", "run.workloads={three-workers.yaml}", "--set", "run.args={--fixed-warmup}", "--set", "run.workersWait=60s"));
        assertTrue(job.args().contains("--workers-dns") && job.args().contains(ChartJob.WORKERS_SERVICE + ":" + ContainerSuite.WORKER_PORT),
                "the Job finds its workers by the Service's name: " + job.args());
        CoordinatorRun run = CoordinatorRun.startJob(suite, "coordinator-merge", 20, job);
        int exit = run.awaitExit(Duration.ofMinutes(3));
        run.remove();
        assertEquals(0, exit, "the coordinator's exit code; its console:\n" + run.console());
        JsonNode result = run.result();
        assertEquals("completed", result.path("status").asText(), run.console());
        List<String> ids = new ArrayList<>();
        result.path("workerIds").forEach(n -> ids.add(n.asText()));
        // DNS gives the addresses in any order.
        assertEquals(workers.stream().map(ContainerSuite.Worker::url).sorted().toList(), ids.stream().sorted().toList(),
                "the merged result names the three workers by their container addresses");
        for (ContainerSuite.Worker w : workers) {
            assertTrue(!w.ip().startsWith("127."), w.ip());
        }
        assertEquals(3, result.path("workerClocks").size(), "one clock offset per worker: " + result.path("workerClocks"));
        // 300 msg/s for 6 s, from three producers on three workers, all consumed.
        long sent = sum(result.path("sent"));
        long consumed = sum(result.path("consumed"));
        assertTrue(sent >= 1_200, "messages sent in the measurement: " + sent);
        assertTrue(consumed >= sent * 9 / 10, "consumed " + consumed + " of " + sent);
    }

    @Test
    @Order(2)
    void aWorkerCutOffMidRunFailsTheRunWithinTheLeaseAndStopsItsOwnLoad() {
        ContainerSuite.Worker cut = workers.get(2);
        CoordinatorRun run = CoordinatorRun.start(suite, "coordinator-partition", 21, "three-workers.yaml",
                CoordinatorCommand.of(workers).run("three-workers.yaml", List.of("--fixed-warmup", "--duration", "60s",
                        "--worker-lease", LEASE.toSeconds() + "s")));
        CoordinatorRun.Line measuring = run.awaitLine(l -> l.contains("measure"), Duration.ofMinutes(2));
        assertNotNull(measuring, "the run never reached its measurement; console:\n" + run.console());
        ContainerSuite.sleep(Duration.ofSeconds(3));
        System.out.println("[partition] the worker's console before the cut:\n" + suite.logs(cut.name()));
        String cutAt = LocalTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("HH:mm:ss.SSS"));
        long cutNanos = System.nanoTime();
        suite.podman.must(ContainerSuite.QUICK, "network", "disconnect", suite.network, cut.name());
        System.out.printf(Locale.ROOT, "[partition] cut %s (%s) off the network at %s UTC (podman network disconnect took %.1f s; "
                + "times below count from its start)%n", cut.name(), cut.url(), cutAt, (System.nanoTime() - cutNanos) / 1e9);
        int exit = run.awaitExit(Duration.ofMinutes(3));
        double cutToExitSeconds = (run.exitedAtNanos() - cutNanos) / 1e9;
        run.remove();
        System.out.printf(Locale.ROOT, "[partition] the coordinator exited with %d, %.1f s after the cut (lease %d s)%n", exit,
                cutToExitSeconds, LEASE.toSeconds());
        assertNotEquals(0, exit, "a run that lost a worker must fail; console:\n" + run.console());
        assertNotEquals(-1, exit, "the coordinator did not end within 3 minutes of the cut; console:\n" + run.console());
        JsonNode result = run.result();
        assertEquals("failed", result.path("status").asText(), "status of the partial result; console:\n" + run.console());
        assertTrue(result.path("failureReason").asText().contains(cut.ip()),
                "the failure names the cut-off worker: " + result.path("failureReason").asText());
        // The partial result keeps what the two workers that still answered measured: their leases were
        // renewed all along, though one renewal in three went to a worker that never answered.
        JsonNode measured = result.path("measurement").path("workers");
        assertEquals(2, measured.size(), "figures of the workers that still answered: " + measured);
        for (JsonNode w : measured) {
            assertTrue(w.path("messagesAcked").asLong() > 0, w.toString());
        }
        // Nobody is blamed for the missing share, and no loss is counted without the cut-off worker's consumers.
        assertEquals("worker-lost", result.path("diagnosis").path("verdict").asText(), result.path("diagnosis").toString());
        assertTrue(result.path("diagnosis").toString().contains("the figures of 1 worker(s) are missing: worker " + cut.url()),
                "one worker lost, however many of its reports failed: " + result.path("diagnosis"));
        assertTrue(result.path("integrity").path("lostMessages").isNull(), "losses: " + result.path("integrity"));
        // The run's failure is noticed once the worker has been silent for the lease; the rest is cleanup.
        assertTrue(cutToExitSeconds < LEASE.toSeconds() + 20, "from the cut to the exit: " + cutToExitSeconds + " s");

        // The cut-off worker is alive and ended the run itself when its lease ran out.
        String log = awaitLog(cut.name(), "ran out", Duration.ofSeconds(30));
        Matcher expired = Pattern.compile("(\\d\\d:\\d\\d:\\d\\d\\.\\d{3}) .*The lease of run \\S+ ran out.*").matcher(log);
        assertTrue(expired.find(), "the cut-off worker's log shows no lease expiry:\n" + log);
        double cutToStop = Duration.between(LocalTime.parse(cutAt), LocalTime.parse(expired.group(1))).toMillis() / 1e3;
        System.out.printf(Locale.ROOT, "[partition] the cut-off worker stopped its own load %.1f s after the cut: %s%n",
                cutToStop, expired.group().strip());
        assertTrue(cutToStop >= 0 && cutToStop < LEASE.toSeconds() + 10, "from the cut to the worker's stop: " + cutToStop + " s");
        assertTrue(suite.podman.must(ContainerSuite.QUICK, "inspect", "-f", "{{.State.Running}}", cut.name()).equals("true"),
                "the cut-off worker's container is still running");
    }

    /** The worker's console and its log file (read inside the container: it has no network). */
    private static String awaitLog(String container, String text, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String log = "";
        while (System.nanoTime() < deadline) {
            log = suite.logs(container) + "\n--- log file:\n"
                    + suite.podman.run(ContainerSuite.QUICK, "exec", container, "cat", "/tmp/kbench-worker-8080.log").out();
            if (log.contains(text)) {
                return log;
            }
            ContainerSuite.sleep(Duration.ofMillis(500));
        }
        return log;
    }

    private static long sum(JsonNode perPeriod) {
        long total = 0;
        for (JsonNode n : perPeriod) {
            total += n.asLong();
        }
        return total;
    }
}
