package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Faults declared in the workload, applied by the run to the local cluster it started, and what the run makes of them. */
class FaultInjectionTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void aBrokerKilledAndRestartedUnderAcksAllLosesAndDuplicatesNothingAndTheSpikeShows() throws Exception {
        // The 3-broker preset (RF 3, min.insync.replicas=2, acks=all, idempotent), fencing a dead broker after 4 s.
        Path driver = Cli.write(dir, "three.yaml", """
                name: Kafka (3 local brokers)
                driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                replicationFactor: 3
                topicConfig: |
                  min.insync.replicas=2
                localCluster:
                  brokers: 3
                  brokerConfig:
                    broker.session.timeout.ms: 4000
                    broker.heartbeat.interval.ms: 1000
                producerConfig: |
                  acks=all
                  enable.idempotence=true
                  linger.ms=1
                """);
        Path workload = Cli.write(dir, "kill.yaml", """
                name: kill-restart
                topics: 1
                partitionsPerTopic: 6
                messageSize: 512
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 2000
                warmupDuration: 5s
                testDuration: 24s
                faults:
                  - {after: 5s, type: broker-kill}
                  - {after: 12s, type: broker-restart}
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(),
                "--progress-interval", "1s", "--sample-interval", "1s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("completed", r.get("status").asText(), r.get("failureReason").asText());
        GoldenFiles.assertHasEveryFieldOf("faults", r);
        JsonNode faults = r.get("faults");
        assertEquals(2, faults.size());
        assertTrue(faults.get(0).get("applied").asBoolean(), faults.toString());
        assertTrue(faults.get(0).get("outcome").asText().startsWith("killed broker "), faults.toString());
        assertTrue(faults.get(1).get("applied").asBoolean(), faults.toString());
        assertEquals(5_000, faults.get(0).get("plannedAfterMillis").asLong());
        assertTrue(Math.abs(faults.get(0).get("appliedAfterMillis").asLong() - 5_000) < 1_500, faults.toString());

        JsonNode integrity = r.get("integrity");
        assertEquals(0, integrity.get("lostMessages").asLong(), integrity.toString());
        assertEquals(0, integrity.get("duplicateMessages").asLong(), integrity.toString());
        assertEquals(0, integrity.get("outOfOrderMessages").asLong(), integrity.toString());
        assertTrue(integrity.get("checkedMessages").asLong() >= r.get("delivery").get("ackedMessages").asLong(), integrity.toString());
        assertEquals(0, r.get("delivery").get("failedMessages").asLong(), r.get("delivery").toString());
        assertTrue(run.out().contains("Integrity OK:"), run.out());

        // The spike: publish p99 of the measured periods after the kill far above those before it.
        long killedAtMicros = faults.get(0).get("appliedElapsedMicros").asLong();
        List<Long> before = new ArrayList<>();
        long worstAfter = 0;
        for (JsonNode p : r.get("periods")) {
            if (!"MEASURE".equals(p.get("phase").asText())) {
                continue;
            }
            long p99 = p.get("publishLatency").get("p99Micros").asLong();
            if (p.get("elapsedMicros").asLong() <= killedAtMicros) {
                before.add(p99);
            } else {
                worstAfter = Math.max(worstAfter, p99);
            }
        }
        long typicalBefore = before.stream().sorted().toList().get(before.size() / 2);
        // The brokers fence a dead one after 4 s: until then, acknowledgements for its partitions wait.
        assertTrue(worstAfter >= 2_000_000 && worstAfter > 2 * typicalBefore,
                "p99 " + typicalBefore + " µs before the kill, at worst " + worstAfter + " µs after");
        assertFalse(r.get("clientBound").asBoolean());
    }

    @Test
    @Timeout(180)
    void aNetworkFreezeShowsInPublishLatencyAndIsNotClientBound() throws Exception {
        Path driver = Cli.write(dir, "one.yaml", """
                name: Kafka (1 local broker)
                driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                localCluster:
                  brokers: 1
                """);
        Path workload = Cli.write(dir, "freeze.yaml", """
                name: freeze
                topics: 1
                partitionsPerTopic: 4
                messageSize: 512
                subscriptionsPerTopic: 1
                producerRate: 2000
                warmupDuration: 1s
                testDuration: 10s
                faults:
                  - {after: 4s, type: network-freeze, duration: 2s}
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(),
                "--progress-interval", "1s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertTrue(r.get("cluster").asText().contains("fault prox"), "the proxy was put in front by itself: " + r.get("cluster"));
        assertTrue(r.get("faults").get(0).get("applied").asBoolean(), r.get("faults").toString());
        long maxMicros = r.get("measurement").get("publishLatency").get("maxMicros").asLong();
        // The first message after the freeze began waits out the rest of it: 2 s less the moments between the
        // freeze and that message's intended send time (a CI run: 1.999871 s). 50 ms of slack is 100 messages at this rate.
        assertTrue(maxMicros >= 1_950_000, "publish latency max " + maxMicros + " µs covers the 2 s freeze");
        assertFalse(r.get("clientBound").asBoolean());
        assertFalse("client-bound".equals(r.get("diagnosis").get("verdict").asText()), r.get("diagnosis").toString());
        assertTrue(run.out().contains("FAULT network-freeze: froze"), run.out());
    }

    @Test
    @Timeout(240)
    void withRemoteWorkersTheCoordinatorAppliesTheFaultsToTheClusterItOwns() throws Exception {
        Path driver = Cli.write(dir, "one.yaml", """
                name: Kafka (1 local broker)
                driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                localCluster:
                  brokers: 1
                """);
        Path workload = Cli.write(dir, "pause.yaml", """
                name: pause-remote
                topics: 1
                partitionsPerTopic: 2
                messageSize: 256
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 1000
                warmupDuration: 1s
                testDuration: 8s
                faults:
                  - {after: 3s, type: broker-pause, duration: 2s}
                """);
        Path token = Cli.write(dir, "token", WorkerProcesses.TOKEN + "\n");
        try (WorkerProcesses workers = WorkerProcesses.start(2)) {
            Cli.Outcome run = Cli.run("--workers", workers.urls(), "--worker-token-file", token.toString(), "--drivers",
                    driver.toString(), "--output-dir", dir.resolve("out").toString(), "--progress-interval", "1s", workload.toString());

            assertEquals(0, run.exitCode(), run.all());
            JsonNode r = run.result();
            GoldenFiles.assertHasEveryFieldOf("distributed", r);
            JsonNode fault = r.get("faults").get(0);
            assertTrue(fault.get("applied").asBoolean(), fault.toString());
            assertTrue(fault.get("outcome").asText().startsWith("paused broker 0 "), fault.toString());
            assertTrue(r.get("measurement").get("publishLatency").get("maxMicros").asLong() >= 1_500_000,
                    "the workers' messages waited for the paused broker: " + r.get("measurement").get("publishLatency"));
            assertEquals(2, r.get("measurement").get("workers").size());
            assertEquals(0, r.get("integrity").get("lostMessages").asLong());
        }
    }

    @Test
    void faultsAgainstAClusterTheRunDoesNotOwnAreRefusedBeforeAnythingRuns() throws Exception {
        Path workload = Cli.write(dir, "faulty.yaml", """
                name: faulty
                messageSize: 100
                producerRate: 100
                testDuration: 30s
                faults:
                  - {after: 5s, type: broker-kill}
                """);
        Cli.Outcome external = Cli.run("--drivers", Cli.driverFile(dir, "external.yaml", "").toString(), workload.toString());
        assertEquals(2, external.exitCode(), external.all());
        assertTrue(external.err().contains("faulty.yaml:5: faults cannot run on"), external.err());
        assertTrue(external.err().contains("use a driver file with a localCluster section"), external.err());

        Path outOfRange = Cli.write(dir, "range.yaml", """
                name: range
                messageSize: 100
                producerRate: 100
                testDuration: 30s
                faults:
                  - {after: 5s, type: broker-pause, broker: 3, duration: 1s}
                """);
        Cli.Outcome range = Cli.run("--drivers", Cli.HOME.resolve("driver-kafka/kafka-local-3.yaml").toString(), outOfRange.toString());
        assertEquals(2, range.exitCode(), range.all());
        assertTrue(range.err().contains("faults[0].broker 3 is out of range: the local cluster has 3 brokers (indexes 0 to 2)"),
                range.err());
        assertFalse(range.out().contains("Starting local Kafka"), "nothing was started");
    }

    @Test
    void theShippedFaultWorkloadsAreValidAgainstTheirPresets() throws Exception {
        for (String[] pair : new String[][] {{"broker-kill-acks-all.yaml", "kafka-local-3.yaml"}, {"network-freeze.yaml", "kafka-local.yaml"},
            {"network-delay.yaml", "kafka-local.yaml"}}) {
            Cli.Outcome help = Cli.run("--drivers", Cli.HOME.resolve("driver-kafka").resolve(pair[1]).toString(),
                    "--duration", "1s", Cli.HOME.resolve("workloads/faults").resolve(pair[0]).toString());
            // Shortened below its faults' times: refused before anything starts, naming the fault: the file itself is valid.
            assertEquals(2, help.exitCode(), help.all());
            assertTrue(help.err().contains("faults[0].after"), help.err());
        }
    }
}
