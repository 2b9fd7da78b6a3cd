package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.features.consumerevents.ConsumerEvents;
import io.kbench.features.consumergroups.ConsumerGroups;
import io.kbench.coordinator.Coordinator;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.coordinator.StopSignal;
import io.kbench.features.integrity.Integrity;
import io.kbench.model.RunStatus;
import io.kbench.result.RunResult;
import io.kbench.features.sharegroup.ShareGroups;
import io.kbench.time.BenchmarkClock;
import io.kbench.worker.LocalWorker;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Share groups and consumer events through the coordinator and two local workers on the in-memory
 * driver (its share groups and consumer groups are the reference ones): the plumbing, in seconds. What
 * Kafka does with them is for the integration tests on a real broker.
 */
@Timeout(60)
class ConsumerRunTest {

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
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload(workload), runs.driverFile(""), InMemoryRuns.options());
        try (WorkerEnsemble workers = WorkerEnsemble.of(List.<Worker>of(a, b))) {
            return new Coordinator(workers, BenchmarkClock.system(), new StopSignal(), runs.console).run(spec);
        }
    }

    @Test
    void aShareGroupOnTwoWorkersCountsEveryDeliveryAndChecksIntegrityAtLeastOnce() {
        RunResult r = run("""
                topics: 1
                partitionsPerTopic: 2
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 5
                producerRate: 500
                warmupDuration: 0s
                testDuration: 2s
                subscription:
                  type: share
                  shareGroup: {releasePercent: 10, rejectPercent: 10}
                """);
        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        ShareGroups.Group g = r.section(ShareGroups.class).groups().get(0);
        assertEquals(5, g.consumers());
        assertEquals(2, g.workers().size(), "members on both workers");
        assertEquals(g.delivered(), g.accepted() + g.released() + g.rejected());
        assertEquals(g.released() - g.archived(), g.redeliveries(), "each release short of the limit came back once");
        Integrity i = r.section(Integrity.class);
        assertEquals(0L, i.lostMessages(), i.line());
        assertEquals(0, i.duplicateMessages(), i.line());
    }

    @Test
    void joinLeaveAndWorkerRestartAreAppliedAndMeasured() {
        RunResult r = run("""
                topics: 1
                partitionsPerTopic: 4
                messageSize: 100
                keyDistributor: KEY_ROUND_ROBIN
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 1000
                warmupDuration: 0s
                testDuration: 4s
                consumerEvents:
                  - {after: 1s, type: consumer-join, count: 2}
                  - {after: 2s, type: consumer-leave, count: 1}
                  - {after: 3s, type: worker-restart, worker: 1}
                """);
        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        List<ConsumerEvents.Impact> events = r.section(ConsumerEvents.class).events();
        assertEquals(List.of("consumer-join", "consumer-leave", "worker-restart"),
                events.stream().map(e -> e.action().type().written()).toList());
        for (ConsumerEvents.Impact e : events) {
            ConsumerEvents.Cost cost = assertInstanceOf(ConsumerEvents.Impact.Applied.class, e).cost();
            assertTrue(cost.timeToStableMillis().isPresent(), "stable again: " + e);
            assertEquals(4, cost.gaps().orElseThrow().partitions(), e.toString());
        }
        assertTrue(events.get(0).outcome().startsWith("2 consumer(s) joined"), events.get(0).outcome());
        assertTrue(events.get(1).outcome().contains("closed gracefully (3 left)"), events.get(1).outcome());
        assertTrue(events.get(2).outcome().contains("closed and came back"), events.get(2).outcome());
        Integrity i = r.section(Integrity.class);
        assertEquals(0L, i.lostMessages(), i.line());
        assertEquals(0, i.duplicateMessages(), i.line());
        assertTrue(runs.consoleText().contains("CONSUMER EVENT consumer-join of 2 consumer(s): 2 consumer(s) joined"), runs.consoleText());
        // Nobody chose a protocol: the in-memory driver's default, which is how its groups behave.
        ConsumerGroups.Group g = r.section(ConsumerGroups.class).groups().get(0);
        assertEquals(new ConsumerGroups.Group(events.get(0).subscription(), r.identity().topics().get(0), "consumer", "default", false, 3),
                g, "2 + 2 - 1, on both workers");
        assertEquals(List.of("Consumer group " + g.group() + ": protocol consumer (default), dynamic members; 3 member(s) at the end."),
                r.section(ConsumerGroups.class).lines());
    }

    @Test
    void staticMembersRestartedUnderTheirIdentitiesTakeTheirPartitionsBack() {
        RunResult r = run("""
                topics: 1
                partitionsPerTopic: 4
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 500
                warmupDuration: 0s
                testDuration: 3s
                subscription: {staticMembership: true, groupProtocol: consumer, sessionTimeout: 6s}
                consumerEvents:
                  - {after: 1s, type: worker-restart, worker: 0}
                """);
        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        ConsumerEvents.Impact e = r.section(ConsumerEvents.class).events().get(0);
        ConsumerEvents.Cost cost = assertInstanceOf(ConsumerEvents.Impact.Applied.class, e).cost();
        assertTrue(cost.timeToStableMillis().isPresent(), "back well within the 6 s session: " + e);
        assertTrue(cost.timeToStableMillis().getAsLong() < 6_000, e.toString());
        assertEquals(0L, r.section(Integrity.class).lostMessages(), r.section(Integrity.class).line());
        ConsumerGroups.Group g = r.section(ConsumerGroups.class).groups().get(0);
        assertEquals("consumer (workload), static members", g.membership(), "the workload's choice wins: " + g);
        assertEquals(2, g.members());
    }

    @Test
    void anEventActsOnTheSubscriptionItNamesAndEachGroupRecordsItsProtocol() {
        RunResult r = run("""
                topics: 1
                partitionsPerTopic: 2
                messageSize: 100
                subscriptionsPerTopic: 2
                consumerPerSubscription: 2
                producerRate: 500
                warmupDuration: 0s
                testDuration: 3s
                subscription: {groupProtocol: classic}
                consumerEvents:
                  - {after: 1s, type: consumer-join, count: 2, subscription: 1}
                  - {after: 2s, type: consumer-leave, count: 1}
                """);
        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        List<ConsumerEvents.Impact> events = r.section(ConsumerEvents.class).events();
        assertTrue(events.get(0).subscription().endsWith("-sub-1"), events.get(0).toString());
        assertTrue(events.get(0).outcome().equals("2 consumer(s) joined " + events.get(0).subscription() + " (4 now)"), events.get(0).outcome());
        assertTrue(events.get(1).subscription().endsWith("-sub-0"), "the first subscription by default: " + events.get(1));
        assertTrue(events.get(1).outcome().endsWith("closed gracefully (1 left)"), events.get(1).outcome());
        assertTrue(events.get(0).line().contains(" on " + events.get(0).subscription() + " at "), events.get(0).line());
        ConsumerGroups groups = r.section(ConsumerGroups.class);
        assertEquals(1, groups.group(events.get(1).subscription()).members(), groups.toString());
        assertEquals(4, groups.group(events.get(0).subscription()).members(), groups.toString());
        assertEquals(List.of("Consumer groups (2): protocol classic (workload), dynamic members; 5 member(s) at the end."), groups.lines());
        assertEquals(0L, r.section(Integrity.class).lostMessages(), r.section(Integrity.class).line());
    }
}
