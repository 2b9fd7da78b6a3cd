package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Provenance and the regression gate on real local clusters: a run records its cluster (broker count, version, every
 * config its localCluster set); two runs of one workload pass the gate; a 20 ms network delay (localCluster.networkDelay)
 * regresses publish p50 and fails it (exit 1).
 */
class ProvenanceGateTest {

    static final Map<String, String> BROKER_CONFIG = Map.of("num.io.threads", "4", "log.segment.bytes", "268435456",
            "log.flush.interval.messages", "100000");

    @TempDir
    Path dir;

    private Path driver(String name, String extraLocalClusterLine) throws Exception {
        StringBuilder text = new StringBuilder("""
                name: Kafka (gate)
                driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                topicConfig: |
                  retention.ms=3600000
                localCluster:
                  brokers: 1
                  faultProxy: true
                """);
        text.append(extraLocalClusterLine).append("  brokerConfig:\n");
        BROKER_CONFIG.forEach((k, v) -> text.append("    ").append(k).append(": \"").append(v).append("\"\n"));
        return Cli.write(dir, name + ".yaml", text.toString());
    }

    /** Every "Result written to" file of a run, in order. */
    private static List<Path> resultFiles(Cli.Outcome run) {
        List<Path> files = new ArrayList<>();
        Matcher m = Pattern.compile("Result written to (.+\\.json)").matcher(run.out());
        while (m.find()) {
            files.add(Path.of(m.group(1).trim()));
        }
        return files;
    }

    /**
     * One run a side on a 2-core machine shared with another test JVM. The gate judges the median, not the tail: the same
     * workload's publish p99 once rose 56% from one run to the next (19.5 to 30.3 ms), and a 20 ms delay each way once raised
     * it only 80% (56 to 101 ms, the baseline's tail inflated by the other JVM), while it raised the median 4 times (16 to
     * 69 ms). Every publish pays the delay twice (40 ms); only some pay the machine's stalls.
     */
    private static final String FAIL_ON = "publish.p50>+100%,throughput<-5%";

    @Test
    @Timeout(300)
    void provenanceNamesTheLocalClusterAndTheGateTellsNoiseFromADelayedLink() throws Exception {
        Path workload = Cli.write(dir, "w.yaml", """
                name: gate
                topics: 1
                partitionsPerTopic: 2
                messageSize: 512
                subscriptionsPerTopic: 1
                producerRate: 1000
                warmupDuration: 1s
                testDuration: 8s
                """);
        // 8 s windows: the acknowledgements at a window's edges once moved a 4 s run's throughput by 3% (1,030 vs 999 msg/s
        // for the same workload twice), which the period-by-period bootstrap, blind to the edges, called a regression.
        String[] common = {"--output-dir", dir.resolve("out").toString(), "--fixed-warmup", "--progress-interval", "1s",
            "--sample-interval", "400ms", "--no-report"};
        Cli.Outcome same = Cli.run(concat(new String[] {"--drivers", driver("same", "").toString()}, common,
                new String[] {workload.toString(), workload.toString()}));
        assertEquals(0, same.exitCode(), same.all());
        List<JsonNode> runs = NetworkDelayTest.results(same);
        assertEquals(2, runs.size(), same.out());
        Cli.Outcome slow = Cli.run(concat(new String[] {"--drivers", driver("slow", "  networkDelay: 20ms\n").toString()}, common,
                new String[] {workload.toString()}));
        assertEquals(0, slow.exitCode(), slow.all());

        // Provenance: the cluster as it described itself.
        assertTrue(same.out().contains("Cluster described: 1 broker(s), Kafka 4.3 (metadata.version up to "), same.out());
        JsonNode p = runs.get(0).get("provenance");
        JsonNode cluster = p.get("cluster");
        assertEquals(1, cluster.get("brokerCount").asInt());
        assertTrue(cluster.get("brokers").get(0).get("version").asText().startsWith("Kafka 4.3"), cluster.get("brokers").toString());
        JsonNode set = cluster.get("brokerConfigs").get(0).get("differsFromDefault");
        BROKER_CONFIG.forEach((k, v) -> assertEquals(v, set.path(k).asText(), k + " in " + set));
        // ... and what the local cluster sets itself.
        for (String own : List.of("num.partitions", "log.cleaner.dedupe.buffer.size", "group.initial.rebalance.delay.ms",
                "offsets.topic.replication.factor", "auto.create.topics.enable")) {
            assertTrue(set.has(own), own + " in " + set);
        }
        assertEquals("4", cluster.get("brokerConfigs").get(0).get("performance").get("num.io.threads").asText());
        assertEquals("3600000", cluster.get("topicConfigs").get(0).get("configs").get("retention.ms").asText());
        assertEquals(0, p.get("notAvailable").size(), p.get("notAvailable").toString());
        JsonNode client = p.get("clients").get(0);
        assertTrue(client.get("cpus").asInt() >= 1 && client.get("hostCpu").get("busyShare").asDouble() > 0, client.toString());
        assertNotNull(client.get("kbenchCommit").textValue(), "the tests run from a checkout: " + client);
        assertEquals(p.get("workloadHash").asText(), runs.get(1).get("provenance").get("workloadHash").asText());
        Path a = resultFiles(same).get(0);
        Path b = resultFiles(same).get(1);
        Path delayed = slow.resultFile();

        // The same workload twice: the gate passes.
        Cli.Outcome twice = Cli.run("compare", "--baseline", a.toString(), b.toString(), "--fail-on", FAIL_ON,
                "--json", dir.resolve("same.json").toString(), "-o", dir.resolve("same.html").toString());
        System.out.println(twice.out());
        assertTrue(line(twice, "throughput").contains("within noise"), twice.out());
        if (twice.exitCode() != 0) {
            // One run a side cannot see the spread between runs: a machine busy with other work during one run only (other
            // test JVMs) can pass a threshold. The verdict must then say that the hosts were not equally busy.
            assertTrue(twice.out().contains("WARNING: the workers' hosts were not equally busy"), twice.all());
        } else {
            assertFalse(twice.out().contains("FAILS"), twice.out());
        }

        // A run with a 20 ms delay each way against one without: publish p50 regressed past +100 %, and the gate fails.
        Cli.Outcome worse = Cli.run("compare", "--baseline", b.toString(), delayed.toString(), "--fail-on",
                FAIL_ON, "--json", dir.resolve("slow.json").toString(), "-o", dir.resolve("slow.html").toString());
        System.out.println(worse.out());
        assertEquals(1, worse.exitCode(), worse.all());
        assertTrue(line(worse, "publish.p50 ").contains("regressed") && line(worse, "publish.p50 ").endsWith("FAILS"), worse.out());
        assertTrue(worse.out().contains("setting.driver.localCluster.networkDelay: — -> 20ms"), "what differs names the delay:\n"
                + worse.out());
        JsonNode verdict = Cli.JSON.readTree(dir.resolve("slow.json").toFile());
        assertEquals("failed", verdict.get("verdict").asText());
    }

    private static String line(Cli.Outcome run, String figure) {
        return run.out().lines().filter(l -> l.startsWith(figure)).findFirst().orElse("");
    }

    private static String[] concat(String[]... parts) {
        return Arrays.stream(parts).flatMap(Arrays::stream).toArray(String[]::new);
    }
}
