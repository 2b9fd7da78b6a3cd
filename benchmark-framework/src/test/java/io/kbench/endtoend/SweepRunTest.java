package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.agent.WorkerAgent;
import io.kbench.cli.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/benchmark sweep} on the one-clock harness: the command as a user types it, its runs on two agents over
 * HTTP, every run's warmup and window in run time. Six timed runs of 12 s pass in seconds; the table agrees with the
 * result files, and the same command again resumes. A sweep on a real broker is SweepFilesTest's (the acks study).
 */
@Timeout(120)
class SweepRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final OneClock one = new OneClock();

    @TempDir
    Path dir;

    @AfterEach
    void close() throws Exception {
        one.close();
    }

    @Test
    void aSweepOfTimedRunsOnTwoAgentsWritesATableThatAgreesWithItsRunsAndResumes() throws Exception {
        List<WorkerAgent> two = one.agents(2);
        Path driver = Files.writeString(dir.resolve("inmemory.yaml"), "name: in-memory\ndriverClass: inmemory\ncluster: "
                + one.runs.cluster.name() + "\n");
        Files.writeString(dir.resolve("sizes.yaml"), """
                topics: 1
                partitionsPerTopic: 2
                messageSize: 100
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                producerRate: 400
                warmupDuration: 2s
                testDuration: 10s
                """);
        Path sweep = Files.writeString(dir.resolve("sweep.yaml"), """
                name: sizes
                workload: sizes.yaml
                repeat: 2
                parameters:
                  messageSize: [10, 100, 1000]
                  driver.ackLatencyMicros: [1000]
                """);
        Path token = Files.writeString(dir.resolve("token"), OneClock.TOKEN + "\n");
        Path out = dir.resolve("out");
        String[] args = {"sweep", "--drivers", driver.toString(), "--workers", two.stream().map(WorkerAgent::url)
                .collect(Collectors.joining(",")), "--worker-token-file", token.toString(), "--output-dir", out.toString(),
            "--progress-interval", "1s", sweep.toString()};
        long runTimeAtStart = one.clock.nanoTime();
        long realAtStart = System.nanoTime();

        CommandRun first = CommandRun.on(one.clock, args);

        double runSeconds = one.secondsSince(runTimeAtStart);
        double realSeconds = (System.nanoTime() - realAtStart) / 1e9;
        System.out.printf("sweep of 6 runs: %.1f s of run time in %.1f s of real time%n", runSeconds, realSeconds); // for the report
        assertEquals(0, first.code(), first.all());
        assertTrue(first.out().contains("Run 1 of 6: messageSize=10, driver.ackLatencyMicros=1000, repeat 1/2"), first.out());
        assertTrue(first.out().contains("Run 6 of 6: messageSize=1000, driver.ackLatencyMicros=1000, repeat 2/2"), first.out());
        assertTrue(runSeconds >= 6 * 12, "six runs of 2 s warmup and 10 s measured took " + runSeconds + " s of run time");

        Path sweepDir = out.resolve("sizes");
        List<String> csv = Files.readAllLines(sweepDir.resolve("table.csv"));
        assertEquals(4, csv.size(), "header and 3 rows:\n" + String.join("\n", csv));
        List<String> header = cells(csv.get(0));
        int n = header.indexOf("n");
        int rate = header.indexOf("publish_msg_per_s_mean");
        int p99 = header.indexOf("publish_latency_p99_ms_mean");
        int results = header.indexOf("results");
        String[] sizes = {"10", "100", "1000"};
        for (int row = 0; row < 3; row++) {
            List<String> cells = cells(csv.get(row + 1));
            assertEquals(sizes[row], cells.get(0));
            assertEquals("1000", cells.get(1));
            assertEquals("2", cells.get(n));
            String[] files = cells.get(results).split(" ");
            assertEquals(2, files.length, cells.get(results));
            double rateSum = 0;
            double p99Sum = 0;
            for (String f : files) {
                JsonNode r = JSON.readTree(sweepDir.resolve(f).toFile());
                assertEquals("completed", r.get("status").asText(), r.toString());
                assertEquals(Integer.parseInt(sizes[row]), r.get("workloadConfig").get("messageSize").asInt());
                JsonNode m = r.get("measurement");
                // The window is the workload's 10 s of run time, whatever the machine's speed, to the producers' stop: the
                // calls that stop them take a moment of real time, ten moments of run time (161 ms of real time once, with
                // two test JVMs and the local cluster's tests beside them: an 11.6 s window).
                double windowSeconds = m.get("windowMicros").asDouble() / 1e6;
                assertTrue(windowSeconds >= 10 && windowSeconds < 13, windowSeconds + " s: " + m);
                // The acknowledgements at the window's edges count ten times over too: 412 msg/s once, 376 another time (a
                // CI beside a soak run), on those busy machines.
                assertEquals(400.0, m.get("publishRate").asDouble(), 400 * 0.1, m.toString());
                assertEquals(2, m.get("workers").size(), "both agents ran it: " + m.get("workers"));
                rateSum += m.get("publishRate").asDouble();
                p99Sum += m.get("publishLatency").get("p99Micros").asDouble() / 1000;
            }
            assertEquals(rateSum / 2, Double.parseDouble(cells.get(rate)), 1e-3, "mean msg/s of row " + row);
            assertEquals(p99Sum / 2, Double.parseDouble(cells.get(p99)), 1e-3, "mean p99 of row " + row);
        }
        String md = Files.readString(sweepDir.resolve("table.md"));
        System.out.println(md); // for the report
        assertTrue(first.out().contains(md.lines().findFirst().orElseThrow()), "the table is printed at the end");
        List<Path> runs = files(sweepDir.resolve("runs"));
        assertEquals(6, runs.stream().filter(f -> f.toString().endsWith(".json")).count(), runs.toString());
        assertEquals(6, runs.stream().filter(f -> f.toString().endsWith(".log")).count(), "each run's log next to its result: " + runs);

        // The same command again: everything is done, nothing runs.
        CommandRun again = CommandRun.on(one.clock, args);
        assertEquals(0, again.code(), again.all());
        assertTrue(again.out().contains("Resuming: 6 of 6 runs already completed, 0 to run"), again.out());
        assertFalse(again.out().contains("Run 1 of"), again.out());
        assertEquals(runs, files(sweepDir.resolve("runs")));
        assertEquals(csv, Files.readAllLines(sweepDir.resolve("table.csv")));

        // A run that did not complete runs again; its earlier result and log are kept aside.
        String name = "messageSize-100_driver.ackLatencyMicros-1000-r2";
        Path second = sweepDir.resolve("runs/" + name + ".json");
        Files.writeString(second, Files.readString(second).replaceFirst("\"status\" : \"completed\"", "\"status\" : \"interrupted\""));
        CommandRun resumed = CommandRun.on(one.clock, args);
        assertEquals(0, resumed.code(), resumed.all());
        assertTrue(resumed.out().contains("Resuming: 5 of 6 runs already completed, 1 to run"), resumed.out());
        assertTrue(resumed.out().contains("Run 1 of 1: messageSize=100, driver.ackLatencyMicros=1000, repeat 2/2"), resumed.out());
        assertEquals("completed", JSON.readTree(second.toFile()).get("status").asText());
        assertTrue(Files.exists(sweepDir.resolve("runs/" + name + ".interrupted.json")));
        assertTrue(Files.exists(sweepDir.resolve("runs/" + name + ".interrupted.log")), "its log too");
        assertTrue(Files.exists(sweepDir.resolve("runs/" + name + ".log")), "and the new run's");
        List<String> after = Files.readAllLines(sweepDir.resolve("table.csv"));
        assertEquals(csv.get(1), after.get(1), "finished rows are kept");
        assertEquals("2", cells(after.get(2)).get(n));
    }

    /** The cells of a CSV line (RFC 4180: a quoted cell may hold commas, and "" for a quote). */
    private static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cell.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return new ArrayList<>(s.filter(Files::isRegularFile).sorted().toList());
        }
    }
}
