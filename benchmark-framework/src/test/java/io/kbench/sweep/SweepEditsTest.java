package io.kbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.kbench.config.ConfigSource;
import io.kbench.config.PlaceholderResolver;
import io.kbench.workload.LoadedWorkload;
import io.kbench.workload.WorkloadLoader;
import io.kbench.workload.WorkloadOverrides;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepEditsTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static final String WORKLOAD = """
            # a comment
            name: base
            topics: 1
            partitionsPerTopic: 4
            messageSize: 100
            producerRate: -1
            messageCount: 1000
            """;

    private static final String LOCAL_DRIVER = """
            name: Kafka (local)
            driverClass: io.kbench.kafka.KafkaBenchmarkDriver
            replicationFactor: 1
            localCluster:
              brokers: 1
            commonConfig: |
              sasl.jaas.config=x password="${env:KAFKA_SASL_PASSWORD}";
            producerConfig: |
              # the producer
              acks=1
              linger.ms=1
              batch.size=131072
            """;

    private static final String REMOTE_DRIVER = """
            name: Kafka
            driverClass: io.kbench.kafka.KafkaBenchmarkDriver
            commonConfig: |
              bootstrap.servers=${env:KAFKA_BOOTSTRAP_SERVERS}
            """;

    private static Setting setting(String name, JsonNode value) {
        Parameter p = Parameter.of(name, List.of(value));
        return new Setting(p, value);
    }

    private static JsonNode tree(String yaml) throws Exception {
        return YAML.readTree(yaml);
    }

    private static Map<String, String> properties(String text) throws Exception {
        java.util.Properties p = new java.util.Properties();
        p.load(new java.io.StringReader(text));
        java.util.Map<String, String> m = new java.util.TreeMap<>();
        p.forEach((k, v) -> m.put(k.toString(), v.toString()));
        return m;
    }

    @Test
    void workloadFieldsAreSetAndTheResultLoadsLikeAFile() throws Exception {
        String edited = SweepEdits.workload(WORKLOAD, List.of(setting("messageSize", IntNode.valueOf(50)),
                setting("partitionsPerTopic", IntNode.valueOf(12)), setting("producer.acks", TextNode.valueOf("all"))));
        JsonNode t = tree(edited);
        assertEquals(50, t.get("messageSize").asInt());
        assertEquals(12, t.get("partitionsPerTopic").asInt());
        assertEquals("base", t.get("name").asText());
        assertFalse(t.has("producer.acks"), "driver settings stay out of the workload");
        LoadedWorkload loaded = new WorkloadLoader(new PlaceholderResolver(Map.<String, String>of()::get))
                .load(ConfigSource.of("w.yaml", edited), WorkloadOverrides.NONE);
        assertEquals(50, loaded.workload().messageSize());
        assertEquals(1000L, loaded.workload().messageCount());
    }

    @Test
    void withoutSettingsOfItsKindTheTextIsUnchanged() {
        assertSame(WORKLOAD, SweepEdits.workload(WORKLOAD, List.of(setting("producer.acks", IntNode.valueOf(1)))));
        assertSame(LOCAL_DRIVER, SweepEdits.driver(LOCAL_DRIVER, List.of(setting("messageSize", IntNode.valueOf(1)))));
    }

    @Test
    void aLengthFromTheSweepReplacesTheFilesOtherLength() throws Exception {
        JsonNode t = tree(SweepEdits.workload(WORKLOAD, List.of(setting("testDuration", TextNode.valueOf("30s")))));
        assertEquals("30s", t.get("testDuration").asText());
        assertFalse(t.has("messageCount"));
        LoadedWorkload loaded = new WorkloadLoader(new PlaceholderResolver(Map.<String, String>of()::get))
                .load(ConfigSource.of("w.yaml", SweepEdits.workload(WORKLOAD,
                        List.of(setting("testDuration", TextNode.valueOf("30s"))))), WorkloadOverrides.NONE);
        assertEquals(Duration.ofSeconds(30), loaded.workload().effectiveTestDuration());
    }

    @Test
    void clientSettingsEditThePropertiesText() throws Exception {
        String edited = SweepEdits.driver(LOCAL_DRIVER, List.of(
                setting("producer.batch.size", IntNode.valueOf(8196)),
                setting("producer.compression.type", TextNode.valueOf("lz4")),
                setting("consumer.fetch.min.bytes", IntNode.valueOf(1)),
                setting("common.client.dns.lookup", TextNode.valueOf("use_all_dns_ips")),
                setting("topic.flush.messages", IntNode.valueOf(1000))));
        JsonNode t = tree(edited);
        String producer = t.get("producerConfig").asText();
        assertEquals(Map.of("acks", "1", "linger.ms", "1", "batch.size", "8196", "compression.type", "lz4"), properties(producer));
        assertTrue(producer.startsWith("# the producer\nacks=1\nlinger.ms=1\nbatch.size=8196\n"), producer);
        assertEquals(Map.of("fetch.min.bytes", "1"), properties(t.get("consumerConfig").asText()));
        assertEquals("use_all_dns_ips", properties(t.get("commonConfig").asText()).get("client.dns.lookup"));
        assertEquals(Map.of("flush.messages", "1000"), properties(t.get("topicConfig").asText()));
        // Placeholders stay as written: they are resolved where the driver runs.
        assertTrue(t.get("commonConfig").asText().contains("${env:KAFKA_SASL_PASSWORD}"));
        assertEquals("Kafka (local)", t.get("name").asText());
        assertEquals(1, t.get("localCluster").get("brokers").asInt());
    }

    @Test
    void brokerSettingsGoToTheLocalClustersBrokerConfig() throws Exception {
        JsonNode t = tree(SweepEdits.driver(LOCAL_DRIVER, List.of(
                setting("broker.log.flush.interval.messages", IntNode.valueOf(10000)))));
        assertEquals("10000", t.get("localCluster").get("brokerConfig").get("log.flush.interval.messages").asText());
        assertEquals(1, t.get("localCluster").get("brokers").asInt());
    }

    @Test
    void brokerSettingsWithoutALocalClusterAreAnError() {
        SweepEdits.EditException e = assertThrows(SweepEdits.EditException.class, () -> SweepEdits.driver(REMOTE_DRIVER,
                List.of(setting("broker.log.flush.interval.messages", IntNode.valueOf(1)))));
        assertTrue(e.getMessage().contains("no localCluster"), e.getMessage());
        assertTrue(e.getMessage().contains("topic.flush.messages"), e.getMessage());
    }

    @Test
    void driverFieldsSetTopLevelScalars() throws Exception {
        JsonNode t = tree(SweepEdits.driver(REMOTE_DRIVER, List.of(setting("driver.replicationFactor", IntNode.valueOf(3)))));
        assertEquals(3, t.get("replicationFactor").asInt());
        assertEquals("bootstrap.servers=${env:KAFKA_BOOTSTRAP_SERVERS}\n", t.get("commonConfig").asText());
        SweepEdits.EditException e = assertThrows(SweepEdits.EditException.class, () -> SweepEdits.driver(LOCAL_DRIVER,
                List.of(setting("driver.producerConfig", TextNode.valueOf("acks=1")))));
        assertTrue(e.getMessage().contains("producer.<key>"), e.getMessage());
        e = assertThrows(SweepEdits.EditException.class, () -> SweepEdits.driver(LOCAL_DRIVER,
                List.of(setting("driver.localCluster", IntNode.valueOf(1)))));
        assertTrue(e.getMessage().contains("broker.<key>"), e.getMessage());
    }

    @Test
    void setPropertyReplacesInPlaceDropsDuplicatesAndAppends() {
        assertEquals("a=1\nb=9\nc=3\n", SweepEdits.setProperty("a=1\nb=2\nc=3\nb=4\n", "b", "9"));
        assertEquals("a=1\nb=9\n", SweepEdits.setProperty("a=1", "b", "9"));
        assertEquals("b=9\n", SweepEdits.setProperty("", "b", "9"));
        assertEquals("# b=2 is a comment\nb : 9\n".replace(" : ", "="), SweepEdits.setProperty("# b=2 is a comment\nb : 2\n", "b", "9"));
        // A value continued over several lines is replaced whole.
        assertEquals("x=1\nb=9\ny=2\n", SweepEdits.setProperty("x=1\nb=2,\\\n  3\ny=2\n", "b", "9"));
        // Keys are compared whole: batch.size is not batch.size.max.
        assertEquals("batch.size.max=1\nbatch.size=9\n", SweepEdits.setProperty("batch.size.max=1\n", "batch.size", "9"));
    }
}
