package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.coordinator.Coordinator;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.coordinator.StopSignal;
import io.kbench.features.partitions.Partitions;
import io.kbench.features.traffic.Traffic;
import io.kbench.model.RunStatus;
import io.kbench.result.ResultJson;
import io.kbench.result.RunResult;
import io.kbench.time.BenchmarkClock;
import io.kbench.worker.LocalWorker;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Keys, partition weights, size distributions and headers through the coordinator and two local workers on the
 * in-memory driver: the per-partition and traffic sections merged from both, in seconds. What Kafka's partitioner and
 * compression do with them is for the integration tests on a real broker.
 */
@Timeout(60)
class TrafficRunTest {

    private final InMemoryRuns runs = new InMemoryRuns();
    private final LocalWorker a = LocalWorker.inProcess();
    private final LocalWorker b = new LocalWorker("second", BenchmarkClock.system(), new io.kbench.worker.DriverLoader(), 2, null);

    @AfterEach
    void close() {
        a.close();
        b.close();
        runs.close();
    }

    private RunResult run(String workload) {
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload(workload), runs.driverFile("ackLatencyMicros: 0\n"), InMemoryRuns.options());
        try (WorkerEnsemble workers = WorkerEnsemble.of(List.<Worker>of(a, b))) {
            return new Coordinator(workers, BenchmarkClock.system(), new StopSignal(), runs.console).run(spec);
        }
    }

    @Test
    void weightedPartitionsAndDrawnSizesFromTwoWorkersMergeIntoTheirSections() throws Exception {
        RunResult r = run("""
                partitionsPerTopic: 3
                partitionWeights: [2, 1, 1]
                messageSizes: {distribution: uniform, min: 10, max: 1000}
                headers: {count: 2, valueBytes: 4}
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 2000
                warmupDuration: 0s
                testDuration: 2s
                """);
        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        Partitions p = r.section(Partitions.class);
        long produced = p.topics().get(0).partitions().stream().mapToLong(Partitions.Row::producedMessages).sum();
        assertEquals(0.5, p.row(p.topics().get(0).topic(), 0).producedMessages() / (double) produced, 0.05, "weight 2 of 4");
        assertEquals(0L, p.totalLag(), "both workers' consumers read to the end of every partition");
        assertEquals(3, p.lag().get(0).partitions().size());
        long consumed = p.topics().get(0).partitions().stream().mapToLong(Partitions.Row::consumedMessages).sum();
        assertTrue(consumed > 0 && consumed <= produced + 10, consumed + " of " + produced);

        Traffic.SentSizes s = r.section(Traffic.class).sentSizes();
        assertTrue(s.minBytes() >= 10 && s.maxBytes() <= 1000, s.toString());
        assertEquals(505, s.meanBytes(), 40);
        assertTrue(s.line().startsWith("Message sizes sent: mean "), s.line());

        String json = ResultJson.MAPPER.writeValueAsString(r);
        // Sections sit beside OMB's fields at the top of the document: a key of both (OMB's "partitions" is a count) is an error.
        new com.fasterxml.jackson.databind.ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
                .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build()).readTree(json);
        RunResult back = ResultJson.MAPPER.readValue(json, RunResult.class);
        assertEquals(p, back.section(Partitions.class), "the section reads back as written");
        assertEquals(r.workload().partitionWeights(), back.workload().partitionWeights(), "and the weights as the file gave them");
    }

    @Test
    void aRunOfMorePartitionsThanTheSectionListsListsTheBusiestAndSpreadsOverAll() throws Exception {
        int partitions = Partitions.MAX_LISTED_PARTITIONS + 50;
        RunResult r = run("""
                partitionsPerTopic: %d
                partitionWeights: {"7": 0.5, "*": 0.5}
                messageSize: 100
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 3000
                warmupDuration: 0s
                testDuration: 2s
                """.formatted(partitions));
        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        Partitions p = r.section(Partitions.class);
        assertEquals(partitions, p.partitionCount());
        assertEquals(partitions, p.topics().get(0).partitionCount());
        List<Partitions.Row> rows = p.topics().get(0).partitions();
        assertEquals(p.listedPartitions(), rows.size());
        assertTrue(rows.size() >= Partitions.MAX_LISTED_PARTITIONS && rows.size() <= Partitions.MAX_LISTED_PARTITIONS + 2,
                "the busiest 100, and the one furthest behind and the slowest when they are not among them: " + rows.size());
        assertEquals(rows.stream().map(Partitions.Row::partition).sorted().toList(), rows.stream().map(Partitions.Row::partition).toList(),
                "in partition order");
        assertEquals(7, p.busiest().get(0).partition(), "half of the messages");
        assertTrue(p.row(p.topics().get(0).topic(), 7) != null, "the busiest is listed");
        assertEquals(rows.stream().map(Partitions.Row::partition).toList(),
                p.lag().get(0).partitions().stream().map(Partitions.PartitionLag::partition).toList(), "the lag of the same partitions");
        assertEquals(partitions, p.lag().get(0).partitionCount());
        assertEquals(partitions, p.lag().get(0).lagMessagesSpread().partitions(), "the lag of every partition is known");

        Partitions.Distribution d = p.distribution();
        assertEquals(partitions, d.producedMessages().partitions(), "the distribution is over every partition");
        assertEquals(p.busiest().get(0).messages(), d.producedMessages().max());
        assertEquals(0.5, p.busiest().get(0).share(), 0.05, "weight 0.5 of the whole topic");
        assertTrue(d.producedMessages().p50() < d.producedMessages().max() / 50, d.producedMessages().toString());
        assertEquals(p.busiest().get(0).share() * partitions, p.skew(), 1e-6, "the skew, over all partitions");
        assertTrue(p.line().startsWith("Partitions: " + partitions + ", skew "), p.line());

        String json = ResultJson.MAPPER.writeValueAsString(r);
        String section = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(p); // unindented
        assertTrue(section.length() < 40_000, "the section lists about 100 partitions, not " + partitions + ": " + section.length() + " chars");
        assertEquals(p, ResultJson.MAPPER.readValue(json, RunResult.class).section(Partitions.class), "the section reads back as written");
    }

    @Test
    void aHotSetOfKeysShowsAsSkew() {
        RunResult r = run("""
                partitionsPerTopic: 8
                keys: {distribution: hot-set, count: 1000, hotKeysPercent: 0.1, hotMessagesPercent: 80}
                messageSize: 100
                subscriptionsPerTopic: 0
                producerRate: 2000
                warmupDuration: 0s
                testDuration: 2s
                """);
        Partitions p = r.section(Partitions.class);
        assertTrue(p.skew() > 8 * 0.75, "one key with 80% of the messages: its partition has over 6 times the mean; skew " + p.skew());
        assertTrue(p.busiest().get(0).share() > 0.78, p.busiest().toString());
    }
}
