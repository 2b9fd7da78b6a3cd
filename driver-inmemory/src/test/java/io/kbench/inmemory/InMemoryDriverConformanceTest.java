package io.kbench.inmemory;

import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.TopicSpec;
import io.kbench.testkit.DriverConformanceTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The in-memory driver keeps every promise of the driver SPI. */
class InMemoryDriverConformanceTest extends DriverConformanceTest<InMemoryConfig> {

    static final int MAX_PARTITIONS = 8;
    static InMemoryCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = InMemoryCluster.start("conformance-" + UUID.randomUUID());
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    @Override
    protected BenchmarkDriver<InMemoryConfig> newDriver() {
        return new InMemoryDriver();
    }

    @Override
    protected InMemoryConfig config() {
        return new InMemoryConfig(cluster.name(), MAX_PARTITIONS, 200L, null);
    }

    /**
     * Deliveries stop within the JVM at once: 400 ms of watching for what must not happen is ample, and
     * keeps the suite (run once here and once per broken driver) short. The age test's age, three of
     * these, still leaves a busy machine time to assign partitions.
     */
    @Override
    protected Duration settleTime() {
        return Duration.ofMillis(400);
    }

    /** An in-memory cluster is reached by name within the JVM: no cluster here has this one. */
    @Override
    protected InMemoryConfig unreachableConfig() {
        return InMemoryConfig.of(unreachableAddress());
    }

    @Override
    protected String unreachableAddress() {
        return "nowhere";
    }

    @Override
    protected Map<String, Integer> systemTopics() {
        return cluster.topicPartitions();
    }

    /** The headers of the messages the cluster's partition logs hold, read from the logs themselves. */
    @Override
    protected Optional<List<List<ProducerOptions.Header>>> recordHeaders(String topic) {
        Topic t = cluster.topic(topic);
        List<List<ProducerOptions.Header>> out = new ArrayList<>();
        for (int p = 0; t != null && p < t.partitionCount(); p++) {
            PartitionLog log = t.partition(p);
            log.read(0, (int) log.end()).forEach(m -> out.add(m.headers()));
        }
        return Optional.of(out);
    }

    /** The reference driver covers the whole SPI, the calls of existingTopics runs too. */
    @Override
    protected boolean supportsExistingTopics() {
        return true;
    }

    @Override
    protected TopicSpec refusedTopic() {
        return new TopicSpec("conformance-too-many-partitions", MAX_PARTITIONS + 1);
    }
}
