package io.kbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.kbench.driver.SweepTarget;
import io.kbench.config.ConfigSource;
import io.kbench.config.PlaceholderResolver;
import io.kbench.workload.LoadedWorkload;
import io.kbench.workload.Rate;
import io.kbench.workload.WorkloadLoader;
import io.kbench.workload.WorkloadOverrides;
import io.kbench.workload.spec.RunSpec;
import io.kbench.workload.spec.RunSpecs;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepEditsTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final List<SweepTarget> KAFKA_LIKE = TestTargets.KAFKA_LIKE;

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

    private static String kafka(String text, Setting... settings) {
        return SweepEdits.driver(text, List.of(settings), KAFKA_LIKE);
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
    void eachCombinationIsANewRunSpec() {
        WorkloadLoader loader = new WorkloadLoader(new PlaceholderResolver(Map.<String, String>of()::get));
        RunSpec base = RunSpecs.of(loader.load(ConfigSource.of("w.yaml", WORKLOAD), WorkloadOverrides.NONE).workload());
        String edited = SweepEdits.workload(WORKLOAD, List.of(setting("producerRate", IntNode.valueOf(500)),
                setting("partitionsPerTopic", IntNode.valueOf(12))));
        RunSpec point = RunSpecs.of(loader.load(ConfigSource.of("w.yaml", edited), WorkloadOverrides.NONE).workload());
        assertEquals(new Rate.Fixed(500), point.rate());
        assertEquals(500, point.load().perSecond());
        assertEquals(12, point.topology().partitionsPerTopic());
        assertEquals(base.length(), point.length(), "what the combination does not set stays the base file's");
        assertEquals(base.traffic(), point.traffic());
        assertEquals(new Rate.Unthrottled(), base.rate(), "the base spec is as it was");
        assertEquals(4, base.topology().partitionsPerTopic());
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
    void aSubscriptionFieldGoesIntoItsSectionMadeWhenMissing() throws Exception {
        Setting type = setting("subscription.type", TextNode.valueOf("share"));
        assertEquals(Parameter.Kind.WORKLOAD, type.parameter().kind());
        assertNull(new ParameterForms("k.yaml", List.of()).problem(type.parameter()));
        assertNotNull(new ParameterForms("k.yaml", List.of()).problem(Parameter.of("subscription.colour", List.of(IntNode.valueOf(1)))));
        String edited = SweepEdits.workload(WORKLOAD, List.of(type,
                setting("subscription.shareGroup.releasePercent", IntNode.valueOf(5))));
        LoadedWorkload loaded = new WorkloadLoader(new PlaceholderResolver(Map.<String, String>of()::get))
                .load(ConfigSource.of("w.yaml", edited), WorkloadOverrides.NONE);
        assertTrue(loaded.workload().subscription().share());
        assertEquals(5.0, loaded.workload().subscription().shareGroup().releasePercent());
    }

    @Test
    void decimalsTheEditDoesNotTouchKeepTheirWrittenForm() {
        String text = "name: x\ndriverClass: y\nreplicationFactor: 3\nlocalCluster:\n  version: 3.10\n  brokerConfig:\n"
                + "    min.cleanable.dirty.ratio: 0.50\n";
        String edited = SweepEdits.driver(text, List.of(setting("driver.replicationFactor", IntNode.valueOf(1))), KAFKA_LIKE);
        assertTrue(edited.contains("version: 3.10") && edited.contains("min.cleanable.dirty.ratio: 0.50"), edited);
    }

    @Test
    void withoutSettingsOfItsKindTheTextIsUnchanged() {
        assertSame(WORKLOAD, SweepEdits.workload(WORKLOAD, List.of(setting("producer.acks", IntNode.valueOf(1)))));
        assertSame(LOCAL_DRIVER, SweepEdits.driver(LOCAL_DRIVER, List.of(setting("messageSize", IntNode.valueOf(1))), KAFKA_LIKE));
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
        String edited = kafka(LOCAL_DRIVER,
                setting("producer.batch.size", IntNode.valueOf(8196)),
                setting("producer.compression.type", TextNode.valueOf("lz4")),
                setting("consumer.fetch.min.bytes", IntNode.valueOf(1)),
                setting("common.client.dns.lookup", TextNode.valueOf("use_all_dns_ips")),
                setting("topic.flush.messages", IntNode.valueOf(1000)));
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
        JsonNode t = tree(kafka(LOCAL_DRIVER, setting("broker.log.flush.interval.messages", IntNode.valueOf(10000))));
        assertEquals("10000", t.get("localCluster").get("brokerConfig").get("log.flush.interval.messages").asText());
        assertEquals(1, t.get("localCluster").get("brokers").asInt());
    }

    @Test
    void brokerSettingsWithoutALocalClusterAreAnError() {
        SweepEdits.EditException e = assertThrows(SweepEdits.EditException.class, () -> kafka(REMOTE_DRIVER,
                setting("broker.log.flush.interval.messages", IntNode.valueOf(1))));
        assertEquals("broker.log.flush.interval.messages is a broker setting, but this driver file has no localCluster: "
                + "kbench only configures brokers it starts itself. On other clusters vary a topic-level setting instead, "
                + "e.g. topic.flush.messages or topic.flush.ms", e.getMessage());
    }

    @Test
    void driverFieldsSetTopLevelScalars() throws Exception {
        JsonNode t = tree(kafka(REMOTE_DRIVER, setting("driver.replicationFactor", IntNode.valueOf(3))));
        assertEquals(3, t.get("replicationFactor").asInt());
        assertEquals("bootstrap.servers=${env:KAFKA_BOOTSTRAP_SERVERS}\n", t.get("commonConfig").asText());
        // No target needed: driver.<field> works for any driver.
        t = tree(SweepEdits.driver("driverClass: inmemory\nackLatencyMicros: 5\n",
                List.of(setting("driver.ackLatencyMicros", IntNode.valueOf(100))), List.of()));
        assertEquals(100, t.get("ackLatencyMicros").asInt());
        SweepEdits.EditException e = assertThrows(SweepEdits.EditException.class, () -> kafka(LOCAL_DRIVER,
                setting("driver.localCluster", IntNode.valueOf(1))));
        assertEquals("driver.localCluster: localCluster is not a single value, so it cannot be varied", e.getMessage());
    }

    @Test
    void theKafkaLikeTargetsWriteTheSameTextAsBefore() {
        // The driver file as the edits wrote it when they knew producerConfig and localCluster.brokerConfig by name.
        assertEquals("""
                name: Kafka (local)
                driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                localCluster:
                  brokers: 1
                  brokerConfig:
                    log.flush.interval.messages: 10000
                commonConfig: |
                  sasl.jaas.config=x password="${env:KAFKA_SASL_PASSWORD}";
                producerConfig: |
                  # the producer
                  acks=1
                  linger.ms=1
                  batch.size=8196
                """, kafka(LOCAL_DRIVER, setting("producer.batch.size", IntNode.valueOf(8196)),
                setting("broker.log.flush.interval.messages", IntNode.valueOf(10000))));
    }

    // ---- the seam: targets of a driver the framework knows nothing about ----------------------

    private static final String OTHER_DRIVER = """
            driverClass: other
            clientOptions: |
              timeout=5
            cluster:
              nodes: 3
              server:
                options:
                  threads: 2
            """;

    private static String other(String text, Setting... settings) {
        return SweepEdits.driver(text, List.of(settings), TestTargets.OTHER);
    }

    @Test
    void aPropertiesTextTargetSetsOneKeyInItsField() throws Exception {
        JsonNode t = tree(other(OTHER_DRIVER, setting("client.timeout", IntNode.valueOf(9)),
                setting("client.retries", IntNode.valueOf(3))));
        assertEquals("timeout=9\nretries=3\n", t.get("clientOptions").asText());
        // An absent field is created.
        assertEquals("timeout=9\n", tree(other("driverClass: other\n", setting("client.timeout", IntNode.valueOf(9))))
                .get("clientOptions").asText());
    }

    @Test
    void aMappingTargetSetsOneKeyAtTheEndOfItsPath() throws Exception {
        JsonNode t = tree(other(OTHER_DRIVER, setting("server.threads", IntNode.valueOf(8)),
                setting("server.queue.size", IntNode.valueOf(64)), setting("store.fsync", TextNode.valueOf("always"))));
        JsonNode options = t.get("cluster").get("server").get("options");
        assertEquals("8", options.get("threads").asText());
        assertEquals("64", options.get("queue.size").asText());
        assertEquals(3, t.get("cluster").get("nodes").asInt(), "the rest of the section stays");
        assertEquals("always", t.get("store").get("fsync").asText(), "a top-level mapping is created when absent");
        // The last field of the path is created; the ones before it must be there.
        t = tree(other("driverClass: other\ncluster:\n  server: {}\n", setting("server.threads", IntNode.valueOf(1))));
        assertEquals("1", t.get("cluster").get("server").get("options").get("threads").asText());
    }

    @Test
    void aMissingParentIsNamedWithTheDriversAdviceOrAPlainOne() {
        SweepEdits.EditException e = assertThrows(SweepEdits.EditException.class,
                () -> other("driverClass: other\ncluster:\n  nodes: 3\n", setting("server.threads", IntNode.valueOf(1))));
        assertEquals("server.threads is a server setting, but this driver file has no cluster.server: "
                + "add cluster.server to it to vary cluster.server.options", e.getMessage());
        e = assertThrows(SweepEdits.EditException.class,
                () -> other("driverClass: other\ncluster: big\n", setting("server.threads", IntNode.valueOf(1))));
        assertEquals("cluster is not a mapping, so server.threads cannot be set in it", e.getMessage());
    }

    @Test
    void aFieldOfTheWrongShapeIsNamed() {
        SweepEdits.EditException e = assertThrows(SweepEdits.EditException.class,
                () -> other("clientOptions: {timeout: 5}\n", setting("client.timeout", IntNode.valueOf(1))));
        assertEquals("clientOptions is not key=value text, so client.timeout cannot be set in it", e.getMessage());
        e = assertThrows(SweepEdits.EditException.class,
                () -> other("cluster:\n  server:\n    options: fast\n", setting("server.threads", IntNode.valueOf(1))));
        assertEquals("cluster.server.options is not a mapping, so server.threads cannot be set in it", e.getMessage());
    }

    @Test
    void aPrefixTheDriverDoesNotDeclareIsNotEditedSilently() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> other(OTHER_DRIVER, setting("producer.batch.size", IntNode.valueOf(1))));
        assertTrue(e.getMessage().contains("declares no sweep prefix 'producer'"), e.getMessage());
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
