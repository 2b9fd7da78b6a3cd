package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** bin/benchmark sweep against a real broker: every combination runs, the table agrees with the files, a rerun resumes. */
@Timeout(120)
class SweepTest {

    @TempDir
    Path dir;

    @Test
    void sweepWritesATableThatAgreesWithItsRunsAndResumes() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "producerConfig: |\n  acks=1\n  linger.ms=1\n");
        Cli.write(dir, "sizes.yaml", """
                topics: 1
                partitionsPerTopic: 1
                messageSize: 100
                producersPerTopic: 1
                subscriptionsPerTopic: 1
                producerRate: -1
                messageCount: 3000
                """);
        Path sweep = Cli.write(dir, "sweep.yaml", """
                name: sizes
                workload: sizes.yaml
                repeat: 2
                parameters:
                  messageSize: [10, 100, 1000]
                  producer.batch.size: [8196]
                """);
        Path out = dir.resolve("out");
        String[] args = {"sweep", "--drivers", driver.toString(), "--output-dir", out.toString(), "--progress-interval", "1s",
            sweep.toString()};

        Cli.Outcome first = Cli.run(args);
        assertEquals(0, first.exitCode(), first.all());
        assertTrue(first.out().contains("Run 1 of 6: messageSize=10, producer.batch.size=8196, repeat 1/2"), first.out());
        assertTrue(first.out().contains("Run 6 of 6: messageSize=1000, producer.batch.size=8196, repeat 2/2"), first.out());

        Path sweepDir = out.resolve("sizes");
        List<String> csv = Files.readAllLines(sweepDir.resolve("table.csv"));
        assertEquals(4, csv.size(), "header and 3 rows:\n" + String.join("\n", csv));
        List<String> header = Arrays.asList(csv.get(0).split(",", -1));
        int n = header.indexOf("n");
        int rate = header.indexOf("publish_msg_per_s_mean");
        int p99 = header.indexOf("publish_latency_p99_ms_mean");
        int e2e = header.indexOf("end_to_end_latency_p99_ms_mean");
        int results = header.indexOf("results");
        ObjectMapper json = new ObjectMapper();
        String[] sizes = {"10", "100", "1000"};
        for (int row = 0; row < 3; row++) {
            String[] cells = csv.get(row + 1).split(",", -1);
            assertEquals(sizes[row], cells[0]);
            assertEquals("8196", cells[1]);
            assertEquals("2", cells[n]);
            String[] files = cells[results].split(" ");
            assertEquals(2, files.length, cells[results]);
            double rateSum = 0;
            double p99Sum = 0;
            double e2eSum = 0;
            for (String f : files) {
                JsonNode r = json.readTree(sweepDir.resolve(f).toFile());
                assertEquals("completed", r.get("status").asText());
                assertEquals(Integer.parseInt(sizes[row]), r.get("workloadConfig").get("messageSize").asInt());
                assertTrue(r.get("driverInfo").get("config").get("producerConfig").asText().contains("batch.size=8196"));
                JsonNode m = r.get("measurement");
                assertEquals(3000, m.get("counts").get("messagesAcked").asLong());
                rateSum += m.get("publishRate").asDouble();
                p99Sum += m.get("publishLatency").get("p99Micros").asDouble() / 1000;
                e2eSum += m.get("endToEndLatency").get("p99Micros").asDouble() / 1000;
            }
            assertEquals(rateSum / 2, Double.parseDouble(cells[rate]), 1e-3, "mean msg/s of row " + row);
            assertEquals(p99Sum / 2, Double.parseDouble(cells[p99]), 1e-3, "mean p99 of row " + row);
            assertEquals(e2eSum / 2, Double.parseDouble(cells[e2e]), 1e-3, "mean end-to-end p99 of row " + row);
        }
        String md = Files.readString(sweepDir.resolve("table.md"));
        assertEquals(5, md.lines().count(), md);
        assertTrue(first.out().contains(md.lines().findFirst().orElseThrow()), "the table is printed at the end");
        List<Path> runs = Cli.files(sweepDir.resolve("runs"));
        assertEquals(6, runs.stream().filter(f -> f.toString().endsWith(".json")).count(), runs.toString());
        assertEquals(6, runs.stream().filter(f -> f.toString().endsWith(".log")).count(), "each run's log next to its result: " + runs);

        // The same command again: everything is done, nothing runs.
        Cli.Outcome again = Cli.run(args);
        assertEquals(0, again.exitCode(), again.all());
        assertTrue(again.out().contains("Resuming: 6 of 6 runs already completed, 0 to run"), again.out());
        assertFalse(again.out().contains("Run 1 of"), again.out());
        assertFalse(again.out().contains("Result written to"), again.out());
        assertEquals(runs.size(), Cli.files(sweepDir.resolve("runs")).size());
        assertEquals(csv, Files.readAllLines(sweepDir.resolve("table.csv")));

        // A run that did not complete runs again; its earlier result is kept aside.
        Path second = sweepDir.resolve("runs/messageSize-100_producer.batch.size-8196-r2.json");
        Files.writeString(second, Files.readString(second).replaceFirst("\"status\" : \"completed\"", "\"status\" : \"interrupted\""));
        Cli.Outcome resumed = Cli.run(args);
        assertEquals(0, resumed.exitCode(), resumed.all());
        assertTrue(resumed.out().contains("Resuming: 5 of 6 runs already completed, 1 to run"), resumed.out());
        assertTrue(resumed.out().contains("Run 1 of 1: messageSize=100, producer.batch.size=8196, repeat 2/2"), resumed.out());
        assertEquals("completed", json.readTree(second.toFile()).get("status").asText());
        assertTrue(Files.exists(sweepDir.resolve("runs/messageSize-100_producer.batch.size-8196-r2.interrupted.json")));
        assertTrue(Files.exists(sweepDir.resolve("runs/messageSize-100_producer.batch.size-8196-r2.interrupted.log")), "its log too");
        assertTrue(Files.exists(sweepDir.resolve("runs/messageSize-100_producer.batch.size-8196-r2.log")), "and the new run's");
        List<String> after = Files.readAllLines(sweepDir.resolve("table.csv"));
        assertEquals(csv.get(1), after.get(1), "finished rows are kept");
        assertEquals("2", after.get(2).split(",", -1)[n]);
    }
}
