package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * find-max and OMB's producerRate 0 on a real broker whose capacity is known: a producer quota of
 * {@value #QUOTA_BYTES_PER_SECOND} bytes/s per client, so the limit is the cluster's and the same on
 * a loaded machine. Steps are short (2 s settle, 3 s measured) to keep the suite fast. A latency objective's search
 * and OMB's rate discovery run on the one-clock harness (SearchRunTest), against an in-memory cluster's quota.
 */
@Timeout(300)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FindMaxTest {

    static final double QUOTA_BYTES_PER_SECOND = 1_000_000;
    private static final String[] SHORT_STEPS = {"--settle", "2s", "--step-duration", "3s", "--confirm-duration", "4s",
        "--precision", "10%", "--progress-interval", "1s"};

    private static LocalKafkaCluster cluster;
    private static Path driver;
    /** The rate the throughput-only search confirmed, for the tests after it. */
    private static double foundRate;

    @TempDir
    static Path dir;

    @BeforeAll
    static void quotaCluster() throws Exception {
        // Quotas measured over 2 s instead of 11: a step of a few seconds feels the quota, not the steps before it.
        cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults().withBrokerConfig(
                Map.of("quota.window.num", "2", "quota.window.size.seconds", "1")), line -> {});
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        try (Admin admin = Admin.create(p)) {
            Map<String, String> anyClientId = new HashMap<>();
            anyClientId.put(ClientQuotaEntity.CLIENT_ID, null); // the default for every client id
            admin.alterClientQuotas(List.of(new ClientQuotaAlteration(new ClientQuotaEntity(anyClientId),
                    List.of(new ClientQuotaAlteration.Op("producer_byte_rate", QUOTA_BYTES_PER_SECOND))))).all()
                    .get(30, TimeUnit.SECONDS);
        }
        driver = Files.writeString(dir.resolve("driver.yaml"), "name: Kafka (quota)\n"
                + "driverClass: io.kbench.kafka.KafkaBenchmarkDriver\nreplicationFactor: 1\n"
                + "commonConfig: |\n  bootstrap.servers=" + cluster.bootstrapServers() + "\n");
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /**
     * The first step settles for the workload's warmup: 5 s, as a cold producer on a loaded machine (CI runs two test
     * JVMs at once) once still acknowledged 264 msg/s of 300 in its first second after a 2 s settle, failing the seed.
     */
    private static Path workload(String name, int rate) throws Exception {
        return Cli.write(dir, name + ".yaml", """
                name: %s
                topics: 1
                partitionsPerTopic: 2
                messageSize: 1024
                subscriptionsPerTopic: 1
                producerRate: %d
                warmupDuration: 5s
                testDuration: 4s
                """.formatted(name, rate));
    }

    private static Cli.Outcome run(String... args) {
        return runOn(driver, args);
    }

    private static Cli.Outcome runOn(Path driverFile, String... args) {
        List<String> all = new ArrayList<>(List.of("--drivers", driverFile.toString(), "--output-dir", dir.resolve("out").toString()));
        all.addAll(List.of(args));
        Cli.Outcome o = Cli.run(all.toArray(String[]::new));
        System.out.println(o.out()); // for the test report
        return o;
    }

    private static Cli.Outcome findMax(String... args) {
        List<String> all = new ArrayList<>(List.of("find-max", "--drivers", driver.toString(), "--output-dir",
                dir.resolve("out").toString()));
        all.addAll(List.of(SHORT_STEPS));
        all.addAll(List.of(args));
        Cli.Outcome o = Cli.run(all.toArray(String[]::new));
        System.out.println(o.out());
        return o;
    }

    @Test
    @Order(1)
    void aThroughputOnlySearchConvergesOnTheQuotaAndIsConfirmed() throws Exception {
        Cli.Outcome o = findMax(workload("find", 300).toString());

        assertEquals(0, o.exitCode(), o.all());
        JsonNode search = o.result().get("search");
        assertEquals("confirmed", search.get("outcome").asText(), search.toString());
        assertEquals("find-max", search.get("mode").asText());
        foundRate = search.get("maxRate").asDouble();
        double quotaRate = QUOTA_BYTES_PER_SECOND / 1024;
        assertTrue(foundRate <= quotaRate && foundRate >= 0.5 * quotaRate,
                "found " + foundRate + " msg/s; the quota allows at most " + quotaRate);
        List<String> stages = new ArrayList<>();
        double lowestFail = Double.MAX_VALUE;
        for (JsonNode step : search.get("steps")) {
            stages.add(step.get("stage").asText());
            if (!step.get("passed").asBoolean()) {
                lowestFail = Math.min(lowestFail, step.get("requestedRate").asDouble());
                assertTrue(step.get("reasons").size() > 0, "a failed step says why: " + step);
            }
        }
        assertTrue(stages.contains("grow") && stages.contains("bisect"), stages.toString());
        assertEquals("confirm", stages.get(stages.size() - 1), stages.toString());
        assertTrue(foundRate < lowestFail, "the answer lies below every failure: " + foundRate + " vs " + lowestFail);
        // A confirmation that fails steps down by the precision and confirms again (its stage is "confirm" too):
        // then the bound is the failed confirmation's rate, not the bisection's.
        boolean steppedDown = stages.stream().filter("confirm"::equals).count() > 1;
        assertTrue(lowestFail / search.get("lowerBoundRate").asDouble() <= 1.1 + 1e-9 || steppedDown,
                "within the precision: " + search);
        assertTrue(o.out().contains("max sustainable rate: "), o.out());
        assertEquals(foundRate, o.result().get("measurement").get("requestedRate").asDouble(), 0.5,
                "the result's measurement is the confirmation's");
    }

    @Test
    @Order(2)
    void ninetyPercentOfTheRateFoundMeetsTheObjectiveAndOneAndAHalfTimesDoesNot() throws Exception {
        assertTrue(foundRate > 0, "needs the rate found before");
        JsonNode below = run("--fixed-warmup", workload("below", (int) (0.9 * foundRate)).toString()).result();
        JsonNode m = below.get("measurement");
        assertEquals("completed", below.get("status").asText(), below.toString());
        // A 4 s window at about 800 msg/s: the acknowledgements of one period's edge move it by 1.5% (797.6 of 810 msg/s once).
        assertTrue(m.get("publishRate").asDouble() >= 0.98 * m.get("requestedRate").asDouble(), m.toString());

        JsonNode above = run("--fixed-warmup", workload("above", (int) (1.5 * foundRate)).toString()).result();
        JsonNode a = above.get("measurement");
        assertTrue(a.get("publishRate").asDouble() < 0.99 * a.get("requestedRate").asDouble(),
                "the quota holds it back: " + a);
    }

    @Test
    @Order(3)
    void aSeedThatCannotPassSaysWhyAndExits1WithTheResultWritten() throws Exception {
        Cli.Outcome o = findMax("--slo", "publish.p50<=100us", workload("impossible", 200).toString());

        assertEquals(1, o.exitCode(), o.all());
        JsonNode search = o.result().get("search");
        assertEquals("no-pass", search.get("outcome").asText(), search.toString());
        assertTrue(o.out().contains("no max sustainable rate (no-pass)"), o.out());
        assertTrue(o.out().contains("over publish p50 <= 0.1 ms"), o.out());
        assertEquals("failed", o.result().get("status").asText());
    }

    @Test
    @Order(4)
    void aBadObjectiveNamesTheTokenAndTheAllowedMetrics() {
        Cli.Outcome o = Cli.run("find-max", "--slo", "latency.p99<=5ms", "workloads/simple.yaml");
        assertEquals(2, o.exitCode(), o.all());
        assertTrue(o.err().contains("--slo: 'latency' in 'latency.p99<=5ms' is not a metric"), o.err());
        assertTrue(o.err().contains("Allowed: publish, send, e2e"), o.err());
    }
}
