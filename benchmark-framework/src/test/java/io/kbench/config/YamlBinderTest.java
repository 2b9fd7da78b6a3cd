package io.kbench.config;

import static io.kbench.config.Messages.assertContains;
import static io.kbench.config.Messages.assertUserFacing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YamlBinderTest {

    enum KeyDistributorType { NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO }

    record LocalCluster(Integer brokers, String version, Integer controllers) {
        LocalCluster {
            if (brokers != null && controllers != null && controllers > brokers) {
                throw new IllegalArgumentException("need at least as many brokers as controllers");
            }
        }
    }

    record Phase(String name, Duration duration, Double rateFactor) {
        Phase {
            if (rateFactor != null && rateFactor <= 0) {
                throw new IllegalArgumentException("rate factor must be positive");
            }
        }
    }

    record Workload(String name, Integer topics, Integer partitionsPerTopic, Integer messageSize,
                    Double producerRate, KeyDistributorType keyDistributor, Duration testDuration,
                    Boolean consumerBacklog, Long totalBytes, List<String> payloads, Map<String, String> producerConfig,
                    Map<String, Object> extra, LocalCluster localCluster, List<Phase> phases) {
        Workload {
            if (partitionsPerTopic != null && partitionsPerTopic < 1) {
                throw new IllegalArgumentException("partitionsPerTopic must be at least 1, got " + partitionsPerTopic);
            }
            if (producerRate != null && producerRate == 0 && consumerBacklog == Boolean.FALSE) {
                throw new IllegalArgumentException("nothing to do without producers or a backlog");
            }
            if (testDuration == null) {
                testDuration = Duration.ofMinutes(1);
            }
        }
    }

    record Primitives(int count, long bytes, boolean enabled, double ratio) { }

    record Single(String name) { }

    private final Map<String, String> env = Map.of("PORT", "9092", "SECRET", "hunter2", "RATE", "fast");
    private final YamlBinder binder = new YamlBinder(new PlaceholderResolver(env::get));

    private Workload bind(String yaml) {
        return binder.bind(ConfigSource.of("workloads/w.yaml", yaml), Workload.class);
    }

    private ConfigException error(String yaml) {
        return error(yaml, Workload.class);
    }

    private ConfigException error(String yaml, Class<?> type) {
        ConfigException e = assertThrows(ConfigException.class,
                () -> binder.bind(ConfigSource.of("workloads/w.yaml", yaml), type));
        assertUserFacing(e);
        assertEquals("workloads/w.yaml", e.source());
        return e;
    }

    // --- happy paths ---

    @Test
    void bindsAFullWorkload() {
        Workload w = bind("""
                # OMB-style workload
                name: 1 topic / 10 partitions
                topics: 1
                partitionsPerTopic: "10"
                messageSize: 1024
                producerRate: 50000
                keyDistributor: key_round_robin
                testDuration: 1m30s
                consumerBacklog: false
                totalBytes: 10000000000
                payloads: [payload/1KB.data, payload/2KB.data]
                producerConfig:
                  acks: all
                  linger.ms: 1
                  enable.idempotence: true
                  compression.ratio: 0.50
                extra:
                  n: 1
                  list: [a, 2.5]
                localCluster:
                  brokers: 3
                  version: 4.3.1
                phases:
                  - name: warmup
                    duration: 30s
                  - name: steady
                    duration: 5m
                    rateFactor: 1.5
                """);
        assertEquals("1 topic / 10 partitions", w.name());
        assertEquals(10, w.partitionsPerTopic());
        assertEquals(50000.0, w.producerRate());
        assertEquals(KeyDistributorType.KEY_ROUND_ROBIN, w.keyDistributor());
        assertEquals(Duration.ofSeconds(90), w.testDuration());
        assertEquals(10_000_000_000L, w.totalBytes());
        assertEquals(List.of("payload/1KB.data", "payload/2KB.data"), w.payloads());
        assertEquals(Map.of("acks", "all", "linger.ms", "1", "enable.idempotence", "true", "compression.ratio", "0.50"),
                w.producerConfig());
        assertEquals(Map.of("n", 1, "list", List.of("a", 2.5)), w.extra());
        assertEquals(new LocalCluster(3, "4.3.1", null), w.localCluster());
        assertEquals(List.of(new Phase("warmup", Duration.ofSeconds(30), null),
                new Phase("steady", Duration.ofMinutes(5), 1.5)), w.phases());
    }

    @Test
    void absentFieldsAreNullAndRecordsApplyDefaults() {
        Workload w = bind("name: minimal\n");
        assertNull(w.topics());
        assertEquals(Duration.ofMinutes(1), w.testDuration());
        assertEquals(new Single("x"), binder.bind(ConfigSource.of("s.yaml", "name: x"), Single.class));
    }

    @Test
    void primitives() {
        assertEquals(new Primitives(3, 4L, true, 0.5),
                binder.bind(ConfigSource.of("p.yaml", "count: 3\nbytes: 4\nenabled: true\nratio: 0.5\n"),
                        Primitives.class));
    }

    @Test
    void placeholdersAreResolvedInValuesNotKeys() {
        Workload w = bind("""
                name: "$${literal}"
                messageSize: ${PORT}
                producerConfig:
                  bootstrap.servers: localhost:${env:PORT}
                  ${PORT}: ${MISSING:-fallback}
                """);
        assertEquals("${literal}", w.name());
        assertEquals(9092, w.messageSize());
        assertEquals(Map.of("bootstrap.servers", "localhost:9092", "${PORT}", "fallback"), w.producerConfig());
        assertEquals(Set.of("9092"), binder.resolver().substitutedValues());
    }

    @Test
    void filePlaceholderRelativeToTheYamlFile(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("secret.txt"), "hunter2\n");
        Path yaml = dir.resolve("w.yaml");
        Files.writeString(yaml, "name: w\nproducerConfig:\n  sasl.password: ${file:secret.txt}\n");
        Workload w = binder.bind(ConfigSource.read(yaml), Workload.class);
        assertEquals("hunter2", w.producerConfig().get("sasl.password"));
        assertTrue(binder.resolver().substitutedValues().contains("hunter2"));
    }

    // --- malformed documents ---

    @Test
    void malformedYaml() {
        var e = error("name: x\n  topics: 3\n");
        assertEquals("workloads/w.yaml:2: malformed YAML: mapping values are not allowed here (column 9)",
                e.getMessage());
        assertEquals(2, e.line());
        var tab = error("name: x\n\ttopics: 3\n");
        assertContains(tab.getMessage(), "workloads/w.yaml:2: malformed YAML:");
        var quote = error("name: \"unterminated\ntopics: 3\n");
        assertContains(quote.getMessage(), "workloads/w.yaml:", "malformed YAML:");
    }

    @Test
    void emptyDocumentSaysWhatIsExpected() {
        for (String empty : new String[] {"", "# just a comment\n", "---\n"}) {
            var e = error(empty);
            assertEquals("workloads/w.yaml: the document is empty; expected a mapping of fields such as "
                    + "name, topics, partitionsPerTopic, ...", e.getMessage());
        }
    }

    @Test
    void topLevelMustBeAMapping() {
        var list = error("- name: x\n");
        assertEquals("workloads/w.yaml:1: expected a mapping of fields such as name, topics, partitionsPerTopic, ..."
                + " at the top level, got a list", list.getMessage());
        assertContains(error("just text\n").getMessage(), "got text");
        assertContains(error("42\n").getMessage(), "workloads/w.yaml:1:", "got a number");
    }

    @Test
    void onlyOneDocument() {
        var e = error("name: a\n---\nname: b\n");
        assertContains(e.getMessage(), "workloads/w.yaml:3: only one YAML document per file");
    }

    @Test
    void duplicateKeysNameKeyAndBothLines() {
        var e = error("name: a\ntopics: 1\nname: b\n");
        assertEquals("workloads/w.yaml:3: duplicate key 'name' (first set on line 1); remove one of them",
                e.getMessage());
        var nested = error("name: a\nlocalCluster:\n  brokers: 1\n  brokers: 2\n");
        assertEquals(4, nested.line());
        assertEquals("localCluster.brokers", nested.field());
        var inList = error("name: a\nphases:\n  - name: x\n  - name: y\n    duration: 1s\n    name: z\n");
        assertEquals("workloads/w.yaml:6: duplicate key 'name' (first set on line 4); remove one of them",
                inList.getMessage());
        assertEquals("phases[1].name", inList.field());
    }

    @Test
    void aliasesAreRejected() {
        var e = error("name: &n x\npayloads: [*n]\n");
        assertContains(e.getMessage(), "workloads/w.yaml:2: YAML aliases (*n) are not supported");
    }

    // --- unknown fields ---

    @Test
    void unknownFieldSuggestsNearestAndListsValidFields() {
        var e = error("name: x\npartitionPerTopic: 10\n");
        assertEquals("workloads/w.yaml:2: unknown field 'partitionPerTopic'; did you mean 'partitionsPerTopic'? "
                + "Valid fields: name, topics, partitionsPerTopic, messageSize, producerRate, keyDistributor, "
                + "testDuration, consumerBacklog, totalBytes, payloads, producerConfig, extra, localCluster, phases",
                e.getMessage());
        assertEquals("partitionPerTopic", e.field());
    }

    @Test
    void unknownFieldWithoutCloseMatch() {
        var e = error("name: x\ncolour: blue\n");
        assertContains(e.getMessage(), "workloads/w.yaml:2: unknown field 'colour'. Valid fields: name, topics");
        assertFalse(e.getMessage().contains("did you mean"));
    }

    @Test
    void unknownNestedFieldUsesDottedPathAndNestedFields() {
        var e = error("name: x\nlocalCluster:\n  version: 4.3.1\n  brokerz: 3\n");
        assertEquals("workloads/w.yaml:4: unknown field 'localCluster.brokerz'; did you mean 'brokers'? "
                + "Valid fields: brokers, version, controllers", e.getMessage());
        assertEquals("localCluster.brokerz", e.field());
        var inList = error("name: x\nphases:\n  - name: a\n  - nmae: b\n");
        assertContains(inList.getMessage(), "workloads/w.yaml:4: unknown field 'phases[1].nmae'; did you mean 'name'?",
                "Valid fields: name, duration, rateFactor");
    }

    // --- wrong types ---

    @Test
    void wrongTypesUseUserWords() {
        assertEquals("workloads/w.yaml:2: field 'topics' must be a whole number, got \"ten\"",
                error("name: x\ntopics: ten\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'topics' must be a whole number, got 2.5",
                error("name: x\ntopics: 2.5\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'topics' must be a whole number, got \"2.5\"",
                error("name: x\ntopics: '2.5'\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'producerRate' must be a number, got \"lots\"",
                error("name: x\nproducerRate: lots\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'consumerBacklog' must be true/false, got 1",
                error("name: x\nconsumerBacklog: 1\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'consumerBacklog' must be true/false, got \"maybe\"",
                error("name: x\nconsumerBacklog: maybe\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'name' must be text, got a list",
                error("topics: 1\nname: [a]\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'payloads' must be a list, got \"one.data\"",
                error("name: x\npayloads: one.data\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'producerConfig' must be a mapping, got a list",
                error("name: x\nproducerConfig: [a]\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'localCluster' must be a mapping, got \"big\"",
                error("name: x\nlocalCluster: big\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'topics' must be a whole number, got true",
                error("name: x\ntopics: true\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'producerRate' must be a number, got false",
                error("name: x\nproducerRate: false\n").getMessage());
        assertEquals("workloads/w.yaml:2: field 'topics' must be a whole number, got a mapping",
                error("name: x\ntopics: {a: 1}\n").getMessage());
    }

    @Test
    void wrongTypeInsideListsAndMaps() {
        var e = error("name: x\npayloads:\n  - a\n  - {b: 1}\n");
        assertEquals("workloads/w.yaml:4: field 'payloads[1]' must be text, got a mapping", e.getMessage());
        assertEquals("payloads[1]", e.field());
        var map = error("name: x\nproducerConfig:\n  acks: all\n  retries: [1]\n");
        assertEquals("workloads/w.yaml:4: field 'producerConfig.retries' must be text, got a list", map.getMessage());
    }

    @Test
    void enumsListAllowedValuesAndMatchCaseInsensitively() {
        assertEquals(KeyDistributorType.RANDOM_NANO, bind("keyDistributor: Random_Nano\n").keyDistributor());
        var e = error("name: x\nkeyDistributor: ROUND_ROBIN\n");
        assertContains(e.getMessage(),
                "workloads/w.yaml:2: field 'keyDistributor' must be one of [NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO], "
                        + "got \"ROUND_ROBIN\"");
        var number = error("name: x\nkeyDistributor: 1\n");
        assertEquals("workloads/w.yaml:2: field 'keyDistributor' must be one of [NO_KEY, KEY_ROUND_ROBIN, RANDOM_NANO],"
                + " got 1", number.getMessage());
        assertContains(error("keyDistributor: KEY_ROUND_ROBN\n").getMessage(), "did you mean KEY_ROUND_ROBIN?");
    }

    @Test
    void outOfRangeNumbersSayTheRange() {
        assertEquals("workloads/w.yaml:2: field 'topics' is out of range: must be a whole number between "
                + "-2147483648 and 2147483647, got 3000000000", error("name: x\ntopics: 3000000000\n").getMessage());
        assertContains(error("name: x\ntopics: '3000000000'\n").getMessage(), "is out of range", "2147483647");
        assertContains(error("name: x\ntotalBytes: 99999999999999999999\n").getMessage(),
                "field 'totalBytes' is out of range: must be a whole number between -9223372036854775808 and "
                        + "9223372036854775807");
    }

    @Test
    void primitivesMustBePresentAndNotEmpty() {
        var missing = error("count: 3\nbytes: 1\nratio: 1\n", Primitives.class);
        assertContains(missing.getMessage(), "missing required field 'enabled' (true/false)");
        var empty = error("count:\nbytes: 1\nenabled: true\nratio: 1\n", Primitives.class);
        assertEquals("workloads/w.yaml:1: field 'count' must be a whole number, got an empty value", empty.getMessage());
        var floaty = error("count: 1.5\nbytes: 1\nenabled: true\nratio: 1\n", Primitives.class);
        assertEquals("workloads/w.yaml:1: field 'count' must be a whole number, got 1.5", floaty.getMessage());
    }

    // --- durations ---

    @Test
    void durations() {
        assertEquals(Duration.ofMillis(500), bind("testDuration: 500ms").testDuration());
        assertEquals(Duration.ofMillis(2500), bind("testDuration: 2.5s").testDuration());
        assertEquals(Duration.ofHours(1), bind("testDuration: 1h").testDuration());
        assertEquals(Duration.ofMinutes(5), bind("testDuration: 5min").testDuration());
        assertEquals(Duration.ofMinutes(1), bind("testDuration: ''").testDuration());
    }

    @Test
    void durationErrors() {
        assertEquals("workloads/w.yaml:2: field 'testDuration' needs a unit, e.g. 30s or 5m, got 30",
                error("name: x\ntestDuration: 30\n").getMessage());
        assertContains(error("name: x\ntestDuration: '30'\n").getMessage(), "needs a unit, e.g. 30s or 5m");
        assertEquals("workloads/w.yaml:2: field 'testDuration' must not be negative, got \"-5s\"",
                error("name: x\ntestDuration: -5s\n").getMessage());
        assertContains(error("name: x\ntestDuration: 2d\n").getMessage(), "unknown unit 'd'");
        assertContains(error("name: x\ntestDuration: soon\n").getMessage(),
                "field 'testDuration' must be a duration like 30s");
        assertEquals("workloads/w.yaml:2: field 'testDuration' must be a duration like 30s, got a list",
                error("name: x\ntestDuration: [30s]\n").getMessage());
    }

    // --- record constructors ---

    @Test
    void recordConstructorMessagesPointAtTheFieldTheyMention() {
        var e = error("name: x\ntopics: 1\npartitionsPerTopic: 0\n");
        assertEquals("workloads/w.yaml:3: partitionsPerTopic must be at least 1, got 0", e.getMessage());
        assertEquals("partitionsPerTopic", e.field());
    }

    @Test
    void recordConstructorMessagesOtherwisePointAtTheRecord() {
        var root = error("# comment\n\nname: x\nproducerRate: 0\nconsumerBacklog: false\n");
        assertEquals("workloads/w.yaml:3: nothing to do without producers or a backlog", root.getMessage());
        var nested = error("name: x\nphases:\n  - name: a\n  - name: b\n    rateFactor: -1\n");
        assertEquals("workloads/w.yaml:4: rate factor must be positive", nested.getMessage());
        assertEquals("phases[1]", nested.field());
        var mentioned = error("name: x\nlocalCluster:\n  controllers: 3\n  brokers: 1\n");
        assertEquals("workloads/w.yaml:4: need at least as many brokers as controllers", mentioned.getMessage());
        assertEquals("localCluster.brokers", mentioned.field());
    }

    // --- placeholders in bound documents ---

    @Test
    void missingVariableReportsLineAndField() {
        var e = error("name: x\nproducerConfig:\n  bootstrap.servers: ${env:KAFKA_BOOTSTRAP_SERVERS}\n");
        assertEquals("workloads/w.yaml:3: environment variable KAFKA_BOOTSTRAP_SERVERS is not set (used in field "
                + "'producerConfig.bootstrap.servers'). Set it, or give a default: ${env:KAFKA_BOOTSTRAP_SERVERS:-value}",
                e.getMessage());
        var block = error("name: x\nextra:\n  text: |\n    line one\n    server=${NOPE}\n");
        assertEquals(5, block.line());
        assertEquals("extra.text", block.field());
    }

    @Test
    void substitutedValuesNeverAppearInErrors() {
        var e = error("name: x\nmessageSize: ${SECRET}\n");
        assertEquals("workloads/w.yaml:2: field 'messageSize' must be a whole number, got the value of \"${SECRET}\"",
                e.getMessage());
        assertFalse(e.getMessage().contains("hunter2"));
        var inEnum = error("name: x\nkeyDistributor: key-${SECRET}\n");
        assertFalse(inEnum.getMessage().contains("hunter2"));
    }

    @Test
    void placeholderValuesCoerceToNumbersAndBooleans() {
        assertEquals(9092, bind("topics: ${PORT}").topics());
        assertEquals(Boolean.TRUE, bind("consumerBacklog: ${FLAG:-true}").consumerBacklog());
        assertEquals(9092.0, bind("producerRate: ${PORT}").producerRate());
        assertEquals(KeyDistributorType.NO_KEY, bind("keyDistributor: ${KD:-no_key}").keyDistributor());
    }
}
