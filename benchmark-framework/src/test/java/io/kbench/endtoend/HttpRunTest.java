package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.agent.AgentOptions;
import io.kbench.agent.WorkerAgent;
import io.kbench.coordinator.CoordinatorOptions;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.driver.TopicSpec;
import io.kbench.remote.HttpWorker;
import io.kbench.features.integrity.Integrity;
import io.kbench.result.RunResult;
import io.kbench.model.Diagnosis;
import io.kbench.model.RunStatus;
import io.kbench.model.WorkerSummary;
import io.kbench.stats.PeriodStats;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.ProducerSpec;
import io.kbench.worker.WorkerSetup;
import io.kbench.worker.WorkerBusyException;
import io.kbench.worker.WorkerException;
import io.kbench.workload.KeyDistributorType;
import io.kbench.workload.PayloadSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The coordinator and worker agents over real HTTP on 127.0.0.1, in this JVM, on the in-memory
 * driver and on one clock ({@link OneClock}): every agent's driver reaches the same in-memory cluster,
 * as remote workers reach one Kafka cluster, and leases, stalls, warmups and events are timed in run
 * time. No Kafka, no worker processes, a few seconds each.
 */
@Timeout(60)
class HttpRunTest {

    private final OneClock one = new OneClock();
    private final InMemoryRuns runs = one.runs;

    @AfterEach
    void close() throws Exception {
        one.close();
    }

    private WorkerAgent agent(String id) {
        return one.agent(id);
    }

    private HttpWorker http(WorkerAgent agent) {
        return one.http(agent);
    }

    private RunResult run(List<WorkerAgent> on, CoordinatorInput spec) {
        return one.run(on, spec);
    }

    @Test
    void aRunOnTwoAgentsCompletesSplitsTheLoadAndLeavesThemIdle() {
        List<WorkerAgent> two = List.of(agent("a"), agent("b"));
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 4
                messageSize: 200
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 2000
                messageCount: 3000
                """), runs.driverFile(""), OneClock.options());

        RunResult r = run(two, spec);

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        assertEquals(List.of(two.get(0).url(), two.get(1).url()), r.identity().workerIds());
        assertEquals(3000, r.outcome().delivery().sentMessages());
        assertEquals(3000, r.outcome().delivery().ackedMessages());
        assertEquals(3000, r.measurement().counts().messagesAcked());
        assertEquals(3000, r.measurement().counts().messagesReceived());
        assertEquals(3000, r.measurement().publishLatency().count(), "the agents' histograms crossed HTTP and merged");
        assertEquals(3000, r.measurement().endToEndLatency().count(), "every message carried its intended send time");
        for (WorkerSummary w : r.measurement().workers()) {
            assertTrue(w.messagesAcked() > 0 && w.messagesReceived() > 0, "every agent produced and consumed: " + w);
        }
        assertEquals(3000, r.section(Integrity.class).checkedMessages(), "consumers on one agent checked the other's messages too");
        io.kbench.features.consumergroups.ConsumerGroups.Group group = r.section(io.kbench.features.consumergroups.ConsumerGroups.class).groups().get(0);
        assertEquals(2, group.members(), "each agent's member, reported over HTTP: " + group);
        assertEquals("consumer (default), dynamic members", group.membership(), "the in-memory driver's own default");
        assertEquals(0L, r.section(Integrity.class).lostMessages());
        two.forEach(a -> assertNull(a.currentRunId(), a.url() + " is idle"));
        runs.assertNothingLeftBehind(spec.runId());
    }

    @Test
    void aCatchUpOnTwoAgentsFollowsItsGroupsOverHttp() {
        // The catch-up phase polls the agents for each group's progress and the topic's offsets while it runs.
        List<WorkerAgent> two = List.of(agent("a"), agent("b"));
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 4
                messageSize: 100
                producersPerTopic: 2
                subscriptionsPerTopic: 2
                consumerPerSubscription: 2
                producerRate: 1000
                warmupDuration: 0s
                testDuration: 1s
                consumeDelaySeconds: 1
                catchUp: {subscriptions: 1, caughtUpBelow: 1000}
                """), runs.driverFile(""), OneClock.options());

        RunResult r = run(two, spec);

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        io.kbench.features.readpast.ReadPast p = r.section(io.kbench.features.readpast.ReadPast.class);
        assertEquals("caught up", p.endedBy(), runs.consoleText());
        io.kbench.features.readpast.ReadPast.Group catchUp = p.groups().stream().filter(g -> g.role().equals("catch-up")).findFirst()
                .orElseThrow();
        // On one clock a group is as far behind as the run's time says; the in-memory consumers keep real time, so the
        // bar is a second of records, ten of the clock's periods.
        assertTrue(catchUp.lagAtStartRecords() >= 900, "the delay's records waited: " + catchUp);
        assertEquals(r.measurement().counts().messagesReceived() / 2, catchUp.recordsRead(), "each group read every record, "
                + "its two members' counts added over both agents: " + p.groups());
        assertEquals(0L, r.section(Integrity.class).lostMessages());
    }

    @Test
    void aBusyAgentAnswers409NamingTheRunThatHoldsIt() {
        WorkerAgent agent = agent("busy");
        HttpWorker first = http(agent);
        first.startRun(new WorkerSetup("first", runs.driverFile(""), "coordinator-A", 0, 0));

        HttpWorker second = http(agent);
        WorkerBusyException busy = assertThrows(WorkerBusyException.class,
                () -> second.startRun(new WorkerSetup("second", runs.driverFile(""), "coordinator-B", 0, 0)));
        assertTrue(busy.getMessage().contains("busy with run first of coordinator-A"), busy.getMessage());
        WorkerBusyException call = assertThrows(WorkerBusyException.class, () -> second.createTopics(List.of(new TopicSpec("t", 1))));
        assertTrue(call.getMessage().contains("busy with run first of coordinator-A"), call.getMessage());

        // A whole run against the busy agent fails at its start and leaves the holder's run alone.
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("messageSize: 10\nproducerRate: 100\nmessageCount: 10\n"), runs.driverFile(""), OneClock.options());
        RunResult r = run(List.of(agent), spec);
        assertEquals(RunStatus.FAILED, r.outcome().status());
        assertTrue(r.outcome().failureReason().contains("busy with run first of coordinator-A")
                && r.outcome().failureReason().endsWith("(during driver start)"), r.outcome().failureReason());
        assertEquals("first", agent.currentRunId());
        assertEquals(Map.of(), runs.cluster.topicPartitions(), "the refused run created nothing");

        first.stopRun();
        assertNull(agent.currentRunId());
    }

    @Test
    void anAgentWhoseCoordinatorStopsRenewingTheLeaseStopsTheLoadAndGoesIdle() {
        WorkerAgent agent = agent("orphaned");
        HttpWorker coordinator = http(agent);
        String runId = "orphan1";
        String topic = "kbench-" + runId + "-0";
        one.hold(); // time stands still while the run is set up: the lease runs from the moment it was granted
        long grantedAt = one.clock.nanoTime();
        coordinator.startRun(new WorkerSetup(runId, runs.driverFile(""), "a coordinator that will vanish", 1_000, 0));
        coordinator.createTopics(List.of(new TopicSpec(topic, 2)));
        coordinator.createProducers(List.of(new ProducerSpec(topic, 0)));
        coordinator.startLoad(new LoadSpec(500, 1, 0, new PayloadSpec(100, null, false, 0, 0, 1), KeyDistributorType.NO_KEY, 0));
        assertEquals(List.of("kbench-inmemory-producer-" + topic), InMemoryRuns.clientThreads(runId), "the load runs");
        // ... and nobody renews the lease. The agent looks at it a few times a second (real time), on the run's clock.
        one.advanceMillis(900);
        assertEquals(runId, agent.currentRunId(), "0.9 s into a 1 s lease, the agent still runs the load");
        one.advanceMillis(200);
        InMemoryRuns.await(Duration.ofSeconds(10), () -> agent.currentRunId() == null, () -> "the agent is still busy with " + runId);
        assertEquals(1.1, one.secondsSince(grantedAt), 1e-9, "idle with no more run time passing than 1.1 s");
        one.release();
        InMemoryRuns.await(Duration.ofSeconds(10), () -> InMemoryRuns.clientThreads(runId).isEmpty(),
                () -> "the load still runs: " + InMemoryRuns.clientThreads(runId));
        WorkerException late = assertThrows(WorkerException.class, coordinator::periodStats);
        assertTrue(late.getMessage().contains("no run orphan1 on worker orphaned: it was stopped, or its lease ran out"), late.getMessage());
    }

    @Test
    void restartingTheScheduleOverHttpChangesTheRateTheAgentsProducersKeep() throws Exception {
        WorkerAgent agent = agent("restart");
        HttpWorker coordinator = http(agent);
        String runId = "restart1";
        String topic = "kbench-" + runId + "-0";
        coordinator.startRun(new WorkerSetup(runId, runs.driverFile(""), "a search", 10_000, 0));
        WorkerException noLoad = assertThrows(WorkerException.class, () -> coordinator.restartSchedule(1_000));
        assertTrue(noLoad.getMessage().contains("no load to restart the schedule of (run restart1)"), noLoad.getMessage());
        coordinator.createTopics(List.of(new TopicSpec(topic, 2)));
        coordinator.createProducers(List.of(new ProducerSpec(topic, 0)));
        coordinator.startLoad(new LoadSpec(200, 1, 0, new PayloadSpec(100, null, false, 0, 0, 1), KeyDistributorType.NO_KEY, 0));
        one.awaitRunTime(Duration.ofMillis(500));
        coordinator.periodStats(); // the 200 msg/s part, dropped

        coordinator.restartSchedule(2_000);
        one.awaitRunTime(Duration.ofSeconds(1));
        PeriodStats after = coordinator.periodStats().get(0);

        assertEquals(2_000, after.load().requestedRatePerSecond(), "the agent's producers follow the new rate");
        double ackedPerSecond = after.counts().messagesAcked() / (after.durationMicros() / 1e6);
        assertTrue(ackedPerSecond > 1_600 && ackedPerSecond < 2_400, "acknowledged " + ackedPerSecond + " msg/s after the restart");
        coordinator.stopRun();
        assertNull(agent.currentRunId());
        InMemoryRuns.await(Duration.ofSeconds(10), () -> InMemoryRuns.clientThreads(runId).isEmpty(),
                () -> "the load still runs: " + InMemoryRuns.clientThreads(runId));
    }

    @Test
    void anAgentStoppedMidRunFailsTheRunWithinTheLeaseAndThePartialResultIsKept() throws Exception {
        List<WorkerAgent> three = List.of(agent("a"), agent("b"), agent("c"));
        CoordinatorOptions options = OneClock.options();
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 6
                messageSize: 100
                producersPerTopic: 3
                subscriptionsPerTopic: 1
                consumerPerSubscription: 3
                producerRate: 1500
                warmupDuration: 0s
                testDuration: 60s
                """), runs.driverFile(""), options);
        CompletableFuture<RunResult> running = CompletableFuture.supplyAsync(() -> run(three, spec));
        runs.awaitConsole("Measuring for 60 s", Duration.ofSeconds(20));
        one.awaitRunTime(Duration.ofSeconds(1));
        WorkerAgent dying = three.get(1);
        long stoppedAt = one.clock.nanoTime();
        dying.close();

        RunResult r = running.get(30, TimeUnit.SECONDS);
        double seconds = one.secondsSince(stoppedAt);

        assertEquals(RunStatus.FAILED, r.outcome().status());
        assertTrue(r.outcome().failureReason().contains(dying.url()), "the reason names the dead agent: " + r.outcome().failureReason());
        assertTrue(seconds < options.lease().toSeconds() + 5, "failed " + seconds + " s after the agent stopped");
        assertTrue(r.measurement().counts().messagesAcked() > 300, "the survivors' figures are kept: " + r.measurement().counts());
        assertEquals(2, r.measurement().workers().size(), "the result has the two agents still answering: " + r.measurement().workers());
        assertTrue(r.outcome().warnings().stream().anyMatch(w -> w.startsWith("the result lacks a worker's figures: ") && w.contains(dying.url())),
                r.outcome().warnings().toString());
        assertEquals(Diagnosis.Verdict.WORKER_LOST, r.outcome().diagnosis().verdict(), r.outcome().diagnosis().toString());
        if (r.section(Integrity.class) != null) {
            assertNull(r.section(Integrity.class).lostMessages(), "losses cannot be told without the lost worker's consumers");
        }
        assertNull(three.get(0).currentRunId(), "survivors are idle");
        assertNull(three.get(2).currentRunId(), "survivors are idle");
        runs.assertNothingLeftBehind(spec.runId());
    }

    @Test
    void aShareGroupAndConsumerEventsTakeTheSamePathOverHttpAndTheMetricsNameTheShareCounts() throws Exception {
        int statsPort;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            statsPort = free.getLocalPort();
        }
        WorkerAgent withStats = one.agent(new AgentOptions("127.0.0.1", 0, "a", OneClock.TOKEN, null, null, statsPort));
        List<WorkerAgent> two = List.of(withStats, agent("b"));
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 2
                messageSize: 100
                subscriptionsPerTopic: 1
                consumerPerSubscription: 4
                producerRate: 500
                warmupDuration: 0s
                testDuration: 3s
                subscription:
                  type: share
                  shareGroup: {releasePercent: 10}
                consumerEvents:
                  - {after: 1s, type: consumer-join, count: 1}
                  - {after: 2s, type: consumer-leave, count: 2}
                """), runs.driverFile(""), OneClock.options());

        RunResult r = run(two, spec);

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        io.kbench.features.sharegroup.ShareGroups.Group g = r.section(io.kbench.features.sharegroup.ShareGroups.class).groups().get(0);
        assertEquals(g.delivered(), g.accepted() + g.released() + g.rejected());
        assertEquals(2, g.workers().size());
        List<io.kbench.features.consumerevents.ConsumerEvents.Impact> events = r.section(io.kbench.features.consumerevents.ConsumerEvents.class).events();
        assertTrue(events.stream().allMatch(io.kbench.features.consumerevents.ConsumerEvents.Impact::applied), events.toString());
        assertTrue(events.get(1).outcome().startsWith("2 consumer(s)"), events.get(1).outcome());
        for (io.kbench.features.consumerevents.ConsumerEvents.Impact e : events) {
            // Applied at its moment in run time: planned 1 s and 2 s into the measurement, within a period (100 ms) or so.
            long appliedAfter = ((io.kbench.features.consumerevents.ConsumerEvents.Impact.Applied) e).at().afterMillis();
            assertTrue(appliedAfter >= e.plannedAfterMillis() && appliedAfter < e.plannedAfterMillis() + 500, e.toString());
        }
        assertEquals(3, g.consumers(), "4 + 1 - 2 members at the end");
        assertNull(r.section(io.kbench.features.consumergroups.ConsumerGroups.class), "a share group is no consumer group");
        String metrics = one.client.getAbs("http://127.0.0.1:" + statsPort + "/metrics").send().toCompletionStage().toCompletableFuture()
                .get(10, TimeUnit.SECONDS).bodyAsString();
        assertTrue(metrics.contains("kbench_share_delivered") && metrics.contains("kbench_share_lock_expiries"), metrics);
    }

    @Test
    void aTimedRunMeasuresItsWindowInRunTimeWhateverTheMachinesPace() {
        // Twenty seconds of run time in two or three: the window, the rate and the periods are read on the run's clock.
        List<WorkerAgent> two = one.agents(2);
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 4
                messageSize: 100
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 200
                warmupDuration: 2s
                testDuration: 20s
                """), runs.driverFile(""), OneClock.options().withWarmup(true, Duration.ofSeconds(2)));
        long startedAt = one.clock.nanoTime();

        RunResult r = run(two, spec);

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        assertTrue(one.secondsSince(startedAt) >= 22, "the run lasted its warmup and window in run time: " + one.secondsSince(startedAt));
        assertEquals(2_000, r.timeline().warmup().usedMillis(), "a fixed warmup of 2 s: " + r.timeline().warmup());
        long window = r.measurement().windowMicros();
        // ... which on a busy machine is a second or more of run time (each real millisecond is ten): the window says so,
        // the periods stretch as the sampling calls take run time, and the rate is read over the window.
        assertTrue(window >= 20_000_000 && window < 26_000_000, "a 20 s window: " + window + " µs");
        double rate = r.measurement().publishRate();
        assertTrue(rate > 170 && rate < 230, "publish rate " + rate + " msg/s: " + r.measurement().counts() + "\n" + runs.consoleText());
        // The warmup's messages are in the whole run's figures only.
        long warmupAndWindow = r.outcome().delivery().ackedMessages();
        assertTrue(warmupAndWindow - r.measurement().counts().messagesAcked() >= 350, r.measurement().counts() + " vs " + r.outcome().delivery());
        // Periods of a second, stretched by the sampling calls' real moments: up to 2.5 s each on a machine busy with other tests.
        assertTrue(r.timeline().periods().size() >= 8, "periods of about a second over the window: " + r.timeline().periods().size());
        assertEquals(0L, r.section(Integrity.class).lostMessages());
        runs.assertNothingLeftBehind(spec.runId());
    }

    @Test
    void aClusterThatStopsAnsweringFailsTheRunOnceTheStallLimitHasPassedInRunTime() throws Exception {
        List<WorkerAgent> two = one.agents(2);
        // The in-memory producers give up on held sends after 3 s of real time, half a minute of run time here: a lease
        // of a minute outlasts the cleanup.
        CoordinatorOptions options = OneClock.options().withStallTimeout(Duration.ofSeconds(4)).withLease(Duration.ofSeconds(60));
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 4
                messageSize: 100
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 500
                warmupDuration: 0s
                testDuration: 10m
                """), runs.driverFile(""), options);
        CompletableFuture<RunResult> running = CompletableFuture.supplyAsync(() -> run(two, spec));
        runs.awaitConsole("Measuring for 600 s", Duration.ofSeconds(20));
        one.awaitRunTime(Duration.ofSeconds(2));
        long frozenAt = one.clock.nanoTime();
        runs.cluster.freeze();

        RunResult r = running.get(40, TimeUnit.SECONDS);

        assertEquals(RunStatus.FAILED, r.outcome().status());
        String reason = r.outcome().failureReason();
        assertTrue(reason.startsWith("no acknowledgement for ") && reason.contains("(the limit is 4 s) while")
                && reason.endsWith("(during measure)"), reason);
        assertTrue(one.secondsSince(frozenAt) >= 4, "not before the limit: " + one.secondsSince(frozenAt) + " s of run time");
        assertTrue(r.measurement().counts().messagesAcked() >= 900, "the 2 s before the freeze are kept: " + r.measurement().counts());
        assertTrue(r.outcome().delivery().failedMessages() + r.outcome().delivery().undeliveredMessages() > 0, "the held messages are accounted for");
        two.forEach(a -> assertNull(a.currentRunId(), a.url() + " is idle"));
        runs.assertNothingLeftBehind(spec.runId());
    }

    @Test
    void callsWithoutTheTokenGet401AndChangeNothing() throws Exception {
        WorkerAgent agent = agent("guarded");
        java.net.http.HttpClient http = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1).build();
        String setup = "{\"runId\":\"r1\",\"driver\":{\"name\":\"d\",\"text\":\"x\",\"baseDir\":null},"
                + "\"coordinator\":\"intruder\",\"leaseMillis\":0,\"clockOffsetMicros\":0}";
        for (String token : new String[] {null, "guess"}) {
            java.net.http.HttpRequest.Builder start = java.net.http.HttpRequest.newBuilder(java.net.URI.create(agent.url() + "/v1/runs/r1/start"))
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(setup));
            if (token != null) {
                start.header("Authorization", "Bearer " + token);
            }
            java.net.http.HttpResponse<String> refused = http.send(start.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals(401, refused.statusCode(), "token " + token);
            assertTrue(refused.body().contains(token == null ? "Authorization: Bearer" : "the bearer token does not match"), refused.body());
        }
        assertEquals(401, http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(agent.url() + "/v1/info")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode());
        assertNull(agent.currentRunId(), "nothing started");
    }
}
