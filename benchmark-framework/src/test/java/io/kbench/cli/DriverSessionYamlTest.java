package io.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.ConfigSource;
import io.kbench.config.YamlBinder;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The driver file the workers get back from a provisioned cluster's config keeps its durations readable. */
class DriverSessionYamlTest {

    /** A driver config with a duration, as Kafka's transactionDuration. */
    public record WithDuration(String name, Duration every) {}

    @Test
    void durationsAreWrittenAsTheDriverFileHasThemAndReadBack() throws Exception {
        String yaml = DriverSession.YAML.writeValueAsString(new WithDuration("x", Duration.ofMillis(100)));
        assertTrue(yaml.contains("every: \"100ms\"") || yaml.contains("every: 100ms"), yaml);
        WithDuration back = new YamlBinder().bind(ConfigSource.of("worker.yaml", yaml), WithDuration.class);
        assertEquals(Duration.ofMillis(100), back.every());
        WithDuration odd = new YamlBinder().bind(ConfigSource.of("worker.yaml", DriverSession.YAML.writeValueAsString(
                new WithDuration("y", Duration.ofSeconds(61, 500_000)))), WithDuration.class);
        assertEquals(Duration.ofSeconds(61, 500_000), odd.every());
    }
}
