package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** How long the driver waits for the cluster's first answer: 15 s, or a shorter default.api.timeout.ms. */
class KafkaConnectTimeoutTest {

    @Test
    void aShorterDefaultApiTimeoutShortensTheWaitAndNothingLengthensIt() {
        assertEquals(15_000, KafkaBenchmarkDriver.connectTimeoutMs(Map.of()));
        assertEquals(4_000, KafkaBenchmarkDriver.connectTimeoutMs(Map.of("default.api.timeout.ms", "4000")));
        assertEquals(4_000, KafkaBenchmarkDriver.connectTimeoutMs(Map.of("default.api.timeout.ms", " 4000 ")));
        assertEquals(15_000, KafkaBenchmarkDriver.connectTimeoutMs(Map.of("default.api.timeout.ms", "600000")),
                "the SPI's 30 s bound on an unreachable cluster holds");
        assertEquals(15_000, KafkaBenchmarkDriver.connectTimeoutMs(Map.of("default.api.timeout.ms", "0")));
        assertEquals(15_000, KafkaBenchmarkDriver.connectTimeoutMs(Map.of("default.api.timeout.ms", "soon")),
                "the Kafka client names a bad value itself");
    }

    @Test
    void theMessageSaysTheWaitAsSetNotRoundedDown() {
        KafkaClientConfigs configs = new KafkaClientConfigs(new KafkaDriverConfig(1, null, null, "bootstrap.servers=h:9092", null,
                null, null));
        Exception timeout = new java.util.concurrent.TimeoutException("listNodes");
        assertTrue(ConnectFailures.explain(timeout, configs, 15_000).getMessage().contains("cannot reach Kafka at h:9092 within 15 s"));
        assertTrue(ConnectFailures.explain(timeout, configs, 2_500).getMessage().contains(" within 2500 ms "));
        assertTrue(ConnectFailures.explain(timeout, configs, 500).getMessage().contains(" within 500 ms "));
    }
}
