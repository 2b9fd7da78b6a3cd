package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.ConfigException;
import io.kbench.config.PlaceholderResolver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workload's operations: bound strictly, checked before anything runs, one line per mistake naming the field. */
class OperationsInWorkloadTest {

    @TempDir
    Path dir;

    private static final String BASE = "messageSize: 100\nproducerRate: 100\npartitionsPerTopic: 6\ntestDuration: 60s\n";

    private LoadedWorkload load(String yaml) throws IOException {
        Path f = Files.writeString(dir.resolve("w.yaml"), yaml);
        return new WorkloadLoader(new PlaceholderResolver()).load(f, WorkloadOverrides.NONE);
    }

    private String problem(String yaml) {
        return assertThrows(ConfigException.class, () -> load(BASE + yaml)).problem();
    }

    @Test
    void everyKindBindsWithItsFields() throws IOException {
        LoadedWorkload w = load(BASE + """
                operations:
                  - {after: 5s, type: rolling-restart, brokers: [3, 1, 2], pause: 2s}
                  - {after: 10s, type: reassign-partitions, from: [1], throttleMBPerSecond: 5, keep: true, timeout: 2m}
                  - {after: 15s, type: add-broker, share: 0.33}
                  - {after: 20s, type: remove-broker, broker: 4}
                  - {after: 25s, type: add-partitions, partitions: 12}
                  - {after: 30s, type: alter-config, scope: cluster, configs: {num.io.threads: "4"}}
                  - {after: 35s, type: elect-leaders}
                """);
        List<OperationSpec> ops = w.workload().operations();
        assertEquals(7, ops.size());
        assertEquals(OperationSpec.Kind.ROLLING_RESTART, ops.get(0).kind());
        assertEquals(List.of(3, 1, 2), ops.get(0).brokers());
        assertEquals(Duration.ofSeconds(2), ops.get(0).pauseOrDefault());
        assertEquals(List.of(1), ops.get(1).from());
        assertEquals(5.0, ops.get(1).throttleMBPerSecond());
        assertTrue(ops.get(1).keepOrDefault());
        assertEquals(Duration.ofMinutes(2), ops.get(1).timeoutOrDefault());
        assertEquals(OperationSpec.DEFAULT_TIMEOUT, ops.get(2).timeoutOrDefault());
        assertEquals(Map.of("num.io.threads", "4"), ops.get(5).configs());
        assertEquals(ops, w.workload().operations(), "and the run spec carries them as they are");
        assertEquals(ops, io.kbench.workload.spec.RunSpecs.of(w.workload()).events().operations());
    }

    @Test
    void anUnknownTypeNamesTheNearestAndEveryAllowedOne() {
        assertTrue(problem("operations:\n  - {after: 5s, type: rolling-restar}\n").contains("operations[0].type 'rolling-restar' is "
                + "unknown; did you mean 'rolling-restart'? Allowed: rolling-restart, reassign-partitions, add-broker, remove-broker, "
                + "add-partitions, alter-config, elect-leaders"));
    }

    @Test
    void anUnknownFieldIsRefusedByTheBinder() {
        String p = problem("operations:\n  - {after: 5s, type: elect-leaders, brokr: 1}\n");
        assertTrue(p.contains("brokr"), p);
    }

    @Test
    void aFieldAnotherKindTakesIsNamedWithWhatThisKindTakes() {
        assertTrue(problem("operations:\n  - {after: 5s, type: elect-leaders, partitions: 3}\n")
                .contains("operations[0]: elect-leaders takes no partitions (it takes topics, after and timeout)"));
    }

    @Test
    void aThrottleUnderOneMegabyteASecondIsRefused() {
        assertTrue(problem("operations:\n  - {after: 5s, type: reassign-partitions, throttleMBPerSecond: 0.5}\n")
                .contains("operations[0].throttleMBPerSecond 0.5 is under 1 MB/s"));
    }

    @Test
    void twoOperationsAtOnceAreRefused() {
        assertTrue(problem("operations:\n  - {after: 5s, type: elect-leaders}\n  - {after: 5s, type: reassign-partitions}\n")
                .contains("operations[1] and operations[0] both start at 5s: operations run one after another"));
    }

    @Test
    void anOperationAfterTheMeasurementIsRefused() {
        assertTrue(problem("operations:\n  - {after: 60s, type: elect-leaders}\n")
                .contains("operations[0].after 1m is not within the measurement (testDuration 1m)"));
    }

    @Test
    void partitionsToAddMustBeMoreThanTheTopicHas() {
        assertTrue(problem("operations:\n  - {after: 5s, type: add-partitions, partitions: 6}\n")
                .contains("operations[0].partitions 6 is not more than the 6 the run's topics have (partitionsPerTopic)"));
    }

    @Test
    void aConfigChangeNeedsConfigsAndABrokerForBrokerScope() {
        assertTrue(problem("operations:\n  - {after: 5s, type: alter-config}\n").contains("operations[0].configs is missing"));
        assertTrue(problem("operations:\n  - {after: 5s, type: alter-config, scope: broker, configs: {a: b}}\n")
                .contains("operations[0].broker is missing: scope broker changes one broker's config"));
        assertTrue(problem("operations:\n  - {after: 5s, type: alter-config, scope: zone, configs: {a: b}}\n")
                .contains("operations[0].scope 'zone' is unknown; allowed: topic, broker, cluster"));
    }

    @Test
    void operationsNeedATimedRun() {
        String p = assertThrows(ConfigException.class, () -> load("messageSize: 100\nproducerRate: 100\nmessageCount: 1000\n"
                + "operations:\n  - {after: 5s, type: elect-leaders}\n")).problem();
        assertTrue(p.contains("operations happen at times during the measurement, so they need a timed run"), p);
    }
}
