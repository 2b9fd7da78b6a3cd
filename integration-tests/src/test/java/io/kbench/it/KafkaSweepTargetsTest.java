package io.kbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.IntNode;
import io.kbench.kafka.KafkaBenchmarkDriver;
import io.kbench.sweep.Parameter;
import io.kbench.sweep.Setting;
import io.kbench.sweep.SweepEdits;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kafka driver's declared sweep targets, through the framework's generic edits and checks: the
 * same driver text and the same messages as when the framework knew Kafka's fields by name. No
 * broker is needed: all of it happens before anything connects.
 */
@Timeout(60)
class KafkaSweepTargetsTest {

    @TempDir
    Path dir;

    private static final String LOCAL_DRIVER = """
            name: Kafka (local)
            driverClass: io.kbench.kafka.KafkaBenchmarkDriver
            replicationFactor: 1
            localCluster:
              brokers: 1
            producerConfig: |
              # the producer
              acks=1
              batch.size=131072
            """;

    private static Setting setting(String name, int value) {
        return new Setting(Parameter.of(name, List.of(IntNode.valueOf(value))), IntNode.valueOf(value));
    }

    @Test
    void producerAndBrokerSettingsLandWhereTheyDidBefore() {
        String edited = SweepEdits.driver(LOCAL_DRIVER, List.of(setting("producer.batch.size", 8196),
                setting("broker.log.flush.interval.messages", 10000)), new KafkaBenchmarkDriver().sweepTargets());
        assertEquals("""
                name: Kafka (local)
                driverClass: io.kbench.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                localCluster:
                  brokers: 1
                  brokerConfig:
                    log.flush.interval.messages: 10000
                producerConfig: |
                  # the producer
                  acks=1
                  batch.size=8196
                """, edited);
    }

    private Path files(String parameters) throws Exception {
        Cli.write(dir, "w.yaml", "messageSize: 100\nproducerRate: 1000\nmessageCount: 1000\n");
        Cli.write(dir, "remote.yaml", "name: remote\ndriverClass: io.kbench.kafka.KafkaBenchmarkDriver\n"
                + "commonConfig: |\n  bootstrap.servers=127.0.0.1:1\n");
        return Cli.write(dir, "s.yaml", "workload: w.yaml\ndrivers: [remote.yaml]\nparameters:\n" + parameters);
    }

    @Test
    void brokerSettingWithoutLocalClusterIsBadInput() throws Exception {
        Path sweep = files("  broker.log.flush.interval.messages: [1, 2]\n");
        Cli.Outcome r = Cli.run("sweep", "--output-dir", dir.resolve("out").toString(), sweep.toString());
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("2 of 2 combinations cannot run"), r.err());
        assertTrue(r.err().contains("remote.yaml: broker.log.flush.interval.messages is a broker setting, but this driver file has "
                + "no localCluster: kbench only configures brokers it starts itself. On other clusters vary a topic-level "
                + "setting instead, e.g. topic.flush.messages or topic.flush.ms"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void aKafkaSettingWithoutPrefixOrAWholeConfigFieldIsBadInputWithItsLine() throws Exception {
        Cli.Outcome r = Cli.run("sweep", "--output-dir", dir.resolve("out").toString(), files("  messageSize: [1]\n  acks: [1, all]\n")
                .toString());
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("s.yaml:5: unknown parameter 'acks'"), r.err());
        assertTrue(r.err().contains("this driver's settings take a prefix, e.g. producer.acks"), r.err());
        assertTrue(r.err().contains("producer.<key> (Kafka producer settings in producerConfig, e.g. producer.batch.size)"), r.err());

        r = Cli.run("sweep", "--output-dir", dir.resolve("out").toString(), files("  driver.producerConfig: [acks=1]\n").toString());
        assertEquals(2, r.exitCode(), r.all());
        assertTrue(r.err().contains("s.yaml:4: driver.producerConfig would replace the whole producerConfig: "
                + "set one setting with producer.<key>"), r.err());
    }
}
