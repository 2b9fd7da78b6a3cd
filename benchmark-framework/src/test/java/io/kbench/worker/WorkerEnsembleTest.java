package io.kbench.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.TopicSpec;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.PeriodStats;
import io.kbench.plan.LoadSpec;
import io.kbench.workload.KeyDistributorType;
import io.kbench.workload.PayloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.kbench.plan.ProducerSpec;
import io.kbench.plan.ConsumerSpec;
@Timeout(10)
class WorkerEnsembleTest {

    private static final PayloadSpec PAYLOAD = new PayloadSpec(10, null, false, 0, 0, 1);

    private final List<WorkerEnsemble> ensembles = new ArrayList<>();

    @AfterEach
    void close() {
        ensembles.forEach(WorkerEnsemble::close);
    }

    private WorkerEnsemble ensemble(FakeWorker... workers) {
        WorkerEnsemble e = WorkerEnsemble.of(List.of(workers));
        ensembles.add(e);
        return e;
    }

    private static List<ProducerSpec> producers(int n) {
        List<ProducerSpec> specs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            specs.add(new ProducerSpec("t", i));
        }
        return specs;
    }

    private static PeriodStats period(String worker, long acked) {
        return new PeriodStats(worker, 1_000_000, new Counts(acked, acked, 0, 0, 0, 0, 0),
                new Counts(acked, acked, 0, 0, 0, 0, 0), LatencyHistograms.empty(), 0, false, List.of(), null, List.of(), null);
    }

    @Test
    void producersAndConsumersAreSpreadAndOnlyBusyWorkersAreCalled() {
        FakeWorker a = new FakeWorker("a");
        FakeWorker b = new FakeWorker("b");
        FakeWorker c = new FakeWorker("c");
        WorkerEnsemble e = ensemble(a, b, c);
        e.createConsumers(List.of(new ConsumerSpec("t", "g")));
        e.createProducers(producers(1));

        assertEquals(List.of(new ConsumerSpec("t", "g")), a.consumers);
        assertEquals(List.of(new ProducerSpec("t", 0)), b.producers);
        assertEquals(List.of("createConsumers"), a.calls);
        assertEquals(List.of("createProducers"), b.calls);
        assertEquals(List.of(), c.calls, "an idle worker gets no empty create calls");
    }

    @Test
    void planGivesEachWorkerItsShareOfTheRate() {
        FakeWorker a = new FakeWorker("a");
        FakeWorker b = new FakeWorker("b");
        WorkerEnsemble e = ensemble(a, b);
        e.createConsumers(List.of(new ConsumerSpec("t", "g")));
        e.createProducers(producers(3)); // a holds the consumer, so b takes producers 0 and 2, a takes 1
        List<WorkerPlan> plans = e.plan(new LoadSpec(900, 3, 0, PAYLOAD, KeyDistributorType.NO_KEY, 0));

        assertEquals(2, plans.size());
        assertEquals("a", plans.get(0).workerId());
        assertEquals(List.of(1), plans.get(0).producers().stream().map(ProducerSpec::index).toList());
        assertEquals(List.of(0, 2), plans.get(1).producers().stream().map(ProducerSpec::index).toList());
        assertEquals(300.0, plans.get(0).ratePerSecond(), 1e-9);
        assertEquals(600.0, plans.get(1).ratePerSecond(), 1e-9);
        assertEquals(1, plans.get(0).consumers().size());
        assertEquals(0, plans.get(1).consumers().size());

        List<WorkerPlan> unthrottled = e.plan(new LoadSpec(-1, 3, 0, PAYLOAD, KeyDistributorType.NO_KEY, 0));
        assertEquals(-1.0, unthrottled.get(0).ratePerSecond());
        assertEquals(-1.0, unthrottled.get(1).ratePerSecond());
    }

    @Test
    void assignedPartitionsAreSummedPerSubscription() {
        FakeWorker a = new FakeWorker("a");
        FakeWorker b = new FakeWorker("b");
        a.assigned = Map.of("g1", 2, "g2", 1);
        b.assigned = Map.of("g1", 1, "g3", 4);
        assertEquals(Map.of("g1", 3, "g2", 1, "g3", 4), ensemble(a, b).assignedPartitions());
    }

    @Test
    void statsAreConcatenatedInWorkerOrder() {
        FakeWorker a = new FakeWorker("a");
        FakeWorker b = new FakeWorker("b");
        PeriodStats a1 = period("a", 1);
        PeriodStats b1 = period("b", 2);
        PeriodStats b2 = period("b2", 3);
        a.period = List.of(a1);
        b.period = List.of(b1, b2); // a worker that is itself several (e.g. a remote ensemble)
        List<PeriodStats> all = ensemble(a, b).periodStats();
        assertEquals(3, all.size());
        assertSame(a1, all.get(0));
        assertSame(b1, all.get(1));
        assertSame(b2, all.get(2));
    }

    @Test
    void aFailingMemberIsNamedInTheError() {
        FakeWorker a = new FakeWorker("http://a:8080");
        FakeWorker b = new FakeWorker("http://b:8080");
        IllegalStateException cause = new IllegalStateException("connection refused");
        b.failure = cause;
        WorkerEnsemble e = ensemble(a, b);
        WorkerException ex = assertThrows(WorkerException.class, e::periodStats);
        assertEquals("worker http://b:8080 failed to collect period stats: IllegalStateException: connection refused",
                ex.getMessage());
        assertSame(cause, ex.getCause());
        assertEquals(List.of("periodStats"), a.calls, "the healthy worker was asked too");
    }

    @Test
    void theOnlyMembersFailureIsNamedToo() {
        FakeWorker a = new FakeWorker("local");
        a.failure = new IllegalArgumentException("bad spec");
        WorkerException ex = assertThrows(WorkerException.class, () -> ensemble(a).startLoad(
                new LoadSpec(1, 1, 0, PAYLOAD, KeyDistributorType.NO_KEY, 0)));
        assertEquals("worker local failed to start the load: IllegalArgumentException: bad spec", ex.getMessage());
    }

    @Test
    void aMembersOwnWorkerExceptionPassesUnchanged() {
        FakeWorker a = new FakeWorker("a");
        FakeWorker b = new FakeWorker("b");
        WorkerException own = new WorkerException("worker b is busy with run r1");
        b.failure = own;
        assertSame(own, assertThrows(WorkerException.class, () -> ensemble(a, b).resetStats()));
        FakeWorker c = new FakeWorker("c");
        c.failure = own;
        assertSame(own, assertThrows(WorkerException.class, () -> ensemble(c).resetStats()));
    }

    @Test
    void stopRunStopsEveryWorkerAndReportsEachFailure() {
        FakeWorker a = new FakeWorker("http://a:8080");
        FakeWorker b = new FakeWorker("http://b:8080");
        FakeWorker c = new FakeWorker("http://c:8080");
        a.failure = new IllegalStateException("gone");
        c.failure = new WorkerException("worker http://c:8080 timed out");
        WorkerException ex = assertThrows(WorkerException.class, () -> ensemble(a, b, c).stopRun());
        String m = ex.getMessage();
        assertTrue(m.contains("http://a:8080") && m.contains("IllegalStateException: gone"), m);
        assertTrue(m.contains("worker http://c:8080 timed out"), m);
        assertFalse(m.contains("http://b:8080"), m);
        assertEquals(List.of("stopRun"), b.calls, "the healthy worker was stopped despite the others");
    }

    @Test
    void callsFanOutAndTopicsGoThroughTheFirstWorker() {
        FakeWorker a = new FakeWorker("a");
        FakeWorker b = new FakeWorker("b");
        WorkerEnsemble e = ensemble(a, b);
        e.startRun(new WorkerSetup("r1", null, "test", 0, 0));
        e.createTopics(List.of(new TopicSpec("t", 3)));
        e.deleteTopics(List.of("t"));
        e.pauseConsumers();
        e.resumeConsumers();
        e.stopProducers();
        e.stopClients();
        assertEquals(List.of("startRun r1", "createTopics 1", "deleteTopics [t]", "pauseConsumers", "resumeConsumers",
                "stopProducers", "stopClients"), a.calls);
        assertEquals(List.of("startRun r1", "pauseConsumers", "resumeConsumers", "stopProducers", "stopClients"), b.calls);
        assertEquals("2 workers", e.id());
        assertEquals("a", ensemble(new FakeWorker("a")).id());
    }

    @Test
    void needsOneRolePerWorker() {
        assertThrows(IllegalArgumentException.class, () -> new WorkerEnsemble(List.of(new FakeWorker("a")), List.of()));
        assertThrows(IllegalArgumentException.class, () -> new WorkerEnsemble(List.of(), List.of()));
        WorkerEnsemble dedicated = new WorkerEnsemble(List.of(new FakeWorker("p"), new FakeWorker("c")),
                List.of(WorkerRole.PRODUCE, WorkerRole.PRODUCE));
        ensembles.add(dedicated);
        WorkerException ex = assertThrows(WorkerException.class,
                () -> dedicated.createConsumers(List.of(new ConsumerSpec("t", "g"))));
        assertTrue(ex.getMessage().contains("no worker may run consumers"), ex.getMessage());
    }

    @Test
    void aMemberThatFailsSeveralCollectionsIsOneLostWorker() {
        FakeWorker a = new FakeWorker("a");
        FakeWorker b = new FakeWorker("b");
        b.failure = new WorkerException("connection refused");
        WorkerEnsemble e = ensemble(a, b);
        Map<String, String> failures = new java.util.LinkedHashMap<>();
        e.tryCumulativeStats(failures);
        e.tryFindings(failures);
        assertEquals(List.of("b"), List.copyOf(failures.keySet()), "one entry per lost worker: " + failures);
        assertTrue(failures.get("b").startsWith("worker b could not report cumulative stats"), failures.toString());
        assertEquals(2, e.tryForAll("stop the run", w -> { throw new WorkerException("down"); }).size(),
                "tryForAll still says each member's failure");
    }

    @Test
    void closeClosesEveryMember() {
        FakeWorker a = new FakeWorker("a");
        FakeWorker b = new FakeWorker("b");
        ensemble(a, b).close();
        assertEquals(List.of("close"), a.calls);
        assertEquals(List.of("close"), b.calls);
    }
}
