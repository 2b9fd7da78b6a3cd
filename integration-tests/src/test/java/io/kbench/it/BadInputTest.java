package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input gets one clear line naming the file, the field and what is allowed: never a stack
 * trace, never a hang. Problems found before the run exit 2 and write nothing; problems found by
 * the cluster exit 1 and write the result marked failed (an unreachable bootstrap address: BrokerKillConsoleTest).
 */
@Timeout(90)
class BadInputTest {

    @TempDir
    Path dir;

    private static final String GOOD_WORKLOAD = """
            name: small
            topics: 1
            partitionsPerTopic: 2
            messageSize: 100
            producerRate: 100
            testDuration: 2s
            warmupDuration: 0s
            """;

    @Test
    void missingWorkloadFileIsNamed() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), dir.resolve("nope.yaml").toString());
        assertBadInput(run, "nope.yaml: file not found (looked at " + dir.resolve("nope.yaml"));
    }

    @Test
    void unreadableWorkloadIsNamed() throws Exception {
        // A directory where a file is expected: the unreadable case a root-run CI can produce.
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Path notAFile = Files.createDirectories(dir.resolve("workload.yaml"));
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), notAFile.toString());
        assertBadInput(run, "workload.yaml: is a directory, expected a file");
    }

    @Test
    void missingDriverFileIsNamed() throws Exception {
        Path workload = Cli.write(dir, "w.yaml", GOOD_WORKLOAD);
        Cli.Outcome run = Cli.run("--drivers", dir.resolve("missing-driver.yaml").toString(), workload.toString());
        assertBadInput(run, "missing-driver.yaml: file not found");
    }

    @Test
    void malformedYamlNamesTheLine() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Path workload = Cli.write(dir, "bad.yaml", "name: x\ntopics: 1\n  partitionsPerTopic: 2\n");
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), workload.toString());
        assertBadInput(run, "bad.yaml:3: malformed YAML");
    }

    @Test
    void unknownFieldSuggestsTheNearestName() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Path workload = Cli.write(dir, "typo.yaml", GOOD_WORKLOAD.replace("partitionsPerTopic", "partitionPerTopic"));
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), workload.toString());
        assertBadInput(run, "typo.yaml:3: unknown field 'partitionPerTopic'; did you mean 'partitionsPerTopic'?");
    }

    @Test
    void unknownDriverFieldSuggestsTheNearestName() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "producerConfg: |\n  acks=1\n");
        Path workload = Cli.write(dir, "w.yaml", GOOD_WORKLOAD);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), workload.toString());
        assertBadInput(run, "driver.yaml:6: unknown field 'producerConfg'; did you mean 'producerConfig'?");
    }

    @Test
    void impossibleValuesAreAllReported() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        Cli.write(dir, "payload.bin", "0123456789");
        Path workload = Cli.write(dir, "impossible.yaml", """
                name: impossible
                topics: -1
                partitionsPerTopic: 2
                messageSize: 100
                payloadFile: payload.bin
                producersPerTopic: 0
                subscriptionsPerTopic: 1
                producerRate: 100
                testDuration: 2s
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), workload.toString());
        assertBadInput(run, "line 2: topics must be at least 1, got -1");
        assertTrue(run.err().contains("payloadFile payload.bin is 10 bytes but messageSize is 100"), run.err());
        assertTrue(run.err().contains("producerRate is set but the workload has no producers"), run.err());
    }

    @Test
    void refusedTopicCreationShowsTheBrokersReasonAndCleansUp() throws Exception {
        Path driver = Cli.write(dir, "rf3.yaml", "name: Kafka\ndriverClass: io.kbench.kafka.KafkaBenchmarkDriver\n"
                + "replicationFactor: 3\ncommonConfig: |\n  bootstrap.servers=" + SharedKafka.bootstrap() + "\n");
        Path workload = Cli.write(dir, "w.yaml", GOOD_WORKLOAD);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.toString(), workload.toString());

        assertEquals(1, run.exitCode(), run.all());
        assertTrue(run.out().contains("Kafka refused CreateTopics request 1 of 1 (topic kbench-"), run.out());
        assertTrue(run.out().contains("replication factor of 3 cannot be reached"), run.out()); // the broker's own words
        JsonNode r = run.result();
        assertEquals("failed", r.get("status").asText());
        assertTrue(r.get("failureReason").asText().contains("replication factor"));
        assertEquals(0, r.get("topicNames").size(), "nothing was created, so nothing to delete");
        String runId = r.get("runId").asText();
        assertFalse(SharedKafka.topics().stream().anyMatch(t -> t.contains(runId)), "no topic of run " + runId + " is left");
        assertNoStackTrace(run);
    }

    @Test
    void durationOptionWithoutUnitIsRejected() throws Exception {
        Path workload = Cli.write(dir, "w.yaml", GOOD_WORKLOAD);
        Cli.Outcome run = Cli.run("--duration", "30", workload.toString());
        assertEquals(2, run.exitCode(), run.all());
        assertTrue(run.err().contains("--duration"), run.err());
        assertNoStackTrace(run);
    }

    private static void assertBadInput(Cli.Outcome run, String expected) {
        assertEquals(2, run.exitCode(), run.all());
        assertTrue(run.err().contains(expected), "expected <" + expected + "> in:\n" + run.err());
        assertNull(run.resultFile(), "bad input must not write a result");
        assertNoStackTrace(run);
    }

    static void assertNoStackTrace(Cli.Outcome run) {
        assertFalse(run.all().contains("\tat "), "stack trace printed:\n" + run.all());
        assertFalse(run.all().contains("Exception in thread"), run.all());
    }
}
