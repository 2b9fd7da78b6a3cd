package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.journal.Journal;
import io.kbench.journal.JournalEntry;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operations on a cluster kbench did not start (the tests' shared broker): refused without the user's consent, and with
 * it, every config changed is back as it was after the run, and after {@code kill -9} of the coordinator followed by
 * {@code recover}; an operation the cluster refuses is reported and the run completes.
 */
class OperationsTest {

    private static final ConfigResource DEFAULT = new ConfigResource(ConfigResource.Type.BROKER, "");
    private static final ConfigResource BROKER_1 = new ConfigResource(ConfigResource.Type.BROKER, "1");
    /** Set at the cluster default before the runs, so that putting it back means setting it again. */
    private static final String SET_BEFORE = "message.max.bytes";
    /** Not set on broker 1 before the runs, so that putting it back means removing it. */
    private static final String NOT_SET_BEFORE = "log.cleaner.backoff.ms";

    @TempDir
    Path dir;

    private static String workload(String length) {
        return """
                name: ops
                topics: 1
                partitionsPerTopic: 2
                messageSize: 256
                producerRate: 500
                warmupDuration: 1s
                testDuration: %s
                operations:
                  - {after: 1s, type: alter-config, scope: cluster, configs: {message.max.bytes: "3000000"}}
                  - {after: 2s, type: alter-config, scope: broker, broker: 1, configs: {log.cleaner.backoff.ms: "30000"}}
                  - {after: 3s, type: add-partitions, topics: [kbench-no-such-topic], partitions: 3}
                  - {after: 4s, type: add-partitions, partitions: 3}
                """.formatted(length);
    }

    @Test
    @Timeout(180)
    void configsArePutBackAfterTheRunAndAfterTheCoordinatorIsKilled() throws Exception {
        try (Admin admin = SharedKafka.admin()) {
            alter(admin, DEFAULT, SET_BEFORE, "2000000");
            alter(admin, BROKER_1, NOT_SET_BEFORE, null);
            try {
                // Clients that see the added partition within half a second, and a group that commits as often.
                Path driver = Cli.driverFile(dir, "driver.yaml", "producerConfig: |\n  metadata.max.age.ms=500\n"
                        + "consumerConfig: |\n  metadata.max.age.ms=500\n  auto.commit.interval.ms=500\n");
                Path w = Cli.write(dir, "ops.yaml", workload("9s"));

                // Without consent: one line, before anything starts.
                Cli.Outcome refused = Cli.run("--drivers", driver.toString(), "--output-dir", dir.toString(), w.toString());
                assertEquals(2, refused.exitCode(), refused.all());
                assertTrue(refused.err().strip().lines().count() == 1 && refused.err().contains("would change the cluster")
                        && refused.err().contains("run with --allow-operations"), refused.err());
                assertEquals("2000000", setAt(admin, DEFAULT, SET_BEFORE));

                // With it: changed during the run, put back at its end; the refused operation is reported and the run completes.
                Cli.Outcome run = Cli.run("--allow-operations", "--drivers", driver.toString(), "--output-dir", dir.toString(),
                        "--no-report", "--progress-interval", "1s", "--sample-interval", "1s", w.toString());
                assertEquals(0, run.exitCode(), run.all());
                JsonNode r = run.result();
                assertEquals("completed", r.get("status").asText(), r.get("failureReason").asText());
                JsonNode entries = r.get("operations").get("entries");
                assertEquals("done", entries.get(0).get("status").asText(), entries.toString());
                assertEquals("message.max.bytes 2000000 -> 3000000 at every broker (cluster default)",
                        entries.get(0).get("steps").get(0).asText());
                assertEquals("done", entries.get(1).get("status").asText(), entries.toString());
                assertEquals("refused", entries.get(2).get("status").asText(), entries.toString());
                assertTrue(run.out().contains("add-partitions REFUSED by the cluster: "), run.out());
                // The run's topic grew from 2 to 3 partitions: written to and consumed from, as the admin interface saw.
                JsonNode grown = entries.get(3);
                assertEquals("done", grown.get("status").asText(), grown.toString());
                assertTrue(grown.get("newPartitionsWrittenAfterMillis").isIntegralNumber(), grown.toString());
                assertTrue(grown.get("newPartitionsConsumedAfterMillis").asLong() >= grown.get("newPartitionsWrittenAfterMillis").asLong(),
                        grown.toString());
                assertTrue(run.out().contains("new partitions written to after "), run.out());
                assertTrue(run.out().contains("0 send error(s) during it; 0 lost, 0 duplicated over the run"), run.out());
                assertTrue(grown.get("during").get("rebalances").isNull(), "a classic group's generation is not known: " + grown);
                System.out.println(grown);
                assertTrue(entries.get(0).get("putBack").asText().startsWith("restored message.max.bytes=2000000"), entries.toString());
                assertTrue(entries.get(0).get("during").get("periods").asInt() >= 1, entries.get(0).toString());
                assertTrue(r.get("operations").get("health").size() >= 3, "polled every second");
                assertEquals("2000000", setAt(admin, DEFAULT, SET_BEFORE), "set again to what it was");
                assertNull(setAt(admin, BROKER_1, NOT_SET_BEFORE), "removed again: it was not set");
                assertEquals(List.of(), Journal.in(dir), "nothing left to put back: the journal goes");

                // A coordinator killed after both changes leaves them to recover.
                Path out = dir.resolve("killed");
                List<String> console = runAndKill(driver, Cli.write(dir, "long.yaml", workload("60s")), out);
                assertEquals("3000000", setAt(admin, DEFAULT, SET_BEFORE), "changed when the coordinator died\n" + console);
                assertEquals("30000", setAt(admin, BROKER_1, NOT_SET_BEFORE));
                Journal j = Journal.read(Journal.in(out).get(0));
                assertEquals(2, j.openChanges().size(), j.entries(JournalEntry.Change.class).toString());

                Cli.Outcome recover = Cli.run("recover", "--drivers", driver.toString(), out.toString());
                assertEquals(0, recover.exitCode(), recover.all());
                assertTrue(recover.out().contains("did not put 2 change(s) back"), recover.out());
                assertTrue(recover.out().contains("restored message.max.bytes=2000000 of every broker (cluster default)"), recover.out());
                assertEquals("2000000", setAt(admin, DEFAULT, SET_BEFORE));
                assertNull(setAt(admin, BROKER_1, NOT_SET_BEFORE));
                assertEquals(List.of(), Journal.in(out), "recovered: the journal is set aside");
                admin.deleteTopics(j.leftTopics()).all().get(30, TimeUnit.SECONDS);
                System.out.println("recover:\n" + recover.out());
            } finally {
                alter(admin, DEFAULT, SET_BEFORE, null);
                alter(admin, BROKER_1, NOT_SET_BEFORE, null);
            }
        }
    }

    @Test
    @Timeout(60)
    void whatOnlyTheClusterKnowsIsCheckedBeforeTheLoadStarts() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "");
        String base = "name: bad\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\nproducerRate: 100\ntestDuration: 10s\n";

        Cli.Outcome restart = Cli.run("--allow-operations", "--drivers", driver.toString(), "--output-dir", dir.toString(),
                Cli.write(dir, "restart.yaml", base + "operations:\n  - {after: 1s, type: rolling-restart}\n").toString());
        assertEquals(2, restart.exitCode(), restart.all());
        assertTrue(restart.err().contains("operations rolling-restart at 1s start or stop brokers, which kbench can do only on a "
                + "cluster it starts"), restart.err());

        Cli.Outcome broker = Cli.run("--allow-operations", "--drivers", driver.toString(), "--output-dir", dir.toString(),
                Cli.write(dir, "broker.yaml", base + "operations:\n  - {after: 1s, type: alter-config, scope: broker, broker: 9, "
                        + "configs: {log.cleaner.backoff.ms: \"20000\"}}\n").toString());
        assertEquals(1, broker.exitCode(), "as every problem the cluster's own answers show: " + broker.all());
        assertTrue(broker.err().contains("names broker 9, which the cluster does not have: its brokers are [1]"), broker.all());
        assertEquals(1, broker.err().strip().lines().count(), broker.err());
        assertFalse(broker.out().contains("Creating"), "refused before anything was created:\n" + broker.out());
    }

    /** Runs the coordinator as its own process and kills it with SIGKILL once both configs were changed. */
    private List<String> runAndKill(Path driver, Path workload, Path out) throws Exception {
        List<String> command = ToolJvm.command(ToolJvm.COORDINATOR);
        command.addAll(List.of("--allow-operations", "--drivers", driver.toString(), "--output-dir", out.toString(), "--no-report",
                "--progress-interval", "1s", workload.toString()));
        Process process = ToolJvm.start(new ProcessBuilder(command).redirectErrorStream(true));
        List<String> lines = new ArrayList<>();
        boolean killed = false;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                lines.add(line);
                if (!killed && line.contains("OPERATION add-partitions")) { // the third starts once the second is done
                    new ProcessBuilder("kill", "-9", Long.toString(process.pid())).start().waitFor();
                    killed = true;
                }
            }
        } finally {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
        assertTrue(killed, "the operations never ran:\n" + String.join("\n", lines));
        assertEquals(137, process.exitValue(), "killed by SIGKILL");
        return lines;
    }

    /** The value set at this resource itself, or null. */
    private static String setAt(Admin admin, ConfigResource r, String name) throws Exception {
        ConfigEntry.ConfigSource own = r.name().isEmpty() ? ConfigEntry.ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG
                : ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG;
        return admin.describeConfigs(List.of(r)).all().get(30, TimeUnit.SECONDS).get(r).entries().stream()
                .filter(e -> e.name().equals(name) && e.source() == own).map(ConfigEntry::value).findFirst().orElse(null);
    }

    private static void alter(Admin admin, ConfigResource r, String name, String value) throws Exception {
        AlterConfigOp op = value == null ? new AlterConfigOp(new ConfigEntry(name, ""), AlterConfigOp.OpType.DELETE)
                : new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET);
        admin.incrementalAlterConfigs(Map.of(r, List.of(op))).all().get(30, TimeUnit.SECONDS);
        Thread.sleep(200); // the brokers apply it a moment later
    }
}
