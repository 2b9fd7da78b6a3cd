package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Consumer events under load on the shared local broker: a crash under the classic protocol stalls the
 * crashed member's partitions for about the session timeout (6 s here), and a join under the consumer
 * protocol pauses only the partitions that move.
 */
class ConsumerEventsTest {

    /** Fast heartbeats under the consumer protocol (the local cluster allows 500 ms). */
    static final String DRIVER = "groupConfig: |\n  consumer.heartbeat.interval.ms=500\n";

    @TempDir
    Path dir;

    /**
     * @param protocol the workload's subscription.groupProtocol, or null to leave the choice to the driver file
     * @param driverExtra more of the driver file, e.g. its consumerConfig
     */
    private JsonNode run(String name, String protocol, String driverExtra, String event, Cli.Outcome[] outcome) throws Exception {
        Path driver = Cli.driverFile(dir, "kafka.yaml", DRIVER + driverExtra);
        Path workload = Cli.write(dir, name + ".yaml", """
                name: %s
                topics: 1
                partitionsPerTopic: 4
                messageSize: 100
                keyDistributor: KEY_ROUND_ROBIN
                subscriptionsPerTopic: 1
                consumerPerSubscription: 2
                producerRate: 2000
                warmupDuration: 2s
                testDuration: 11s
                subscription:
                  %s
                  sessionTimeout: 6s
                consumerEvents:
                  - %s
                """.formatted(name, protocol == null ? "staticMembership: false" : "groupProtocol: " + protocol, event));
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out-" + name).toString(),
                "--fixed-warmup", "--progress-interval", "500ms", workload.toString());
        outcome[0] = run;
        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("completed", r.get("status").asText(), r.get("failureReason").asText());
        JsonNode integrity = r.get("integrity");
        assertEquals(0, integrity.get("lostMessages").asLong(), integrity.toString());
        assertEquals(0, integrity.get("duplicateMessages").asLong(), "re-reads after a rebalance are redeliveries: " + integrity);
        JsonNode event0 = r.get("consumerEvents").get(0);
        JsonNode group = r.get("consumerGroups").get(0);
        assertEquals(event0.get("subscription").asText(), group.get("group").asText(), "the event names its group: " + r);
        assertEquals(1, r.get("consumerGroups").size(), "one group: " + r.get("consumerGroups"));
        return event0;
    }

    @Test
    @Timeout(120)
    void aCrashUnderTheClassicProtocolStallsItsPartitionsForAboutTheSessionTimeoutAndTheReportShowsIt() throws Exception {
        Cli.Outcome[] outcome = new Cli.Outcome[1];
        JsonNode e = run("crash-classic", "classic", "", "{after: 3s, type: consumer-crash, count: 1}", outcome);
        System.out.println("ConsumerEventsTest crash classic: " + e);
        assertTrue(e.get("applied").asBoolean(), e.toString());
        long gap = e.get("longestUnconsumedMillis").asLong();
        assertTrue(gap >= 4_000 && gap <= 12_000, "about the 6 s session timeout: " + e);
        assertTrue(e.get("timeToStableMillis").asLong() >= 4_000, e.toString());
        assertTrue(e.get("partitionsPaused").asInt() >= 2, "the crashed member's 2 partitions: " + e);
        assertTrue(outcome[0].out().contains("Consumer event consumer-crash of 1 on "), outcome[0].out());
        JsonNode group = outcome[0].result().get("consumerGroups").get(0);
        assertEquals("classic", group.get("protocol").asText(), "the protocol the run used: " + group);
        assertEquals("workload", group.get("protocolSource").asText(), group.toString());
        assertTrue(outcome[0].out().contains(": protocol classic (workload), dynamic members; 1 member(s) at the end."),
                outcome[0].out());
        Path report = Cli.files(dir.resolve("out-crash-classic")).stream().filter(p -> p.toString().endsWith(".html")).findFirst()
                .orElseThrow();
        String html = Files.readString(report);
        assertTrue(html.contains("Consumer events") && html.contains("consumer-crash"), "the report has the event's table");
        assertTrue(html.contains("Consumer groups") && html.contains("classic (workload), dynamic members"),
                "the report names the protocol");
    }

    @Test
    @Timeout(90)
    void aJoinUnderTheConsumerProtocolLeavesThePartitionsThatDoNotMoveUnpaused() throws Exception {
        Cli.Outcome[] outcome = new Cli.Outcome[1];
        // The driver file chooses the protocol here, not the workload: the result says which one, and from where.
        JsonNode consumer = run("join-consumer", null, "consumerConfig: |\n  group.protocol=consumer\n",
                "{after: 3s, type: consumer-join, count: 1}", outcome);
        JsonNode group = outcome[0].result().get("consumerGroups").get(0);
        assertEquals("consumer", group.get("protocol").asText(), "the protocol the run used: " + group);
        assertEquals("driver file", group.get("protocolSource").asText(), group.toString());
        assertEquals(3, group.get("members").asInt(), "2 and the one that joined: " + group);
        System.out.println("ConsumerEventsTest join consumer: " + consumer);
        // 1 of 4 partitions moves to the new member; the others go on. (A classic eager join gives up every partition,
        // but on a local broker whose two members heartbeat in step the pause lasts 0.1-0.2 s, too short to tell from a
        // loaded machine's own pauses: the shipped sweep rebalance-protocols.yaml compares the two on 48 partitions.)
        double paused = consumer.get("partitionsPaused").asDouble() / consumer.get("partitions").asDouble();
        assertTrue(paused <= 0.5, "the consumer protocol pauses only the moved partitions: " + consumer);
        assertTrue(consumer.get("timeToStableMillis").isNumber(), "the new member got its partition: " + consumer);
    }
}
