package io.kbench.config;

import static io.kbench.config.Messages.assertContains;
import static io.kbench.config.Messages.assertUserFacing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The driver-file flow: read a tree, peel off {@code name} and {@code driverClass}, bind the rest. */
class YamlBinderTreeTest {

    record Cluster(Integer brokers, String version) { }

    record KafkaConfig(String commonConfig, Integer replicationFactor, String topicConfig,
                       Map<String, String> producerConfig, Cluster localCluster) {
        KafkaConfig {
            if (replicationFactor != null && replicationFactor < 1) {
                throw new IllegalArgumentException("replicationFactor must be at least 1");
            }
        }
    }

    private static final String DRIVER = """
            name: MSK
            driverClass: io.kbench.kafka.KafkaDriver
            commonConfig: |
              bootstrap.servers=${env:BOOTSTRAP}
              security.protocol=SASL_SSL
            replicationFactor: ${RF:-3}
            producerConfig:
              acks: all
              linger.ms: 1
              sasl.password: ${PASSWORD}
            localCluster:
              brokers: 3
            """;

    private final Map<String, String> env = Map.of("BOOTSTRAP", "b-1:9098", "PASSWORD", "hunter2");
    private final YamlBinder binder = new YamlBinder(new PlaceholderResolver(env::get));

    private static ConfigSource source(String text) {
        return ConfigSource.of("drivers/msk.yaml", text);
    }

    @Test
    void readTreeResolvesPlaceholdersAndBindsTheRest() {
        ConfigSource source = source(DRIVER);
        ObjectNode tree = binder.readTree(source);
        assertEquals("MSK", tree.remove("name").asText());
        assertEquals("io.kbench.kafka.KafkaDriver", tree.remove("driverClass").asText());
        KafkaConfig config = binder.bind(source, tree, KafkaConfig.class);
        assertEquals("bootstrap.servers=b-1:9098\nsecurity.protocol=SASL_SSL\n", config.commonConfig());
        assertEquals(3, config.replicationFactor());
        assertEquals(Map.of("acks", "all", "linger.ms", "1", "sasl.password", "hunter2"), config.producerConfig());
        assertEquals(new Cluster(3, null), config.localCluster());
        assertTrue(binder.resolver().substitutedValues().containsAll(java.util.Set.of("b-1:9098", "hunter2")));
    }

    record Written(String version, Map<String, String> producerConfig, Double ratio, Map<String, Object> extra) { }

    @Test
    void decimalsBoundToTextKeepTheirWrittenForm() {
        // A tree held 3.10 as the double 3.1: a version or a client setting bound to text lost its written form.
        ConfigSource source = source("version: 3.10\nproducerConfig:\n  a: 1.50\n  b: 1e3\n  c: 0.5\n"
                + "ratio: 2.50\nextra:\n  d: 1.10\n");
        Written w = binder.bind(source, binder.readTree(source), Written.class);
        assertEquals("3.10", w.version());
        assertEquals(Map.of("a", "1.50", "b", "1e3", "c", "0.5"), w.producerConfig());
        assertEquals(2.5, w.ratio());
        assertEquals(1.1, w.extra().get("d"), "a number where any value is allowed");
    }

    @Test
    void lineOfFieldsEvenAfterRemoval() {
        ObjectNode tree = binder.readTree(source(DRIVER));
        tree.remove("driverClass");
        assertEquals(2, YamlBinder.lineOf(tree, "driverClass"));
        assertEquals(12, YamlBinder.lineOf((ObjectNode) tree.get("localCluster"), "brokers"));
        assertNull(YamlBinder.lineOf(tree, "nope"));
        assertNull(YamlBinder.lineOf(tree.deepCopy(), "name"));
    }

    @Test
    void mappingsInListsKnowTheirPlaceButMappingsAddedLaterDoNot() {
        ObjectNode tree = binder.readTree(source("name: x\nphases:\n  - name: a\n  - name: b\n    rate: 3\n"));
        assertEquals(5, YamlBinder.lineOf((ObjectNode) tree.get("phases").get(1), "rate"));
        assertNull(YamlBinder.lineOf(tree.putObject("added"), "name"));
        assertNull(YamlBinder.lineOf(((ArrayNode) tree.get("phases")).addObject(), "name"));
    }

    @Test
    void subsetErrorsKeepLinesAndFieldPaths() {
        ConfigSource source = source(DRIVER.replace("replicationFactor:", "replicationFactr:"));
        ObjectNode tree = binder.readTree(source);
        tree.remove("name");
        tree.remove("driverClass");
        var e = assertThrows(ConfigException.class, () -> binder.bind(source, tree, KafkaConfig.class));
        assertEquals("drivers/msk.yaml:6: unknown field 'replicationFactr'; did you mean 'replicationFactor'? "
                + "Valid fields: commonConfig, replicationFactor, topicConfig, producerConfig, localCluster",
                e.getMessage());
        assertUserFacing(e);
    }

    @Test
    void subsetTypeErrorsAndRecordErrors() {
        ConfigSource source = source(DRIVER.replace("brokers: 3", "brokers: three").replace("${RF:-3}", "0"));
        ObjectNode tree = binder.readTree(source);
        tree.remove("name");
        tree.remove("driverClass");
        var type = assertThrows(ConfigException.class, () -> binder.bind(source, tree, KafkaConfig.class));
        assertEquals("drivers/msk.yaml:12: field 'localCluster.brokers' must be a whole number, got \"three\"",
                type.getMessage());
        tree.remove("localCluster");
        var record = assertThrows(ConfigException.class, () -> binder.bind(source, tree, KafkaConfig.class));
        assertEquals("drivers/msk.yaml:6: replicationFactor must be at least 1", record.getMessage());
    }

    @Test
    void nestedSubsetReportsFullPath() {
        ConfigSource source = source(DRIVER.replace("brokers: 3", "brokerz: 3"));
        ObjectNode cluster = (ObjectNode) binder.readTree(source).get("localCluster");
        var e = assertThrows(ConfigException.class, () -> binder.bind(source, cluster, Cluster.class));
        assertEquals("drivers/msk.yaml:12: unknown field 'localCluster.brokerz'; did you mean 'brokers'? "
                + "Valid fields: brokers, version", e.getMessage());
    }

    @Test
    void copiedSubsetReportsFieldWithoutLine() {
        ConfigSource source = source(DRIVER.replace("replicationFactor:", "replicationFactr:"));
        ObjectNode copy = binder.readTree(source).deepCopy();
        copy.remove("name");
        copy.remove("driverClass");
        var e = assertThrows(ConfigException.class, () -> binder.bind(source, copy, KafkaConfig.class));
        assertContains(e.getMessage(), "drivers/msk.yaml: unknown field 'replicationFactr'; did you mean");
        assertNull(e.line());
        assertEquals("replicationFactr", e.field());
    }

    @Test
    void subsetNeverShowsSubstitutedValues() {
        ConfigSource source = source("name: x\nreplicationFactor: ${PASSWORD}\n");
        ObjectNode tree = binder.readTree(source);
        tree.remove("name");
        var e = assertThrows(ConfigException.class, () -> binder.bind(source, tree, KafkaConfig.class));
        assertEquals("drivers/msk.yaml:2: field 'replicationFactor' must be a whole number, got a value from a "
                + "placeholder", e.getMessage());
        assertFalse(e.getMessage().contains("hunter2"));
    }

    @Test
    void readTreeErrors() {
        var missing = assertThrows(ConfigException.class,
                () -> binder.readTree(source("name: x\ncommonConfig: |\n  a=1\n  b=${env:NOT_SET}\n")));
        assertEquals("drivers/msk.yaml:4: environment variable NOT_SET is not set (used in field 'commonConfig'). "
                + "Set it, or give a default: ${env:NOT_SET:-value}", missing.getMessage());
        var dup = assertThrows(ConfigException.class, () -> binder.readTree(source("a: 1\nb: 2\na: 3\n")));
        assertEquals("drivers/msk.yaml:3: duplicate key 'a' (first set on line 1); remove one of them",
                dup.getMessage());
        var malformed = assertThrows(ConfigException.class, () -> binder.readTree(source("a: [1, 2\nb: 3\n")));
        assertContains(malformed.getMessage(), "drivers/msk.yaml:", "malformed YAML:");
        assertUserFacing(malformed);
        var empty = assertThrows(ConfigException.class, () -> binder.readTree(source("")));
        assertEquals("drivers/msk.yaml: the document is empty; expected a mapping of fields (key: value lines)",
                empty.getMessage());
        var list = assertThrows(ConfigException.class, () -> binder.readTree(source("- a\n")));
        assertContains(list.getMessage(), "got a list");
    }

    @Test
    void treeKeepsScalarTypes() {
        ObjectNode tree = binder.readTree(source("i: 1\nl: 10000000000\nd: 2.5\nb: true\nn: ~\ns: text\nlist: [1, a]\n"));
        assertTrue(tree.get("i").isInt());
        assertTrue(tree.get("l").isLong());
        assertTrue(tree.get("d").isDouble());
        assertTrue(tree.get("b").isBoolean());
        assertTrue(tree.get("n").isNull());
        assertEquals("text", tree.get("s").asText());
        assertEquals(2, tree.get("list").size());
    }
}
