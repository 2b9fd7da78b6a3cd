package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kbench.driver.DriverException;
import org.junit.jupiter.api.Test;

/** A misspelt client setting is refused with the nearest Kafka setting name (NearestName's rule). */
class KafkaSettingNamesTest {

    private static DriverException refused(String producer, String consumer) {
        KafkaDriverConfig config = new KafkaDriverConfig(1, false, "", "bootstrap.servers=127.0.0.1:9092\n",
                producer, consumer, null, null, null, null);
        return assertThrows(DriverException.class, () -> new KafkaBenchmarkDriver().validate(config));
    }

    @Test
    void aMisspeltSettingSuggestsTheNearest() {
        DriverException e = refused("linger.mss=5\n", "");
        assertEquals("producerConfig", e.field());
        assertEquals("producerConfig: 'linger.mss' is not a Kafka setting; did you mean 'linger.ms'?", e.getMessage());
        // case, '-' and '_' do not count, as for the framework's own field names
        assertEquals("consumerConfig: 'MAX_POLL.RECORDS' is not a Kafka setting; did you mean 'max.poll.records'?",
                refused("", "MAX_POLL.RECORDS=5\n").getMessage());
    }

    @Test
    void aSettingFarFromAnyHasNoSuggestion() {
        assertEquals("producerConfig: 'colour' is not a Kafka setting", refused("colour=blue\n", "").getMessage());
    }
}
