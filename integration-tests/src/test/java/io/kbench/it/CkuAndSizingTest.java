package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The CKU check around real runs, and bin/benchmark size. */
@Timeout(180)
class CkuAndSizingTest {

    @TempDir
    Path dir;

    @Test
    void fourThousandPartitionsAtOneCkuAreFlaggedBeforeAnythingStarts() throws Exception {
        // The check is kbench's, before any driver starts: the in-memory driver runs it without a broker taking a minute
        // to create 4,000 partitions.
        Path driver = Cli.HOME.resolve("driver-inmemory/inmemory.yaml");
        // Produce-only, a trickle, one second: the point is the warning, printed before the driver starts.
        Path workload = Cli.write(dir, "many.yaml", """
                name: many-partitions
                topics: 4
                partitionsPerTopic: 1000
                messageSize: 100
                producersPerTopic: 1
                subscriptionsPerTopic: 0
                producerRate: 100
                testDuration: 1s
                warmupDuration: 0s
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(),
                "--cku", "1", "--progress-interval", "500ms", workload.toString());

        String out = run.out();
        int warning = out.indexOf("WARNING: CKU limit: the workload has 4,000 partitions (topics × partitionsPerTopic), "
                + "over the 3,000 allowed for 1 CKU");
        assertTrue(warning >= 0, out);
        assertTrue(out.contains("use at most 3,000 partitions, or 2 CKUs"), out);
        int driverStart = out.indexOf("Starting the driver");
        assertTrue(driverStart < 0 || warning < driverStart, "warned before the driver started:\n" + out);
        assertTrue(warning < out.indexOf("Creating 4 topic(s)"), "warned before any topic was created:\n" + out);
        // A warning, not a stop: the run went on; the check's FAIL is in the exit status (4).
        assertEquals(4, run.exitCode(), run.all());
        JsonNode check = run.result().get("ckuCheck");
        assertEquals(1, check.get("limitWarnings").size(), check.toString());
        assertEquals("FAIL", check.get("verdict").asText(), "a trickle cannot reach 50 MB/s");
    }

    @Test
    void smallRunAtOneCkuPrintsExpectationsAndAVerdict() throws Exception {
        Path driver = Cli.driverFile(dir, "driver.yaml", "producerConfig: |\n  linger.ms=10\n");
        Path workload = Cli.write(dir, "small.yaml", """
                name: cku-small
                topics: 1
                partitionsPerTopic: 12
                messageSize: 512
                producersPerTopic: 1
                subscriptionsPerTopic: 3
                consumerPerSubscription: 1
                producerRate: 2000
                testDuration: 3s
                warmupDuration: 1s
                """);
        Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(),
                "--cku", "1", "--progress-interval", "1s", workload.toString());

        assertEquals(4, run.exitCode(), "the check says FAIL: " + run.all());
        String out = run.out();
        for (String expected : List.of("CKU check: 1 CKU",
                "bandwidth per CKU: 50 MB/s in, 150 MB/s out; in total: 50 MB/s in, 150 MB/s out",
                "limits per CKU: 3,000 partitions, 1,000 client connections",
                "limits per partition, whatever the CKU count: 5 MB/s produce, 15 MB/s consume",
                "12 partitions, at least 4 connections (1 producer + 3 consumers)",
                "WARNING: CKU check: the workload requests 0.98 MB/s, below the 50 MB/s of 1 CKU")) {
            assertTrue(out.contains(expected), expected + " in\n" + out);
        }
        assertTrue(Pattern.compile("(?m)^  ingress  measured [0-9.]+ MB/s vs expected 50\\.00 MB/s .*% (PASS|FAIL)$").matcher(out).find(), out);
        assertTrue(Pattern.compile("(?m)^  egress   measured [0-9.]+ MB/s vs expected 150\\.00 MB/s .*% (PASS|FAIL)$").matcher(out).find(), out);
        assertTrue(Pattern.compile("(?m)^CKU check: (PASS|FAIL)$").matcher(out).find(), out);
        assertTrue(out.indexOf("CKU check: FAIL") > out.indexOf("As kafka-consumer-perf-test reports it"),
                "the report ends with the verdict:\n" + out);

        JsonNode r = run.result();
        assertEquals(1, r.get("workloadConfig").get("cku").asInt(), "--cku is in the workload as run");
        JsonNode check = r.get("ckuCheck");
        assertEquals(1, check.get("cku").asInt());
        assertEquals("FAIL", check.get("verdict").asText(), "about 1 MB/s is far from 50 MB/s");
        assertEquals(50.0, check.get("ingress").get("expectedMBps").asDouble(), 1e-9);
        assertEquals(r.get("measurement").get("publishMBps").asDouble(), check.get("ingress").get("measuredMBps").asDouble(), 1e-9);
        assertEquals(150.0, check.get("egress").get("expectedMBps").asDouble(), 1e-9, "50 MB/s × 3 subscriptions");
        assertTrue(check.get("ingress").get("ratio").asDouble() < 0.1, check.toString());
        assertTrue(r.get("clientBound").isBoolean(), "clientBound is always in the result");
    }

    @Test
    void sizeReproducesTheStudysExample() throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", DistributionClasspathTest.distributionClasspath(), "io.kbench.cli.BenchmarkMain",
                "size", "--rate", "10000", "--record-size", "2500", "--retention", "7d", "--replication-factor", "3",
                "--brokers", "4");
        Process p = new ProcessBuilder(command).directory(Cli.HOME.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        for (String expected : List.of("about 24 MB/s", "~ 13.74 TB", "3 × 13.74 TB = 41.22 TB", "41.22 TB / 4 brokers = 10.305 TB ~ 10.3 TB",
                "Storage per broker: 10.3 TB", "= 1,200 partitions per broker")) {
            assertTrue(out.contains(expected), expected + " in\n" + out);
        }

        Cli.Outcome bad = Cli.run("size", "--rate", "10000", "--record-size", "2.5", "--retention", "7 days",
                "--replication-factor", "3", "--brokers", "4");
        assertEquals(2, bad.exitCode(), bad.all());
        assertEquals(1, bad.err().strip().lines().count(), bad.err());
        assertTrue(bad.err().startsWith("--retention must be a duration like 7d"), bad.err());
    }
}
