package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.coordinator.Coordinator;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.coordinator.StopSignal;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.TopicSpec;
import io.kbench.features.integrity.Integrity;
import io.kbench.features.readpast.ReadPast;
import io.kbench.inmemory.InMemoryConfig;
import io.kbench.inmemory.InMemoryDriver;
import io.kbench.model.RunStatus;
import io.kbench.result.RunResult;
import io.kbench.time.BenchmarkClock;
import io.kbench.worker.LocalWorker;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Groups that read the past, end to end on the in-memory driver: a consume-only run of an existing topic, and a catch-up. */
@Timeout(60)
class ReadPastRunTest {

    private final InMemoryRuns runs = new InMemoryRuns();
    private final LocalWorker worker = LocalWorker.inProcess();

    @AfterEach
    void close() {
        worker.close();
        runs.close();
    }

    private RunResult run(CoordinatorInput spec) {
        try (WorkerEnsemble workers = WorkerEnsemble.of(List.<Worker>of(worker))) {
            return new Coordinator(workers, BenchmarkClock.system(), new StopSignal(), runs.console).run(spec);
        }
    }

    /** A topic of the test's cluster holding {@code records} records of 100 bytes written by "someone else" (no kbench stamp). */
    private void fill(String topic, int partitions, int records) throws Exception {
        try (InMemoryDriver driver = new InMemoryDriver()) {
            driver.initialize(new InMemoryConfig(runs.cluster.name(), null, null, null));
            driver.createTopics(List.of(new TopicSpec(topic, partitions))).get(10, TimeUnit.SECONDS);
            BenchmarkProducer p = driver.createProducer(topic, new ProducerOptions("filler", null)).get(10, TimeUnit.SECONDS);
            CountDownLatch acked = new CountDownLatch(records);
            for (int i = 0; i < records; i++) {
                p.sendAsync(null, new byte[100], i % partitions, null, (partition, error) -> acked.countDown());
            }
            assertTrue(acked.await(20, TimeUnit.SECONDS));
            p.close();
        }
    }

    @Test
    void aConsumeOnlyRunOfAnExistingTopicReadsEveryRecordUpToTheEndOffsetsSeenAtTheStart() throws Exception {
        fill("orders", 3, 20_000);
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                name: read-orders
                existingTopics: [orders]
                messageSize: 100
                producersPerTopic: 0
                subscriptionsPerTopic: 2
                consumerPerSubscription: 1
                """), runs.driverFile(""), InMemoryRuns.options());

        RunResult r = run(spec);

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), runs.consoleText());
        ReadPast p = r.section(ReadPast.class);
        assertNotNull(p, runs.consoleText());
        assertEquals("consume-only", p.mode());
        assertEquals("end offsets", p.endedBy());
        assertEquals(40_000L, p.recordsToRead(), "20,000 records for each of the two groups");
        assertEquals(2, p.groups().size());
        for (ReadPast.Group g : p.groups()) {
            assertEquals(20_000, g.recordsRead(), g.toString());
            assertEquals(2_000_000, g.bytesRead());
            assertEquals(20_000, g.notWrittenByKbench());
            assertEquals(20_000, g.createTimeRecords(), "the in-memory driver stamps CreateTime");
            assertEquals(0L, g.lagAtEndRecords());
        }
        assertEquals(40_000, r.measurement().counts().messagesReceived(), "the run's counts from the consumers' creation");
        assertEquals(40_000, r.consumer().consumedMessages());
        assertTrue(r.consumer().mbPerSec() > 0);
        assertNotNull(p.endToEndFromCreateTime());
        assertEquals(40_000, p.endToEndFromCreateTime().count());
        Integrity i = r.section(Integrity.class);
        assertEquals("records not written by kbench", i.notChecked());
        assertEquals(0, r.measurement().endToEndLatency().count(), "no kbench stamp: no end-to-end latency of its own");
        assertTrue(runs.consoleText().contains("Reading what 1 existing topic(s) hold, from earliest"), runs.consoleText());
        assertEquals(List.of("orders"), runs.cluster.topicPartitions().keySet().stream().toList(), "the topic is kept");
    }

    @Test
    void aCatchUpGroupReadsTheBacklogBesideATailingGroupWithTheProducersAtARateOfTheirOwn() {
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                name: catch-up
                topics: 1
                partitionsPerTopic: 2
                messageSize: 100
                producersPerTopic: 1
                subscriptionsPerTopic: 2
                consumerPerSubscription: 1
                producerRate: 2000
                warmupDuration: 1s
                testDuration: 1s
                consumeDelaySeconds: 2
                drainProducerRate: 500
                catchUp:
                  subscriptions: 1
                  from: earliest
                  caughtUpBelow: 100
                """), runs.driverFile(""), InMemoryRuns.options().withFixedWarmup(true));

        RunResult r = run(spec);

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), runs.consoleText());
        ReadPast p = r.section(ReadPast.class);
        assertNotNull(p, runs.consoleText());
        assertEquals("catch-up", p.mode());
        assertEquals("caught up", p.endedBy());
        ReadPast.Group tailing = p.groups().stream().filter(g -> g.role().equals("tailing")).findFirst().orElseThrow();
        ReadPast.Group catchUp = p.groups().stream().filter(g -> g.role().equals("catch-up")).findFirst().orElseThrow();
        assertTrue(catchUp.group().endsWith("-sub-1"), catchUp.group());
        assertNotNull(catchUp.catchUpMillis(), catchUp.toString());
        assertTrue(catchUp.lagAtStartRecords() >= 4_000, "at least the warmup and the delay's records waited: " + catchUp);
        assertEquals(tailing.recordsRead(), catchUp.recordsRead(), "both groups read every record in the end");
        assertEquals(r.measurement().counts().messagesReceived() > 0, true);
        ReadPast.Impact i = p.impact();
        assertNotNull(i, "consumeDelaySeconds gives a window before the catch-up");
        assertEquals(2000, i.requestedRateBefore(), 1e-9);
        assertEquals(500, i.requestedRateDuring(), 1e-9);
        assertTrue(i.publishRateBefore() > 1_500 && i.publishRateBefore() < 2_500, "before: " + i.publishRateBefore());
        assertTrue(i.tailingEndToEndBefore().count() > 0);
        assertNotNull(p.catchUpStartSeconds());
        Integrity integrity = r.section(Integrity.class);
        assertNull(integrity.notChecked(), integrity.toString());
        assertEquals(0L, integrity.lostMessages());
        assertTrue(runs.consoleText().contains("Catch-up: 1 group(s) join from earliest"), runs.consoleText());
    }
}
