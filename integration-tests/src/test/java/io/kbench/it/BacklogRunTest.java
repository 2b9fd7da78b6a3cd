package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backlog workload against a real broker, measured as OpenMessaging Benchmark measures it: the
 * window runs through the build and the catch-up drain, then the test duration; the drain alone
 * gives the catch-up figures.
 */
@Timeout(120)
class BacklogRunTest {

    private static final double MB = 1024.0 * 1024.0;

    @TempDir
    Path dir;

    @Test
    void theWindowCoversTheBuildAndTheDrainAndTheCatchUpHasFiguresOfItsOwn() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "producerConfig: |\n  linger.ms=1\n");
        // 0.004 GB of 1 KiB messages is 4,194 messages: about 2.8 s at 1,500 msg/s; drained to OMB's floor of 1,000.
        Path workload = Cli.write(dir, "backlog.yaml", """
                name: backlog
                topics: 1
                partitionsPerTopic: 2
                messageSize: 1024
                producersPerTopic: 1
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producerRate: 1500
                consumerBacklogSizeGB: 0.004
                warmupDuration: 1s
                testDuration: 3s
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(),
                "--fixed-warmup", "--progress-interval", "1s", "--sample-interval", "1s", workload.toString());

        assertEquals(0, run.exitCode(), run.all());
        JsonNode r = run.result();
        assertEquals("completed", r.get("status").asText(), run.all());

        JsonNode c = r.get("catchUp");
        assertTrue(c != null && c.isObject(), "no catchUp in the result: " + r);
        assertEquals(4_194, c.get("targetBacklogMessages").asLong());
        assertEquals(1_000, c.get("drainLevelMessages").asLong());
        assertTrue(c.get("backlogAtResumeMessages").asLong() >= 4_194, c.toString());
        assertEquals(c.get("backlogAtResumeMessages").asLong() * 1_024, c.get("backlogAtResumeBytes").asLong());
        long buildMillis = c.get("buildMillis").asLong();
        long drainMillis = c.get("drainMillis").asLong();
        // About 2.8 s at 1,500 msg/s; less when the producers catch up a warmup's debt or the consumers lagged behind it.
        assertTrue(buildMillis > 0 && buildMillis < 20_000, "build " + buildMillis + " ms");
        assertTrue(drainMillis > 0 && drainMillis < 20_000, "drain " + drainMillis + " ms");
        // The drain read at least what waited above the drain level.
        long consumed = c.get("consumedMessages").asLong();
        assertTrue(consumed >= c.get("backlogAtResumeMessages").asLong() - 1_000, c.toString());
        double consumeRate = c.get("consumeRatePerSecond").asDouble();
        assertEquals(consumed * 1_000.0 / drainMillis, consumeRate, consumeRate * 0.01, "msg/s over the drain window");
        assertEquals(consumeRate * 1_024 / MB, c.get("consumeMBps").asDouble(), 1e-9);
        assertTrue(consumeRate > 1_500, "catching up means reading faster than the producers publish: " + consumeRate);
        assertTrue(c.get("publishLatency").get("count").asLong() > 0, c.toString());
        assertTrue(c.get("publishLatency").get("p99Micros").asLong() > 0, c.toString());
        assertEquals(consumed, c.get("endToEndLatency").get("count").asLong(), "one end-to-end sample per message read");

        // The measurement window: the build, the drain, then the test's 3 s.
        JsonNode m = r.get("measurement");
        long windowMicros = m.get("windowMicros").asLong();
        assertTrue(windowMicros >= (buildMillis + drainMillis + 3_000) * 1_000L,
                "window " + windowMicros + " µs for a build of " + buildMillis + " ms and a drain of " + drainMillis + " ms");
        long acked = m.get("counts").get("messagesAcked").asLong();
        assertTrue(acked >= 0.9 * 1_500 * windowMicros / 1e6, acked + " acknowledged in the window: the build's are in it");
        assertTrue(m.get("counts").get("messagesReceived").asLong() >= consumed, "the drain's reads are in the window");

        // The periods: warmup (not measured), then build, drain and measure, all in OMB's lists.
        List<String> phases = new ArrayList<>();
        int measured = 0;
        for (JsonNode p : r.get("periods")) {
            String phase = p.get("phase").asText();
            if (phases.isEmpty() || !phases.get(phases.size() - 1).equals(phase)) {
                phases.add(phase);
            }
            measured += List.of("BACKLOG_BUILD", "BACKLOG_DRAIN", "MEASURE").contains(phase) ? 1 : 0;
        }
        assertEquals(List.of("WARMUP", "BACKLOG_BUILD", "BACKLOG_DRAIN", "MEASURE", "DRAIN"), phases);
        assertEquals(measured, r.get("publishRate").size(), "OMB's publishRate: one entry per measured period");
        assertEquals(measured, r.get("consumeRate").size());

        // Progress lines: the target and an ETA while building, what is left while draining.
        String out = run.out();
        assertTrue(out.contains("Building a backlog of 4.10 MB (4,194 messages) with the consumers paused (about 3 s at 1,500 msg/s)"),
                out);
        assertTrue(out.matches("(?s).*\\[backlog +[0-9.]+s\\][^\\n]* \\| backlog [0-9.]+ of 4\\.10 MB \\([0-9]+%\\), ETA [0-9]+ s at "
                + "the current rate\\n.*"), out);
        assertTrue(out.contains("backlog drained (at most 1,000 msg left, the drain level)"), out);
        assertTrue(out.contains("Backlog drained in "), out);
        assertTrue(out.contains("Measuring for 3 s more after the drain, as OMB does..."), out);
        assertTrue(out.contains("Catch-up (the drain alone, "), out);
        assertTrue(out.contains("publish, while draining"), out);
        // The HTML report has the catch-up as a table of its own.
        Matcher html = Pattern.compile("Report written to (.+\\.html)").matcher(out);
        assertTrue(html.find(), out);
        assertTrue(Files.readString(Path.of(html.group(1).trim())).contains("Backlog catch-up (the drain alone)"));
    }
}
