package io.kbench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.agent.WorkerAgent;
import io.kbench.cli.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rate ramp as a user runs it ({@code bin/benchmark --workers a,b}), on two agents over HTTP and one clock: the
 * periods show the requested rate rising and then holding at the top, and the producers of both agents follow it.
 */
@Timeout(90)
class RampRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final OneClock one = new OneClock();

    @TempDir
    Path dir;

    @AfterEach
    void close() throws Exception {
        one.close();
    }

    @Test
    void aRampsPeriodsShowTheRequestedRateRisingAndTheProducersOfEveryAgentFollowIt() throws Exception {
        List<WorkerAgent> two = one.agents(2);
        Path driver = Files.writeString(dir.resolve("inmemory.yaml"), "name: in-memory\ndriverClass: inmemory\ncluster: "
                + one.runs.cluster.name() + "\n");
        Path workload = Files.writeString(dir.resolve("ramp.yaml"), """
                name: ramp
                topics: 1
                partitionsPerTopic: 2
                messageSize: 200
                producersPerTopic: 2
                subscriptionsPerTopic: 1
                producerRateRamp: {from: 500, to: 3000, over: 30s}
                warmupDuration: 0s
                testDuration: 40s
                """);
        Path token = Files.writeString(dir.resolve("token"), OneClock.TOKEN + "\n");
        CommandRun run = CommandRun.on(one.clock, "--workers", two.stream().map(WorkerAgent::url).collect(Collectors.joining(",")),
                "--worker-token-file", token.toString(), "--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(),
                "--progress-interval", "5s", "--sample-interval", "5s", "--no-report", workload.toString());

        assertEquals(0, run.code(), run.all());
        JsonNode r = JSON.readTree(run.resultFile().toFile());
        List<Double> requested = new ArrayList<>();
        List<Double> published = new ArrayList<>();
        for (JsonNode p : r.get("periods")) {
            if ("MEASURE".equals(p.get("phase").asText())) {
                requested.add(p.get("requestedRate").asDouble());
                published.add(p.get("publishRate").asDouble());
            }
        }
        // Periods of 5 s of run time, or somewhat more on a busy machine (the polls of the agents take real moments, each
        // ten times over in run time): the rate rises over the first few, then holds at the top.
        assertTrue(requested.size() >= 5, requested.toString());
        int top = requested.indexOf(3000.0);
        assertTrue(top >= 3, "the requested rate rises over 30 s before it reaches the top: " + requested);
        for (int i = 1; i < requested.size(); i++) {
            assertTrue(i <= top ? requested.get(i) > requested.get(i - 1) : requested.get(i) == 3000.0,
                    "the requested rate rises, then holds at the top: " + requested);
        }
        assertTrue(requested.get(0) < 1500, "from 500 msg/s: " + requested);
        // Over the window the requested rate averages (1,750 x 30 s + 3,000 x 10 s) / 40 s; the producers kept up with it.
        double mean = r.get("measurement").get("requestedRate").asDouble();
        assertTrue(mean > 1_750 && mean < 2_500, "requested on average " + mean);
        // Each agent has one of the two producers, half the rate: over 2,500 msg/s at the top needs both to follow.
        assertEquals(2, r.get("workerIds").size(), r.get("workerIds").toString());
        assertTrue(published.get(published.size() - 2) > 2_500, "the producers followed the ramp: " + published);
        assertTrue(run.out().contains("(req 3,000)"), run.out());
    }
}
