package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
