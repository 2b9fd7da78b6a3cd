package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.DriverException;
import io.kbench.kafka.cluster.LocalClusterConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** One broker, no fault proxy (the default): killing it stops the cluster; no network freeze. */
class SingleBrokerFaultsTest {

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void killingTheOnlyBrokerFailsProducesAndCloseStillCleansUp() throws Exception {
        long t0 = System.nanoTime();
        LocalKafkaCluster cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults(), null);
        System.out.printf("1 broker: ready in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        Path dir = cluster.directory();
        long pid = cluster.brokerPid(0);
        try {
            assertFalse(cluster.hasFaultProxy());
            assertEquals(cluster.bootstrapServers(), cluster.brokerAddress(0));
            DriverException noProxy = assertThrows(DriverException.class, () -> cluster.freezeNetwork(Duration.ofSeconds(1)));
            assertEquals("localCluster", noProxy.field());
            assertEquals("a network freeze needs the fault proxy, and this local cluster was started without it: set "
                    + "localCluster.faultProxy: true in the driver file (LocalClusterConfig.withFaultProxy(true))",
                    noProxy.getMessage());

            try (Admin admin = LocalClusterFaultsTest.admin(cluster.bootstrapServers())) {
                admin.createTopics(List.of(new NewTopic("only", 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
            }
            assertEquals(0, cluster.leaderOf("only", 0));
            // send() waits for metadata up to max.block.ms: at the client's default it once waited 60 s after the kill.
            KafkaProducer<String, String> producer = LocalClusterFaultsTest.producer(cluster.bootstrapServers(), "1", 3_000, 3_000);
            try {
                producer.send(new ProducerRecord<>("only", "before", "kill")).get(30, TimeUnit.SECONDS);

                long k0 = System.nanoTime();
                cluster.killBroker(0);
                assertFalse(cluster.isBrokerAlive(0));
                assertFalse(cluster.isAlive(), "no broker left");
                Future<RecordMetadata> after = producer.send(new ProducerRecord<>("only", "after", "kill"));
                ExecutionException e = assertThrows(ExecutionException.class, () -> after.get(30, TimeUnit.SECONDS));
                assertInstanceOf(TimeoutException.class, e.getCause(), e.toString());
                System.out.printf("produce after the kill failed after %d ms%n", (System.nanoTime() - k0) / 1_000_000);
            } finally {
                producer.close(Duration.ofSeconds(5)); // it has no broker left to say goodbye to
            }
            assertEquals("broker index 1 is out of range: this cluster has 1 broker, indexes 0 to 0",
                    assertThrows(DriverException.class, () -> cluster.isBrokerAlive(1)).getMessage());
            assertTrue(assertThrows(DriverException.class, () -> cluster.pauseBroker(0, Duration.ofSeconds(1)))
                    .getMessage().startsWith("broker 0 (node 1) is not running, so it cannot be paused"));
        } finally {
            long c0 = System.nanoTime();
            cluster.close();
            System.out.printf("close after the kill: %d ms%n", (System.nanoTime() - c0) / 1_000_000);
        }
        assertFalse(Files.exists(dir), "temp dir deleted: " + dir);
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        assertFalse(ProcessHandle.current().descendants().anyMatch(p -> p.info().commandLine().orElse("").contains(dir.toString())),
                "no child process of this cluster left");
    }
}
