package io.kbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.config.ConfigException;
import io.kbench.driver.SweepTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepDefinitionTest {

    private static final List<SweepTarget> KAFKA_LIKE = TestTargets.KAFKA_LIKE;

    @TempDir
    Path dir;

    private SweepDefinition read(String yaml) throws IOException {
        Path sweeps = Files.createDirectories(dir.resolve("sweeps"));
        Path f = sweeps.resolve("my-sweep.yaml");
        Files.writeString(f, yaml);
        return SweepDefinition.read(f);
    }

    private ConfigException fails(String yaml) {
        return assertThrows(ConfigException.class, () -> read(yaml));
    }

    @Test
    void readsEveryFieldWithPathsRelativeToTheSweepFile() throws IOException {
        SweepDefinition s = read("""
                name: record-size
                workload: ../record-size.yaml
                drivers: [../driver-kafka/kafka-local.yaml]
                repeat: 5
                parameters:
                  messageSize: [1, 10, 50, 100, 1000]
                  producer.batch.size: [8196]
                  broker.log.flush.interval.messages: [1000]
                  driver.replicationFactor: [1]
                """);
        assertEquals("record-size", s.name());
        assertEquals(dir.resolve("record-size.yaml").toAbsolutePath().normalize(), s.workloadFile());
        assertEquals(List.of(dir.resolve("driver-kafka/kafka-local.yaml").toAbsolutePath().normalize()), s.driverFiles());
        assertEquals(5, s.repeat());
        assertEquals(List.of("messageSize", "producer.batch.size", "broker.log.flush.interval.messages", "driver.replicationFactor"),
                s.parameters().stream().map(Parameter::name).toList());
        assertEquals(List.of(Parameter.Kind.WORKLOAD, Parameter.Kind.DRIVER_SETTING, Parameter.Kind.DRIVER_SETTING,
                Parameter.Kind.DRIVER_FIELD), s.parameters().stream().map(Parameter::kind).toList());
        assertEquals(Arrays.asList(null, "producer", "broker", null), s.parameters().stream().map(Parameter::prefix).toList());
        assertEquals(List.of("messageSize", "batch.size", "log.flush.interval.messages", "replicationFactor"),
                s.parameters().stream().map(Parameter::key).toList());
        assertEquals(List.of(6, 7, 8, 9), s.parameters().stream().map(Parameter::line).toList());
        assertEquals(5, s.parameters().get(0).values().size());
        s.checkParameters(new ParameterForms("kafka-local.yaml", TestTargets.KAFKA_LIKE)); // every form is one the driver takes
    }

    @Test
    void defaultsNameRepeatAndDrivers() throws IOException {
        SweepDefinition s = read("workload: w.yaml\nparameters:\n  messageSize: [1]\n");
        assertEquals("my-sweep", s.name());
        assertEquals(1, s.repeat());
        assertTrue(s.driverFiles().isEmpty());
        assertEquals(3, s.withRepeat(3).repeat());
    }

    @Test
    void withoutParametersThereIsOneCombination() throws IOException {
        SweepDefinition s = read("workload: w.yaml\nrepeat: 3\n");
        List<Combination> all = s.combinations(List.of(Path.of("d.yaml")));
        assertEquals(1, all.size());
        assertEquals("base", all.get(0).label());
        assertEquals("base-r2.json", all.get(0).runFileName(2));
    }

    /** The sweep read, then its parameters checked against a driver declaring these targets. */
    private ConfigException failsOn(List<SweepTarget> targets, String yaml) throws IOException {
        SweepDefinition s = read(yaml);
        return assertThrows(ConfigException.class, () -> s.checkParameters(new ParameterForms("kafka.yaml", targets)));
    }

    @Test
    void unknownWorkloadFieldNamesTheNearest() throws IOException {
        ConfigException e = failsOn(KAFKA_LIKE, "workload: w.yaml\nparameters:\n  messageSize: [1]\n  partitionPerTopic: [1, 2]\n");
        assertEquals(4, e.line());
        assertEquals("parameters.partitionPerTopic", e.field());
        assertTrue(e.getMessage().contains("unknown parameter 'partitionPerTopic'; did you mean 'partitionsPerTopic'?"), e.getMessage());
        assertTrue(e.getMessage().contains("producer.<key>"), e.getMessage());
    }

    @Test
    void unknownPrefixNamesTheNearest() throws IOException {
        ConfigException e = failsOn(KAFKA_LIKE, "workload: w.yaml\nparameters:\n  producr.batch.size: [1]\n");
        assertTrue(e.getMessage().contains("did you mean 'producer.batch.size'?"), e.getMessage());
    }

    @Test
    void aKafkaSettingWithoutPrefixIsToldToTakeOne() throws IOException {
        ConfigException e = failsOn(KAFKA_LIKE, "workload: w.yaml\nparameters:\n  linger.ms: [1]\n");
        assertTrue(e.getMessage().contains("unknown parameter 'linger.ms'"), e.getMessage());
        e = failsOn(KAFKA_LIKE, "workload: w.yaml\nparameters:\n  acks: [1]\n");
        assertTrue(e.getMessage().contains("e.g. producer.acks"), e.getMessage());
    }

    @Test
    void aPrefixTheDriverDoesNotDeclareFailsWithTheFormsItTakes() throws IOException {
        ConfigException e = failsOn(List.of(), "workload: w.yaml\nparameters:\n  messageSize: [1]\n  producer.batch.size: [1]\n");
        assertEquals(4, e.line());
        assertEquals("parameters.producer.batch.size", e.field());
        assertEquals(dir.resolve("sweeps/my-sweep.yaml").toString() + ":4: unknown parameter 'producer.batch.size'. Parameters for "
                + "kafka.yaml are a workload field (messageSize, partitionsPerTopic, producerRate, ...) or driver.<field> "
                + "(a top-level field of the driver file)", e.getMessage());
        // Another driver's prefixes are listed with its own descriptions.
        e = failsOn(TestTargets.OTHER, "workload: w.yaml\nparameters:\n  producer.batch.size: [1]\n");
        assertTrue(e.getMessage().endsWith("Parameters for kafka.yaml are a workload field (messageSize, partitionsPerTopic, "
                + "producerRate, ...), client.<key> (client options in clientOptions, e.g. client.timeout), server.<key> "
                + "(server options of the cluster, e.g. server.threads), store.<key> (storage options in store, e.g. store.fsync) "
                + "or driver.<field> (a top-level field of the driver file)"), e.getMessage());
    }

    @Test
    void unknownFieldOfTheSweepFileNamesTheNearest() {
        ConfigException e = fails("workload: w.yaml\nparamters:\n  messageSize: [1]\n");
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("did you mean 'parameters'?"), e.getMessage());
    }

    @Test
    void badValuesAreErrors() {
        assertTrue(fails("workload: w.yaml\nparameters:\n  messageSize: []\n").getMessage().contains("has no values"));
        assertTrue(fails("workload: w.yaml\nparameters:\n  messageSize: [1, 1]\n").getMessage().contains("lists 1 twice"));
        assertTrue(fails("workload: w.yaml\nparameters:\n  messageSize: [{a: 1}]\n").getMessage().contains("mapping as a value"));
        assertTrue(fails("workload: w.yaml\nparameters:\n  producer.: [1]\n").getMessage().contains("names no setting"));
        assertTrue(fails("workload: w.yaml\nparameters:\n  driver.: [1]\n").getMessage().contains("write driver.<field>"));
        assertTrue(fails("workload: w.yaml\nparameters:\n  name: [a]\n").getMessage().contains("cannot be varied"));
        assertTrue(fails("workload: w.yaml\nrepeat: 0\n").getMessage().contains("repeat must be at least 1"));
        assertTrue(fails("repeat: 2\n").getMessage().contains("workload is required"));
    }

    @Test
    void combinationsFollowFileOrderFirstParameterSlowest() throws IOException {
        SweepDefinition s = read("""
                workload: w.yaml
                parameters:
                  messageSize: [1, 10, 100]
                  producer.acks: [1, all]
                """);
        List<Combination> all = s.combinations(List.of(Path.of("d.yaml")));
        assertEquals(List.of(
                "messageSize=1, producer.acks=1", "messageSize=1, producer.acks=all",
                "messageSize=10, producer.acks=1", "messageSize=10, producer.acks=all",
                "messageSize=100, producer.acks=1", "messageSize=100, producer.acks=all"),
                all.stream().map(Combination::label).toList());
        assertEquals(List.of(0, 1, 2, 3, 4, 5), all.stream().map(Combination::index).toList());
        assertEquals("messageSize-10_producer.acks-all", all.get(3).slug());
    }

    @Test
    void severalDriversAreTheOutermostDimension() throws IOException {
        SweepDefinition s = read("workload: w.yaml\nparameters:\n  messageSize: [1, 10]\n");
        List<Combination> all = s.combinations(List.of(Path.of("a/kafka.yaml"), Path.of("b/msk.yaml")));
        assertEquals(List.of("driver=kafka, messageSize=1", "driver=kafka, messageSize=10",
                "driver=msk, messageSize=1", "driver=msk, messageSize=10"), all.stream().map(Combination::label).toList());
        assertEquals("driver-kafka_messageSize-1", all.get(0).slug());
        assertEquals(Path.of("b/msk.yaml"), all.get(2).driverFile());
        // One driver: no driver column.
        assertEquals(null, s.combinations(List.of(Path.of("a/kafka.yaml"))).get(0).driverLabel());
    }

    @Test
    void slugsAreFileNameSafeAndUnique() throws IOException {
        SweepDefinition s = read("workload: w.yaml\nparameters:\n  producer.client.id: [\"a b\", \"a/b\", \"A-B\"]\n");
        List<Combination> all = s.combinations(List.of(Path.of("d.yaml")));
        HashSet<String> slugs = new HashSet<>();
        for (Combination c : all) {
            assertTrue(c.slug().matches("[A-Za-z0-9.+_-]+"), c.slug());
            assertTrue(slugs.add(c.slug().toLowerCase()), c.slug());
        }
        assertNotEquals(all.get(0).slug(), all.get(1).slug());
    }

    @Test
    void decimalValuesAreWrittenPlainly() throws IOException {
        SweepDefinition s = read("workload: w.yaml\nparameters:\n  randomBytesRatio: [0.5, 1.0]\n");
        List<Combination> all = s.combinations(List.of(Path.of("d.yaml")));
        assertEquals("randomBytesRatio=0.5", all.get(0).label());
        assertEquals("randomBytesRatio=1", all.get(1).label());
    }
}
