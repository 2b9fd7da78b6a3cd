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
 * Operations on three brokers kbench starts, under load at acks=all (idempotent producers), in one run: a throttled
 * reassignment onto one broker takes at least its bytes over the throttle, removes the throttle when done, and the run's end moves the
 * replicas back; then a rolling restart loses and duplicates nothing and records each broker's restart. The run is long
 * enough for three restarts on a busy machine: idle, the operations end about 50 s in; in a build with the container
 * tests beside it, each broker's controlled shutdown took 15 to 25 s instead of 3 to 9, and 65 s cut the third one off.
 */
class OperationsOnLocalBrokersTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(240)
    void aThrottledReassignmentThenARollingRestart() throws Exception {
        Path w = Cli.write(dir, "ops.yaml", """
                name: ops-local
                topics: 1
                partitionsPerTopic: 6
                messageSize: 1024
                producerRate: 1000
                warmupDuration: 2s
                testDuration: 100s
                operations:
                  - {after: 5s, type: reassign-partitions, brokers: [3], throttleMBPerSecond: 1}
                  - {after: 6s, type: rolling-restart}
                """);
        Cli.Outcome run = Cli.run("--drivers", inMemory(Cli.HOME.resolve("driver-kafka/kafka-local-3-rf2.yaml")).toString(), "--output-dir",
                dir.toString(), "--no-report", "--progress-interval", "2s", "--sample-interval", "1s", w.toString());
        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("completed", r.get("status").asText(), r.get("failureReason").asText());
        JsonNode integrity = r.get("integrity");
        assertEquals(0, integrity.get("lostMessages").asLong(), integrity.toString());
        assertEquals(0, integrity.get("duplicateMessages").asLong(), integrity.toString());

        JsonNode restart = r.get("operations").get("entries").get(1);
        assertEquals("done", restart.get("status").asText(), restart.toString());
        assertEquals(3, restart.get("steps").size(), restart.toString());
        for (int b = 1; b <= 3; b++) {
            assertTrue(restart.get("steps").get(b - 1).asText().startsWith("broker " + b + ": restarted broker " + b), restart.toString());
        }
        assertTrue(restart.get("before").get("periods").asInt() >= 1 && restart.get("during").get("publishP99Micros").asLong() > 0,
                restart.toString());

        JsonNode move = r.get("operations").get("entries").get(0);
        assertEquals("done", move.get("status").asText(), move.toString());
        assertEquals(2, move.get("partitionsMoved").asInt(), "the 2 of 6 partitions (RF 2 on 3 brokers) without a replica on broker 3");
        long bytes = move.get("bytesMoved").asLong();
        assertTrue(bytes > 1_048_576, "the topic held bytes to move: " + move);
        // Every new replica is on broker 3, whose follower throttle (Kafka's throttle is per broker) bounds the copy. The
        // throttle is a quota over windows of a second: allow it a fifth over the rate.
        double floorMillis = bytes / 1_048_576.0 / 1.2 * 1_000;
        assertTrue(move.get("durationMillis").asLong() >= floorMillis, "a move of " + bytes + " bytes at 1 MB/s took "
                + move.get("durationMillis") + " ms");
        String steps = move.get("steps").toString();
        assertTrue(steps.contains("restored leader.replication.throttled.rate (not set), follower.replication.throttled.rate (not set) of broker 1"),
                "the throttle is removed once the move is done: " + steps);
        assertTrue(r.get("operations").get("maxUnderReplicated").asInt() > 0, "the restarts left partitions under-replicated for a while");
        assertTrue(move.get("before").get("periods").asInt() >= 3 && move.get("during").get("periods").asInt() >= 3, move.toString());
        assertTrue(r.get("operations").get("putBack").toString().contains("the replicas are back where they were before the run"),
                r.get("operations").get("putBack").toString());
        System.out.println(run.out().lines().filter(l -> l.contains("OPERATION") || l.startsWith("Operation") || l.startsWith("Put back")
                || l.startsWith("Partitions during")).reduce((a, b) -> a + "\n" + b).orElse(""));
    }

    /**
     * The shipped driver file with the brokers' data in memory (/dev/shm) where there is one: a restart's controlled
     * shutdown flushes and closes the broker's logs, and the disk here is shared with the builds beside the tests.
     */
    private Path inMemory(Path shipped) throws Exception {
        Path shm = Path.of("/dev/shm");
        if (!Files.isDirectory(shm) || !Files.isWritable(shm)) {
            return shipped;
        }
        String text = Files.readString(shipped);
        String section = "localCluster:\n  brokers: 3\n";
        assertTrue(text.contains(section), shipped + " has a localCluster section of 3 brokers");
        return Cli.write(dir, "kafka-local-3-rf2-shm.yaml", text.replace(section, section + "  dataDir: " + shm + "\n"));
    }
}
