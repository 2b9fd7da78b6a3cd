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
        // 12 periods of 1 s: enough for the drift test (its window lowered to 10 s, its level to 0.001 so that a false
        // alarm, about one flat run in a thousand per figure, does not fail this test).
        Path workload = Cli.write(dir, "link.yaml", WORKLOAD.formatted("link", "12s", "drift: {minimumWindow: 10s, alpha: 0.001}"));
        Cli.Outcome run = Cli.run("--drivers", direct + "," + slow, "--output-dir", dir.resolve("out").toString(),
                "--fixed-warmup", "--progress-interval", "1s", workload.toString());

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
        assertTrue(with.get("measurement").get("counts").get("messagesAcked").asLong() >= 9_600,
                "the delay added latency, not a throughput cap: about 1,000 msg/s for 12 s were acknowledged: " + with.get("measurement")
                        .get("counts"));
        // A steady link, fast or slow, is not drift.
        for (JsonNode r : results) {
            JsonNode drift = r.get("drift");
            System.out.println("drift of a steady link (" + r.get("cluster").asText() + "): " + drift);
            assertEquals(12, drift.get("measuredPeriods").asInt(), 1, drift.toString());
            for (JsonNode f : drift.get("figures")) {
                assertEquals("flat", f.get("verdict").asText(), f.get("figure").asText() + " of a steady link: " + drift);
            }
        }
        assertTrue(run.out().contains("Drift: none: throughput, publish p99, end-to-end p99 and consumer lag flat"), run.out());
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
    @Timeout(180)
    void aDelayThatRampsOverTheRunIsReportedAsDriftOfPublishP99() throws Exception {
        // 1 ms to 200 ms each way over a 30 s measurement of 1 s periods: publish p99 up by about 400 ms, clear of what a
        // busy machine does to a period's p99 (from 60 ms to 500 ms seen here with no delay to speak of). At 500 msg/s a
        // round trip of 400 ms still carries the load (5 requests in flight per connection), so throughput stays flat.
        Path workload = Cli.write(dir, "ramp.yaml", """
                name: delay-ramp
                topics: 1
                partitionsPerTopic: 2
                messageSize: 512
                subscriptionsPerTopic: 1
                producerRate: 500
                warmupDuration: 2s
                testDuration: 30s
                faults:
                  - {after: 0s, type: network-delay, delay: 1ms, to: 200ms, duration: 30s}
                """);
        Cli.Outcome run = Cli.run("--drivers", driver(dir, "plain", "").toString(), "--output-dir", dir.resolve("out").toString(),
                "--fixed-warmup", "--no-report", "--progress-interval", "1s", "--sample-interval", "1s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("delayed the clients' traffic to every broker by 1 ms growing linearly to 200 ms each way over 30.0 s",
                r.get("faults").get(0).get("outcome").asText());
        JsonNode drift = r.get("drift");
        List<Long> p99s = new ArrayList<>();
        for (JsonNode period : r.get("periods")) {
            p99s.add(period.get("publishLatency").get("p99Micros").asLong() / 1_000);
        }
        System.out.println("drift of a delay ramping from 1 ms to 200 ms each way over 30 s: " + drift + "; the periods' publish p99 (ms): "
                + p99s);
        assertTrue(drift.get("measuredPeriods").asInt() >= 25, drift.toString());
        JsonNode publish = figure(drift, "publish-p99");
        assertEquals("rising", publish.get("verdict").asText(), drift.toString());
        assertTrue(publish.get("slopePerHour").asDouble() > 0, publish.toString());
        assertTrue(publish.get("pValue").asDouble() < 0.01, publish.toString());
        // About 2 x 199 ms more per acknowledgement by the end; the slope over the periods sees most of it.
        assertTrue(publish.get("changeOverSpan").asDouble() >= 200, publish.toString());
        assertEquals("rising", figure(drift, "end-to-end-p99").get("verdict").asText(), drift.toString());
        // The delay adds latency, not a cap: 500 msg/s throughout.
        assertEquals("flat", figure(drift, "throughput").get("verdict").asText(), drift.toString());
        assertTrue(run.out().matches("(?s).*Drift: publish p99 \\+[0-9,.]+ ms per hour \\(\\+[0-9.]+ ms over the run, p [<=] [0-9.]+\\);.*"),
                run.out());
    }

    static JsonNode figure(JsonNode drift, String name) {
        for (JsonNode f : drift.get("figures")) {
            if (f.get("figure").asText().equals(name)) {
                return f;
            }
        }
        throw new AssertionError("no " + name + " in " + drift);
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
