package io.kbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.kbench.driver.SweepTarget;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report names a run's driver settings as a sweep file does, from the groups the driver declares. */
class FlatConfigTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static final List<SweepTarget> TARGETS = List.of(
            SweepTarget.propertiesText("producer", "producerConfig", "producer settings", "acks"),
            SweepTarget.mapping("broker", List.of("localCluster", "brokerConfig"), "broker settings", "num.io.threads", null));

    @Test
    void declaredGroupsTakeTheirPrefixAndEverythingElseIsADriverField() throws Exception {
        JsonNode config = YAML.readTree("""
                name: Kafka
                driverClass: io.example.Driver
                replicationFactor: 3
                producerConfig: |
                  acks=all
                  sasl.jaas.config=secret stuff
                localCluster:
                  brokers: 3
                  brokerConfig:
                    num.io.threads: 8
                """);

        assertEquals(Map.of(
                "driver.name", "Kafka",
                "driver.driverClass", "io.example.Driver",
                "driver.replicationFactor", "3",
                "producer.acks", "all",
                "producer.sasl.jaas.config", "******",
                "driver.localCluster.brokers", "3",
                "broker.num.io.threads", "8"), FlatConfig.driver(config, TARGETS));
    }

    @Test
    void withoutDeclaredGroupsOrWithAnotherShapeFieldsStayWhole() throws Exception {
        JsonNode config = YAML.readTree("""
                producerConfig:
                  acks: all
                localCluster:
                  brokerConfig:
                    num.io.threads: 8
                """);

        assertEquals(Map.of("driver.producerConfig", "{\"acks\":\"all\"}", "broker.num.io.threads", "8"),
                FlatConfig.driver(config, TARGETS), "a mapping where properties text is declared is not split");
        assertEquals(Map.of("driver.producerConfig", "{\"acks\":\"all\"}", "driver.localCluster",
                "{\"brokerConfig\":{\"num.io.threads\":8}}"), FlatConfig.driver(config, List.of()));
    }

    @Test
    void textKeptWholeStillHasItsSecretValuesMasked() throws Exception {
        JsonNode config = YAML.readTree("""
                commonConfig: |
                  bootstrap.servers=b:9092
                  ssl.truststore.password=s3cr3t
                  ssl.key.password: k3y
                """);

        assertEquals(Map.of("driver.commonConfig",
                        "bootstrap.servers=b:9092\nssl.truststore.password=******\nssl.key.password: ******\n"),
                FlatConfig.driver(config, List.of()), "a result whose driver is unknown here");
    }
}
