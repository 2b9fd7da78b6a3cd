package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster the run did not start (its driver file names only bootstrap.servers), started with non-default configs:
 * the run's provenance lists them under "differs from default", as the cluster itself told them.
 */
class ExternalClusterProvenanceTest {

    static final Map<String, String> NON_DEFAULT = Map.of("num.network.threads", "5", "log.retention.hours", "12",
            "message.max.bytes", "2097152", "num.replica.fetchers", "2");

    @TempDir
    Path dir;

    @Test
    @Timeout(180)
    void anExternalBrokersNonDefaultConfigsAreRecorded() throws Exception {
        try (LocalKafkaCluster external = LocalKafkaCluster.start(LocalClusterConfig.defaults().withBrokerConfig(NON_DEFAULT), line -> { })) {
            Path driver = Cli.write(dir, "external.yaml", """
                    name: Kafka (external)
                    driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                    replicationFactor: 1
                    commonConfig: |
                      bootstrap.servers=%s
                    """.formatted(external.bootstrapServers()));
            Path workload = Cli.write(dir, "w.yaml", """
                    name: external
                    topics: 1
                    partitionsPerTopic: 1
                    messageSize: 100
                    subscriptionsPerTopic: 1
                    producerRate: 500
                    warmupDuration: 1s
                    testDuration: 2s
                    """);
            Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.toString(), "--fixed-warmup", "--no-report",
                    workload.toString());
            assertEquals(0, run.exitCode(), run.all());
            JsonNode r = run.result();
            assertTrue(r.get("cluster").isNull(), "the run did not start this cluster: " + r.get("cluster"));
            JsonNode cluster = r.get("provenance").get("cluster");
            assertEquals(1, cluster.get("brokerCount").asInt());
            assertEquals(external.bootstrapServers(), cluster.get("brokers").get(0).get("address").asText());
            JsonNode differs = cluster.get("brokerConfigs").get(0).get("differsFromDefault");
            NON_DEFAULT.forEach((k, v) -> assertEquals(v, differs.path(k).asText(), k + " in " + differs));
            JsonNode performance = cluster.get("brokerConfigs").get(0).get("performance");
            assertEquals("5", performance.get("num.network.threads").asText());
            assertEquals("2", performance.get("num.replica.fetchers").asText());
            assertEquals("8", performance.get("num.io.threads").asText(), "a default in effect is recorded too");
            assertFalse(differs.has("num.io.threads"), "at its default: " + differs);
            assertTrue(run.out().contains("Cluster described: 1 broker(s), Kafka 4.3"), run.out());
        }
    }
}
