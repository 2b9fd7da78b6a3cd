package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slow link between the clients and the local cluster, made by its fault proxy: as a setting
 * ({@code localCluster.networkDelay}) and as a workload fault ({@code network-delay}). Compared with
 * the same run through the same proxy without a delay, in one invocation.
 */
class NetworkDelayTest {

    static final long DELAY_MS = 50;

    @TempDir
    Path dir;

    static final String WORKLOAD = """
            name: %s
            topics: 1
            partitionsPerTopic: 2
            messageSize: 512
            subscriptionsPerTopic: 1
            producerRate: 1000
            warmupDuration: 2s
            testDuration: %s
            %s
            """;

    static Path driver(Path dir, String name, String localClusterLines) throws Exception {
        return Cli.write(dir, name + ".yaml", """
                name: Kafka (%s)
                driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                localCluster:
                  brokers: 1
                %s
                """.formatted(name, localClusterLines.indent(2)));
    }

    /** Every "Result written to" file of a run, in order. */
    static List<JsonNode> results(Cli.Outcome run) throws Exception {
        List<JsonNode> results = new ArrayList<>();
        Matcher m = Pattern.compile("Result written to (.+\\.json)").matcher(run.out());
        while (m.find()) {
            results.add(new ObjectMapper().readTree(Path.of(m.group(1).trim()).toFile()));
        }
        return results;
    }

    @Test
    @Timeout(240)
    void aDelayedLinkRaisesPublishP50ByTwiceTheDelayAndIsNotClientBound() throws Exception {
        Path direct = driver(dir, "direct", "faultProxy: true");
        Path slow = driver(dir, "slow", "networkDelay: " + DELAY_MS + "ms");
        Path workload = Cli.write(dir, "link.yaml", WORKLOAD.formatted("link", "6s", ""));
        Cli.Outcome run = Cli.run("--drivers", direct + "," + slow, "--output-dir", dir.resolve("out").toString(),
                "--fixed-warmup", "--progress-interval", "2s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        List<JsonNode> results = results(run);
        assertEquals(2, results.size(), run.out());
        JsonNode without = results.get(0);
        JsonNode with = results.get(1);
        assertTrue(with.get("cluster").asText().contains(DELAY_MS + " ms network delay each way"), with.get("cluster").asText());
        assertTrue(run.out().contains("Starting local Kafka") && run.out().contains(DELAY_MS + " ms network delay each way)..."),
                run.out());

        long p50Without = without.get("measurement").get("publishLatency").get("p50Micros").asLong();
        long p50With = with.get("measurement").get("publishLatency").get("p50Micros").asLong();
        String verdict = with.get("diagnosis").get("verdict").asText();
        System.out.printf(Locale.ROOT, "network delay %d ms each way: publish p50 %.1f ms without, %.1f ms with (rise %.1f ms, %.1f x the "
                + "delay); diagnosis with the delay: %s (%s)%n", DELAY_MS, p50Without / 1e3, p50With / 1e3, (p50With - p50Without) / 1e3,
                (p50With - p50Without) / 1e3 / DELAY_MS, verdict, with.get("diagnosis"));
        assertTrue(p50With - p50Without >= 2 * DELAY_MS * 1000, "publish p50 " + p50Without + " µs without the delay, " + p50With
                + " µs with " + DELAY_MS + " ms each way: a produce request and its answer each wait the delay");
        assertEquals("completed", with.get("status").asText());
        assertNotEquals("client-bound", verdict, with.get("diagnosis").toString());
        assertFalse(with.get("clientBound").asBoolean());
        assertTrue(with.get("measurement").get("counts").get("messagesAcked").asLong() >= 4_800,
                "the delay added latency, not a throughput cap: about 1,000 msg/s for 6 s were acknowledged: " + with.get("measurement")
                        .get("counts"));
    }

    @Test
    @Timeout(180)
    void aNetworkDelayFaultSlowsTheLinkForItsDurationOnly() throws Exception {
        Path driver = driver(dir, "plain", "");
        Path workload = Cli.write(dir, "delay.yaml", WORKLOAD.formatted("delay-fault", "10s", """
                faults:
                  - {after: 2s, type: network-delay, delay: 40ms, duration: 3s}
                """));
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(),
                "--fixed-warmup", "--progress-interval", "1s", "--sample-interval", "1s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertTrue(r.get("cluster").asText().contains("fault prox"), "the proxy was put in front by itself: " + r.get("cluster"));
        JsonNode fault = r.get("faults").get(0);
        assertTrue(fault.get("applied").asBoolean(), fault.toString());
        assertEquals("delayed the clients' traffic to every broker by 40 ms each way for 3.0 s", fault.get("outcome").asText());
        assertTrue(run.out().contains("FAULT network-delay: delayed the clients' traffic"), run.out());
        JsonNode publish = r.get("measurement").get("publishLatency");
        assertTrue(publish.get("maxMicros").asLong() >= 80_000, "publish latency max covers a round trip of 2 x 40 ms: " + publish);
        // The 1 s periods: inside the fault every acknowledgement waited 2 x 40 ms; well after it, the link is fast again.
        long appliedMicros = fault.get("appliedElapsedMicros").asLong();
        List<Long> during = new ArrayList<>();
        List<Long> after = new ArrayList<>();
        for (JsonNode period : r.get("periods")) {
            long end = period.get("elapsedMicros").asLong();
            long p50 = period.get("publishLatency").get("p50Micros").asLong();
            if (period.get("publishLatency").get("count").asLong() == 0) {
                continue;
            }
            if (end > appliedMicros + 1_000_000 && end <= appliedMicros + 3_000_000) {
                during.add(p50);
            } else if (end > appliedMicros + 6_000_000 && "measure".equalsIgnoreCase(period.get("phase").asText())) {
                after.add(p50);
            }
        }
        System.out.printf(Locale.ROOT, "network-delay fault of 40 ms each way: period p50s during %s µs, after %s µs%n", during, after);
        assertFalse(during.isEmpty(), r.get("periods").toString());
        assertFalse(after.isEmpty(), r.get("periods").toString());
        during.forEach(p50 -> assertTrue(p50 >= 80_000, "a period inside the fault has publish p50 " + p50 + " µs: " + during));
        assertTrue(after.stream().mapToLong(Long::longValue).min().orElseThrow() < during.stream().mapToLong(Long::longValue).min()
                .orElseThrow(), "fast again after the fault: p50 " + after + " µs after, " + during + " µs during");
        assertNotEquals("client-bound", r.get("diagnosis").get("verdict").asText(), r.get("diagnosis").toString());
    }

    @Test
    void anAbsurdDelayNamesTheFieldAndTheRangeBeforeAnythingStarts() throws Exception {
        Path absurd = driver(dir, "absurd", "networkDelay: 1h");
        Path workload = Cli.write(dir, "w.yaml", WORKLOAD.formatted("w", "6s", ""));
        Cli.Outcome setting = Cli.run("--drivers", absurd.toString(), workload.toString());
        assertEquals(2, setting.exitCode(), setting.all());
        assertTrue(setting.err().contains("localCluster.networkDelay 3600000 ms is out of range: from 1 ms to 5000 ms each way"),
                setting.err());
        assertFalse(setting.out().contains("Starting local Kafka"), "nothing was started");

        Path negative = Cli.write(dir, "negative.yaml", WORKLOAD.formatted("negative", "6s", """
                faults:
                  - {after: 3s, type: network-delay, delay: -40ms, duration: 4s}
                """));
        Cli.Outcome fault = Cli.run("--drivers", driver(dir, "plain", "").toString(), negative.toString());
        assertEquals(2, fault.exitCode(), fault.all());
        assertTrue(fault.err().contains("faults[0].delay -40ms is out of range: from 1ms to 5s each way"), fault.err());
        BadInputTest.assertNoStackTrace(fault);
    }
}
