package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.coordinator.Coordinator;
import io.kbench.coordinator.CoordinatorInput;
import io.kbench.coordinator.StopSignal;
import io.kbench.model.Measurement;
import io.kbench.features.drift.Drift;
import io.kbench.features.integrity.Integrity;
import io.kbench.model.ClientMetrics;
import io.kbench.result.RunResult;
import io.kbench.model.RunStatus;
import io.kbench.model.WarmupReport;
import io.kbench.time.BenchmarkClock;
import io.kbench.worker.LocalWorker;
import io.kbench.worker.Worker;
import io.kbench.worker.WorkerEnsemble;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The coordinator and a {@link LocalWorker}, end to end on the in-memory driver: no Kafka, a few seconds each. */
@Timeout(60)
class LocalRunTest {

    private final InMemoryRuns runs = new InMemoryRuns();
    private final LocalWorker worker = LocalWorker.inProcess();

    @AfterEach
    void close() {
        worker.close();
        runs.close();
    }

    private RunResult run(CoordinatorInput spec, StopSignal stop) {
        try (WorkerEnsemble workers = WorkerEnsemble.of(List.<Worker>of(worker))) {
            return new Coordinator(workers, BenchmarkClock.system(), stop, runs.console).run(spec);
        }
    }

    private CompletableFuture<RunResult> runInBackground(CoordinatorInput spec, StopSignal stop) {
        return CompletableFuture.supplyAsync(() -> run(spec, stop));
    }

    private static String timedWorkload(String extra) {
        return """
                topics: 1
                partitionsPerTopic: 4
                messageSize: 100
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 1000
                warmupDuration: 0s
                testDuration: 60s
                """ + extra;
    }

    @Test
    void consumeOnlyProgressLinesCountTheMeasureFromItsOwnStart() {
        // The prefill (unthrottled) lasts a few progress periods, then the consumers read the messages back.
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                topics: 1
                partitionsPerTopic: 2
                messageSize: 100
                producersPerTopic: 0
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                prefillMessages: 300000
                """), runs.driverFile(""), InMemoryRuns.options());

        RunResult r = run(spec, new StopSignal());

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        List<String> measureLines = runs.consoleText().lines().filter(l -> l.startsWith("[measure")).toList();
        assertFalse(measureLines.isEmpty(), runs.consoleText());
        assertTrue(runs.consoleText().contains("[prefill"), "the prefill printed progress: " + runs.consoleText());
        // Before: "[measure -1.0s] ...": the measure phase had a clock of its own, started after the prefill's.
        for (String line : measureLines) {
            assertFalse(line.matches("\\[measure\\s+-.*"), "negative time in: " + line + "\n" + runs.consoleText());
        }
        assertTrue(r.timeline().periods().stream().allMatch(p -> p.elapsedMicros() >= 0), "periods counted from the load's start");
        for (int i = 1; i < r.timeline().periods().size(); i++) {
            assertTrue(r.timeline().periods().get(i).elapsedMicros() > r.timeline().periods().get(i - 1).elapsedMicros(),
                    "the result's periods go forward in time: " + r.timeline().periods());
        }
    }

    @Test
    void aRunCompletesWithEveryMessageAcknowledgedConsumedAndChecked() {
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                topics: 2
                partitionsPerTopic: 4
                messageSize: 100
                producersPerTopic: 2
                subscriptionsPerTopic: 2
                consumerPerSubscription: 2
                producerRate: 2000
                messageCount: 3000
                """), runs.driverFile("ackLatencyMicros: 500"), InMemoryRuns.options());

        RunResult r = run(spec, new StopSignal());

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        assertEquals(2, r.identity().topics().size());
        assertEquals(3000, r.outcome().delivery().sentMessages());
        assertEquals(3000, r.outcome().delivery().ackedMessages());
        assertEquals(0, r.outcome().delivery().failedMessages() + r.outcome().delivery().undeliveredMessages());
        assertEquals(3000, r.measurement().counts().messagesSent());
        assertEquals(3000, r.measurement().counts().messagesAcked());
        assertEquals(3000L * 100, r.measurement().counts().bytesAcked());
        assertEquals(6000, r.measurement().counts().messagesReceived(), "two subscriptions read every message");
        assertEquals(3000, r.measurement().publishLatency().count(), "a publish latency per acknowledgement");
        assertEquals(6000, r.measurement().endToEndLatency().count(), "every message carried its intended send time");
        assertTrue(r.measurement().publishLatency().p50Micros() >= 500, "the 500 µs ack latency shows: " + r.measurement().publishLatency());
        // 3000 messages at 2000/s: the rate is the schedule's, within the histogram's and the clock's slack.
        assertTrue(r.measurement().publishRate() > 1800 && r.measurement().publishRate() < 2200, "publish rate " + r.measurement().publishRate());
        assertEquals(0L, r.section(Integrity.class).lostMessages());
        assertEquals(0, r.section(Integrity.class).duplicateMessages());
        assertEquals(0, r.section(Integrity.class).outOfOrderMessages());
        assertTrue(r.section(ClientMetrics.class).values().containsKey("inmemory-producer:record-send-total"), "client metrics reach the result");
        assertNull(worker.currentRunId(), "the worker is idle");
        runs.assertNothingLeftBehind(spec.runId());
    }

    @Test
    void aTimedRunWarmsUpUntilSettledThenMeasuresOnlyItsWindow() {
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 4
                messageSize: 100
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 1000
                warmupDuration: 1s
                testDuration: 2s
                """), runs.driverFile(""), InMemoryRuns.options());

        RunResult r = run(spec, new StopSignal());

        assertEquals(RunStatus.COMPLETED, r.outcome().status(), r.outcome().failureReason() + "\n" + runs.consoleText());
        WarmupReport warmup = r.timeline().warmup();
        // Whether latency settles depends on this machine's load (WarmupJudgeTest covers the judgement):
        // here, that the warmup was judged, lasted from the plan to the cap, and an unsettled one is reported.
        assertTrue(!warmup.fixed() && warmup.plannedMillis() == 1_000 && warmup.capMillis() == 5_000, warmup.toString());
        assertTrue(warmup.usedMillis() >= 1_000 && warmup.usedMillis() <= warmup.capMillis() + 1_000, warmup.toString());
        assertEquals(!warmup.settled(), r.outcome().warnings().stream().anyMatch(w -> w.startsWith("the warmup did not settle")),
                warmup + "\n" + r.outcome().warnings());
        Measurement m = r.measurement();
        assertTrue(m.windowMicros() >= 1_900_000 && m.windowMicros() < 3_000_000, "a 2 s window: " + m.windowMicros() + " µs");
        assertTrue(m.publishRate() > 900 && m.publishRate() < 1100, "publish rate " + m.publishRate());
        // The window holds the measurement only: the warmup's messages are in the whole run's figures, not in it.
        assertTrue(m.counts().messagesAcked() < r.outcome().delivery().ackedMessages(), m.counts() + " vs " + r.outcome().delivery());
        assertEquals(m.counts().messagesAcked(), m.publishLatency().count(), "a publish latency per acknowledgement");
        assertEquals(m.counts().messagesReceived(), m.endToEndLatency().count(), "an end-to-end latency per message received");
        // The whole run: everything sent was acknowledged, and the consumers checked each message once.
        assertEquals(r.outcome().delivery().sentMessages(), r.outcome().delivery().ackedMessages());
        assertEquals(0, r.outcome().delivery().failedMessages() + r.outcome().delivery().undeliveredMessages());
        assertEquals(r.outcome().delivery().sentMessages(), r.section(Integrity.class).checkedMessages());
        assertEquals(0L, r.section(Integrity.class).lostMessages());
        // 2 s measured is too short for the drift test: it says so, rather than "no drift".
        Drift drift = r.section(Drift.class);
        assertTrue(drift != null && drift.tooShort() != null && drift.line().startsWith("Drift: too short to judge ("), String.valueOf(drift));
        runs.assertNothingLeftBehind(spec.runId());
    }

    @Test
    void aTopicTheClusterRefusesFailsTheRunDuringTopicCreationAndLeavesNothingBehind() {
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload(timedWorkload("")), runs.driverFile("maxPartitionsPerTopic: 2"),
                InMemoryRuns.options());

        RunResult r = run(spec, new StopSignal());

        assertEquals(RunStatus.FAILED, r.outcome().status());
        assertTrue(r.outcome().failureReason().contains("refused to create topic kbench-" + spec.runId() + "-0 with 4 partitions: it allows at most 2")
                && r.outcome().failureReason().endsWith("(during topic creation)"), r.outcome().failureReason());
        assertNull(worker.currentRunId(), "the worker is idle");
        runs.assertNothingLeftBehind(spec.runId());
    }

    @Test
    void aClusterThatStopsAnsweringMidRunFailsItWithinTheStallTimeoutKeepingWhatWasMeasured() throws Exception {
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload(timedWorkload("")), runs.driverFile(""), InMemoryRuns.options());
        CompletableFuture<RunResult> running = runInBackground(spec, new StopSignal());
        runs.awaitConsole("Measuring for 60 s", Duration.ofSeconds(20));
        Thread.sleep(1_000);
        long frozenAt = System.nanoTime();
        runs.cluster.freeze();

        RunResult r = running.get(30, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - frozenAt) / 1e9;

        assertEquals(RunStatus.FAILED, r.outcome().status());
        assertTrue(r.outcome().failureReason().startsWith("no acknowledgement for 2 s (the limit is 2 s) while")
                && r.outcome().failureReason().endsWith("(during measure)"), r.outcome().failureReason());
        // 2 s to notice, up to 3 s for the producers to give up on their unacknowledged messages, cleanup.
        assertTrue(seconds < 15, "ended " + seconds + " s after the cluster froze");
        assertTrue(r.measurement().counts().messagesAcked() > 300, "what was measured before is kept: " + r.measurement().counts());
        assertTrue(r.outcome().delivery().failedMessages() + r.outcome().delivery().undeliveredMessages() > 0, "the held messages are accounted for");
        assertNull(worker.currentRunId(), "the worker is idle");
        runs.assertNothingLeftBehind(spec.runId());
    }

    @Test
    void failedSendsAreCountedByErrorClassAndDegradeTheRun() {
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload("""
                partitionsPerTopic: 2
                messageSize: 100
                producersPerTopic: 1
                subscriptionsPerTopic: 1
                producerRate: 2000
                messageCount: 1000
                """), runs.driverFile("sendFailureRate: 0.1"), InMemoryRuns.options());

        RunResult r = run(spec, new StopSignal());

        assertEquals(RunStatus.DEGRADED, r.outcome().status(), r.outcome().failureReason());
        assertEquals(100, r.outcome().delivery().failedMessages());
        assertEquals(900, r.outcome().delivery().ackedMessages());
        assertEquals("DriverException", r.outcome().delivery().errorsByClass().get(0).errorClass());
        assertTrue(r.outcome().failureReason().startsWith("100 of 1,000 messages (10.00%) were not acknowledged"), r.outcome().failureReason());
        assertEquals(0L, r.section(Integrity.class).lostMessages(), "a failed send is not a lost message");
        runs.assertNothingLeftBehind(spec.runId());
    }

    @Test
    void aStopRequestEndsTheRunAsInterruptedAndCleansUp() throws Exception {
        CoordinatorInput spec = runs.spec(InMemoryRuns.workload(timedWorkload("")), runs.driverFile(""), InMemoryRuns.options());
        StopSignal stop = new StopSignal();
        CompletableFuture<RunResult> running = runInBackground(spec, stop);
        runs.awaitConsole("Measuring for 60 s", Duration.ofSeconds(20));
        Thread.sleep(500);
        stop.request("Ctrl-C");

        RunResult r = running.get(30, TimeUnit.SECONDS);

        assertEquals(RunStatus.INTERRUPTED, r.outcome().status());
        assertTrue(r.outcome().failureReason().startsWith("interrupted (Ctrl-C)"), r.outcome().failureReason());
        assertTrue(r.measurement().counts().messagesAcked() > 0, r.measurement().counts().toString());
        assertNull(worker.currentRunId(), "the worker is idle");
        runs.assertNothingLeftBehind(spec.runId());
    }
}
