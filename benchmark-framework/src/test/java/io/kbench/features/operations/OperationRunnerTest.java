package io.kbench.features.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.ConfigScope;
import io.kbench.features.FaultApplier;
import io.kbench.features.RunControl;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.TopicLayout;
import io.kbench.time.BenchmarkClock;
import io.kbench.time.ManualClock;
import io.kbench.workload.Choice;
import io.kbench.workload.OperationSpec;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The operations at their times on a manual clock: each change journaled before it is made, done when the cluster says, put back at the end. */
@Timeout(10)
class OperationRunnerTest {

    private static final long S = 1_000_000_000L;

    private final ManualClock clock = new ManualClock(100 * S, 1_700_000_000_000_000L);
    private final ScriptedCluster cluster = new ScriptedCluster();
    private final List<String> console = Collections.synchronizedList(new ArrayList<>());
    /** The journal as the run would write it, interleaved with the cluster's calls. */
    private final List<String> journal = cluster.calls;

    private final RunControl control = new RunControl() {
        @Override
        public RunSpec spec() {
            throw new UnsupportedOperationException();
        }

        @Override
        public TopicLayout layout() {
            throw new UnsupportedOperationException();
        }

        @Override
        public BenchmarkClock clock() {
            return clock;
        }

        @Override
        public long loadStartNanos() {
            return 90 * S;
        }

        @Override
        public void line(String text) {
            console.add(text);
        }

        @Override
        public FaultApplier faults() {
            return f -> "";
        }

        @Override
        public void changeMade(String feature, String key, String description, Object undo) {
            journal.add("journal " + key + ": " + description);
        }

        @Override
        public void changeUndone(String key, String outcome) {
            journal.add("journal " + key + " undone: " + outcome);
        }

        @Override
        public List<String> workerIds() {
            return List.of("w0");
        }

        @Override
        public void createConsumers(List<ConsumerSpec> consumers) {}

        @Override
        public int removeConsumers(String subscription, int count, boolean crash) {
            return 0;
        }

        @Override
        public int restartConsumers(int workerIndex) {
            return 0;
        }

        @Override
        public Map<String, List<Integer>> memberAssignments() {
            return Map.of();
        }
    };

    private static OperationSpec grow(int afterSeconds, int partitions) {
        return new OperationSpec(Duration.ofSeconds(afterSeconds), new Choice.Known<>(OperationSpec.Kind.ADD_PARTITIONS,
                OperationSpec.Kind.ADD_PARTITIONS.label()), null, null, null, null, null, null, null, partitions, null, null, null,
                Duration.ofSeconds(30));
    }

    private static OperationSpec op(int afterSeconds, OperationSpec.Kind kind, Double throttle, Map<String, String> configs,
                                    String scope) {
        return new OperationSpec(Duration.ofSeconds(afterSeconds), new Choice.Known<>(kind, kind.label()), null, null, null, null, null,
                throttle, null, null, scope, configs, null, Duration.ofSeconds(30));
    }

    private List<Ran> run(List<OperationSpec> ops, ChangeLog changes) throws InterruptedException {
        OperationRunner r = new OperationRunner(ops, control, cluster, Optional.empty(), changes, List.of("t"),
                Map.of("t", List.of("g0", "g1")));
        r.start(clock.nanoTime());
        while (console.stream().filter(l -> l.contains(" done after ") || l.contains("REFUSED") || l.contains("timed-out after")).count()
                < ops.size()) {
            Thread.sleep(5);
        }
        return r.stop();
    }

    @Test
    void aThrottledReassignmentIsJournaledFirstThenDoneWhenTheClusterSaysAndItsThrottleRemoved() throws Exception {
        cluster.replicas.put("t", List.of(List.of(1), List.of(2)));
        ChangeLog changes = new ChangeLog(control, "operations");
        List<Ran> ran = run(List.of(op(10, OperationSpec.Kind.REASSIGN_PARTITIONS, 5.0, null, null)), changes);
        Ran r = ran.get(0);
        assertEquals(OperationStatus.DONE, r.status(), r.toString());
        assertEquals(10_000L, r.attempt().afterMillis());
        assertEquals(20_000_000L, r.attempt().elapsedMicros(), "on the periods' axis, from the load's start 10 s earlier");
        assertEquals(2, r.partitionsMoved());
        assertEquals(2L * 1_048_576, r.bytesMoved(), "each moved partition's bytes, once per replica it gains");
        // 4 polls while moving, half a second apart: done 2 s after the start.
        assertEquals(22_000_000L, r.doneElapsedMicros());
        int journaled = journal.indexOf(journal.stream().filter(l -> l.startsWith("journal") && l.contains("moving 2")).findFirst().orElseThrow());
        int moved = journal.indexOf(journal.stream().filter(l -> l.startsWith("reassign")).findFirst().orElseThrow());
        assertTrue(journaled < moved, "journaled before it is made: " + journal);
        assertTrue(journal.get(0).startsWith("journal op-1: leader.replication.throttled.rate (not set) -> 5242880, follower.replication.throttled.rate (not set) -> 5242880 at broker 1"), journal.toString());
        assertEquals(Map.of(), cluster.configs.get(ConfigScope.broker(1)), "the throttle is gone once the move is done");
        assertEquals(Map.of(), cluster.configs.get(ConfigScope.topic("t")));
        // The run's end moves the replicas back.
        Map<String, String> back = changes.putBackAll(cluster);
        assertEquals(1, back.size());
        assertEquals(List.of(List.of(1), List.of(2)), cluster.replicas.get("t"));
        assertTrue(console.stream().anyMatch(l -> l.startsWith("[measure   10.0s] OPERATION reassign-partitions: moving 2 partition(s)")),
                console.toString());
    }

    @Test
    void aRefusalIsOneLineAndTheNextOperationStillRuns() throws Exception {
        cluster.replicas.put("t", List.of(List.of(1)));
        cluster.refuseReassign = "not authorized to alter partition reassignments (ClusterAuthorizationException)";
        ChangeLog changes = new ChangeLog(control, "operations");
        List<Ran> ran = run(List.of(op(5, OperationSpec.Kind.REASSIGN_PARTITIONS, null, null, null),
                op(8, OperationSpec.Kind.ALTER_CONFIG, null, Map.of("retention.ms", "60000"), null)), changes);
        assertEquals(OperationStatus.REFUSED, ran.get(0).status());
        assertTrue(ran.get(0).outcome().contains("not authorized to alter partition reassignments"), ran.get(0).outcome());
        assertTrue(console.stream().anyMatch(l -> l.contains("reassign-partitions REFUSED by the cluster: not authorized")), console.toString());
        assertEquals(OperationStatus.DONE, ran.get(1).status());
        assertEquals(Map.of("retention.ms", "60000"), cluster.configs.get(ConfigScope.topic("t")));
        changes.putBackAll(cluster);
        assertEquals(Map.of(), cluster.configs.get(ConfigScope.topic("t")), "a config that was not set is removed again");
    }

    @Test
    void aConfigThatWasSetIsSetBackToItsValue() throws Exception {
        cluster.configs.put(ConfigScope.brokerDefault(), new java.util.HashMap<>(Map.of("num.io.threads", "8")));
        ChangeLog changes = new ChangeLog(control, "operations");
        List<Ran> ran = run(List.of(op(1, OperationSpec.Kind.ALTER_CONFIG, null, Map.of("num.io.threads", "2"), "cluster")), changes);
        assertEquals("every broker (cluster default)", ran.get(0).target());
        assertEquals(Map.of("num.io.threads", "2"), cluster.configs.get(ConfigScope.brokerDefault()));
        assertTrue(changes.anyLeft());
        changes.putBackAll(cluster);
        assertEquals(Map.of("num.io.threads", "8"), cluster.configs.get(ConfigScope.brokerDefault()));
        assertTrue(journal.contains("journal op-1 undone: restored num.io.threads=8 of every broker (cluster default)"), journal.toString());
    }

    @Test
    void aMoveNotDoneInItsTimeoutIsTimedOutAndTheRunGoesOn() throws Exception {
        cluster.replicas.put("t", List.of(List.of(1)));
        cluster.pollsWhileMoving = 1_000;
        ChangeLog changes = new ChangeLog(control, "operations");
        List<Ran> ran = run(List.of(op(1, OperationSpec.Kind.REASSIGN_PARTITIONS, null, null, null)), changes);
        assertEquals(OperationStatus.TIMED_OUT, ran.get(0).status());
        assertEquals(30_000, (ran.get(0).doneElapsedMicros() - ran.get(0).attempt().elapsedMicros()) / 1_000, 600);
    }

    @Test
    void addedPartitionsAreDoneAtOnceWithoutConsumersAndWatchedUntilWrittenToAndConsumedByEveryGroup() throws Exception {
        cluster.replicas.put("t", List.of(List.of(1), List.of(2)));
        cluster.refuseAddPartitions = false;
        ChangeLog changes = new ChangeLog(control, "operations");
        Ran r = run(List.of(grow(1, 4)), changes).get(0);
        assertEquals(OperationStatus.DONE, r.status(), r.toString());
        assertEquals(r.attempt().elapsedMicros(), r.doneElapsedMicros(), "no consumer to be assigned: done as soon as grown");
        // Polled every half second from the growth: the 3rd end-offset poll (1 s) sees partitions 2 and 3 written to; the
        // 5th committed-offset poll of each group (2 s) sees both groups' offsets there.
        assertEquals(1_000L, r.newPartitionsWrittenAfterMillis(), r.steps().toString());
        assertEquals(2_000L, r.newPartitionsConsumedAfterMillis(), r.steps().toString());
        assertTrue(r.steps().contains("every new partition written to 1.0 s after it was added"), r.steps().toString());
        OperationEntry e = OperationEntries.of(r, new ImpactWindows(0), GroupEpochs.NONE, -1, Map.of());
        assertEquals("Operation add-partitions of topic t: done in 0.0 s; new partitions written to after 1.0 s, consumed by every "
                + "group after 2.0 s; the added partitions stay (a topic cannot shrink)", OperationsText.line(e));
    }

    @Test
    void addedPartitionsThatNoProducerWritesToAreNotSeenWrittenAndTheNextOperationEndsTheWatch() throws Exception {
        cluster.replicas.put("t", List.of(List.of(1)));
        cluster.refuseAddPartitions = false;
        cluster.pollsUntilWritten = 0;
        cluster.pollsUntilConsumed = 0;
        List<Ran> ran = run(List.of(grow(1, 2), op(4, OperationSpec.Kind.ELECT_LEADERS, null, null, null)), new ChangeLog(control,
                "operations"));
        Ran r = ran.get(0);
        assertEquals(OperationStatus.DONE, r.status());
        assertEquals(null, r.newPartitionsWrittenAfterMillis());
        assertEquals(null, r.newPartitionsConsumedAfterMillis());
        assertTrue(r.steps().contains("the new partitions were not all written to when the watch ended (the next operation was due)"),
                r.steps().toString());
        assertEquals(4_000L, ran.get(1).attempt().afterMillis(), "the next operation starts when due");
    }

    @Test
    void aClusterThatDoesNotTellOffsetsLeavesThePickUpNotKnownAndSaysWhy() throws Exception {
        cluster.replicas.put("t", List.of(List.of(1)));
        cluster.refuseAddPartitions = false;
        cluster.tellsOffsets = false;
        Ran r = run(List.of(grow(1, 2)), new ChangeLog(control, "operations")).get(0);
        assertEquals(OperationStatus.DONE, r.status());
        assertEquals(null, r.newPartitionsWrittenAfterMillis());
        assertTrue(r.steps().contains("when the new partitions were first written to is not known: the cluster did not tell the end "
                + "offsets of topic t"), r.steps().toString());
        assertTrue(r.steps().contains("when the consumer groups consumed from the new partitions is not known: the cluster did not "
                + "tell the offsets consumer group g0 committed"), r.steps().toString());
    }
}
