package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.SweepTarget;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Kafka driver's sweep prefixes and where they point; the framework edits files by these alone. */
class KafkaSweepTargetsTest {

    private final List<SweepTarget> targets = new KafkaBenchmarkDriver().sweepTargets();

    @Test
    void declaresTheClientTopicAndBrokerPrefixes() {
        assertEquals(List.of("producer", "consumer", "common", "topic", "broker"), targets.stream().map(SweepTarget::prefix).toList());
        assertEquals(List.of("producerConfig", "consumerConfig", "commonConfig", "topicConfig", "localCluster.brokerConfig"),
                targets.stream().map(SweepTarget::field).toList());
        assertEquals(List.of(SweepTarget.Shape.PROPERTIES_TEXT, SweepTarget.Shape.PROPERTIES_TEXT, SweepTarget.Shape.PROPERTIES_TEXT,
                SweepTarget.Shape.PROPERTIES_TEXT, SweepTarget.Shape.MAPPING), targets.stream().map(SweepTarget::shape).toList());
    }

    @Test
    void everyPathIsAFieldOfTheConfigOfItsShape() {
        for (SweepTarget t : targets) {
            Class<?> type = KafkaDriverConfig.class;
            for (String field : t.path()) {
                RecordComponent c = Arrays.stream(type.getRecordComponents()).filter(r -> r.getName().equals(field)).findFirst()
                        .orElse(null);
                assertNotNull(c, t.prefix() + ": " + type.getSimpleName() + " has no field " + field);
                type = c.getType();
            }
            assertEquals(t.shape() == SweepTarget.Shape.PROPERTIES_TEXT ? String.class : Map.class, type, t.prefix());
        }
    }

    @Test
    void brokerSettingsOnAnotherClusterPointToTopicSettings() {
        SweepTarget broker = targets.get(4);
        assertEquals("kbench only configures brokers it starts itself. On other clusters vary a topic-level setting instead, "
                + "e.g. topic.flush.messages or topic.flush.ms", broker.whenParentAbsent());
        assertTrue(targets.subList(0, 4).stream().allMatch(t -> t.whenParentAbsent() == null));
    }
}
