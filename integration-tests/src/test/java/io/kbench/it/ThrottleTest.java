package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A broker that enforces a quota: the run must say "throttled", with the clients' throttle times, never "client-bound". */
@Timeout(180)
class ThrottleTest {

    @TempDir
    Path dir;

    @Test
    void aProducerQuotaIsReportedAsThrottlingAndOnACkuCheckAsTheServiceEnforcingItsLimit() throws Exception {
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults(), line -> {})) {
            Properties p = new Properties();
            p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
            try (Admin admin = Admin.create(p)) {
                // Every client id may produce 200 KB/s: half of what the workload asks for.
                Map<String, String> defaultClient = new HashMap<>();
                defaultClient.put(ClientQuotaEntity.CLIENT_ID, null); // null: the default for every client id
                ClientQuotaEntity anyClient = new ClientQuotaEntity(defaultClient);
                admin.alterClientQuotas(List.of(new ClientQuotaAlteration(anyClient,
                        List.of(new ClientQuotaAlteration.Op("producer_byte_rate", 200_000.0))))).all().get(30, TimeUnit.SECONDS);
            }
            Path driver = Files.writeString(dir.resolve("driver.yaml"), "name: Kafka (quota)\n"
                    + "driverClass: io.kbench.kafka.KafkaBenchmarkDriver\nreplicationFactor: 1\n"
                    + "commonConfig: |\n  bootstrap.servers=" + cluster.bootstrapServers() + "\n");
            Path workload = Cli.write(dir, "quota.yaml", """
                    name: quota
                    topics: 1
                    partitionsPerTopic: 2
                    messageSize: 1024
                    subscriptionsPerTopic: 1
                    producerRate: 400
                    warmupDuration: 2s
                    testDuration: 6s
                    """);
            Cli.Outcome run = Cli.run("--drivers", driver.toString(), "--output-dir", dir.resolve("out").toString(),
                    "--progress-interval", "2s", "--cku", "1", workload.toString());

            System.out.println(run.out()); // for the test report
            JsonNode r = run.result();
            JsonNode diagnosis = r.get("diagnosis");
            assertEquals("throttled", diagnosis.get("verdict").asText(), diagnosis + "\n" + run.all());
            assertTrue(diagnosis.toString().contains("produce-throttle-time-avg"), diagnosis.toString());
            assertTrue(r.get("clientMetrics").get("producer-metrics:produce-throttle-time-max").asDouble() > 0,
                    r.get("clientMetrics").toString());
            assertTrue(run.out().contains("Diagnosis: throttled: the brokers throttled the producers"), run.out());
            assertTrue(run.out().contains("note: the service enforced its limit: it throttled the clients"), run.out());
            assertTrue(run.out().contains("CKU check: FAIL"), run.out());
            assertEquals(false, r.get("clientBound").asBoolean());
        }
    }
}
