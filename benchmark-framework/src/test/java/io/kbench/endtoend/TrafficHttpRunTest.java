package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.agent.AgentOptions;
import io.kbench.agent.WorkerAgent;
import io.kbench.coordinator.Coordinator;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.coordinator.StopSignal;
import io.kbench.features.partitions.Partitions;
import io.kbench.features.traffic.Traffic;
import io.kbench.model.RunStatus;
import io.kbench.remote.HttpWorker;
import io.kbench.result.RunResult;
import io.kbench.time.BenchmarkClock;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A corpus and keys from a distribution travel to two worker agents over real HTTP, and their figures come back. */
@Timeout(60)
class TrafficHttpRunTest {

    private static final String TOKEN = "a-test-token";

    @TempDir
    Path dir;

    private final InMemoryRuns runs = new InMemoryRuns();
    private final List<WorkerAgent> agents = new ArrayList<>();
    private final Vertx vertx = Vertx.vertx();
    private final WebClient client = WebClient.create(vertx);

    @AfterEach
    void close() throws Exception {
        agents.forEach(WorkerAgent::close);
        client.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        runs.close();
    }

    @Test
    void aCorpusReachesRemoteWorkersAndEveryMessageCarriesOneOfItsPayloads() throws Exception {
        StringBuilder events = new StringBuilder();
        List<Long> sizes = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            String e = "{\"event\":" + i + ",\"pad\":\"" + "x".repeat(i * 300) + "\"}";
            events.append(e).append('\n');
            sizes.add((long) e.length());
        }
        Path corpus = Files.writeString(dir.resolve("events.ndjson"), events.toString());
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 4
                payloads: {delimitedFile: %s}
                keys: {distribution: zipf, count: 100, exponent: 1.2}
                headers: {count: 2, valueBytes: 8}
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 1000
                warmupDuration: 0s
                testDuration: 2s
                """.formatted(corpus)), runs.driverFile(""), InMemoryRuns.options());
        List<Worker> members = new ArrayList<>();
        for (String id : List.of("a", "b")) {
            WorkerAgent a = WorkerAgent.start(new AgentOptions("127.0.0.1", 0, id, TOKEN, null, null, null), BenchmarkClock.system());
            agents.add(a);
            members.add(new HttpWorker(a.url(), client, TOKEN, Duration.ofSeconds(5), null));
        }
        RunResult r;
        try (WorkerEnsemble workers = WorkerEnsemble.of(members)) {
            r = new Coordinator(workers, BenchmarkClock.system(), new StopSignal(), runs.console).run(spec);
        }

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        Traffic.SentSizes s = r.section(Traffic.class).sentSizes();
        assertEquals(sizes.get(0), s.minBytes(), "the smallest event");
        assertEquals(sizes.get(4), s.maxBytes(), 2, "the largest event (HdrHistogram's 3 significant digits)");
        long sizedMessages = s.histogram().stream().mapToLong(Traffic.SizeBucket::messages).sum();
        assertEquals(s.messages(), sizedMessages);
        Partitions p = r.section(Partitions.class);
        assertTrue(p.skew() > 1.2, "Zipf keys from both agents, on the same partitions: skew " + p.skew());
        assertEquals(0L, p.totalLag(), p.line());
    }
}
