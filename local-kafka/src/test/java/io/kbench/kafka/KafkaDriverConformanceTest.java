package io.kbench.kafka;

import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.TopicSpec;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import io.kbench.testkit.DriverConformanceTest;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The Kafka driver keeps every promise of the driver SPI, share groups included, against a one-broker local cluster. */
class KafkaDriverConformanceTest extends DriverConformanceTest<KafkaDriverConfig> {

    private static LocalKafkaCluster cluster;
    private static Admin admin;
    private static String closedAddress;

    @BeforeAll
    static void startCluster() throws IOException {
        cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults(), line -> { });
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedAddress = "127.0.0.1:" + s.getLocalPort(); // free again once closed: nothing listens there
        }
    }

    @AfterAll
    static void stopCluster() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    protected BenchmarkDriver<KafkaDriverConfig> newDriver() {
        return new KafkaBenchmarkDriver();
    }

    /**
     * As kafka-local.yaml, pointing at the test's cluster; share groups and consumer-protocol groups
     * heartbeat every second instead of 5 s, so that a new member learns its assignment sooner (the
     * suite makes a group per test).
     */
    @Override
    protected KafkaDriverConfig config() {
        return new KafkaDriverConfig(1, null, null, "bootstrap.servers=" + cluster.bootstrapServers(),
                "acks=1\nlinger.ms=1", "auto.offset.reset=earliest\nenable.auto.commit=false", null, null, null, null,
                "share.heartbeat.interval.ms=1000\nconsumer.heartbeat.interval.ms=1000");
    }

    @Override
    protected KafkaDriverConfig unreachableConfig() {
        // default.api.timeout.ms shortens the wait for the first answer: the 30 s bound holds without waiting 15 s.
        return new KafkaDriverConfig(1, null, null, "bootstrap.servers=" + closedAddress + "\nrequest.timeout.ms=4000\ndefault.api.timeout.ms=4000", null, null,
                null);
    }

    @Override
    protected String unreachableAddress() {
        return closedAddress;
    }

    @Override
    protected Map<String, Integer> systemTopics() {
        for (int attempt = 1; ; attempt++) {
            try {
                Set<String> names = admin.listTopics().names().get(10, TimeUnit.SECONDS);
                Map<String, Integer> out = new HashMap<>();
                for (TopicDescription d : admin.describeTopics(names).allTopicNames().get(10, TimeUnit.SECONDS).values()) {
                    out.put(d.name(), d.partitions().size());
                }
                return out;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || attempt == 3) {
                    throw new IllegalStateException("could not list the cluster's topics", e); // deleted between list and describe: ask again
                }
            } catch (Exception e) {
                throw new IllegalStateException("could not list the cluster's topics", e);
            }
        }
    }

    /** Every record of the topic, read from the start with a plain KafkaConsumer (no group), up to the end offsets seen first. */
    @Override
    protected Optional<List<List<ProducerOptions.Header>>> recordHeaders(String topic) {
        Map<String, Object> props = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        try (KafkaConsumer<byte[], byte[]> reader = new KafkaConsumer<>(props)) {
            List<TopicPartition> partitions = reader.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            reader.assign(partitions);
            reader.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = reader.endOffsets(partitions, Duration.ofSeconds(10));
            List<List<ProducerOptions.Header>> out = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (partitions.stream().anyMatch(p -> reader.position(p) < end.get(p)) && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : reader.poll(Duration.ofMillis(200))) {
                    List<ProducerOptions.Header> headers = new ArrayList<>();
                    for (Header h : r.headers()) {
                        if (!h.key().equals(ProducerOptions.STAMP_HEADER)) {
                            headers.add(new ProducerOptions.Header(h.key(), h.value()));
                        }
                    }
                    out.add(headers);
                }
            }
            return Optional.of(out);
        }
    }

    /** existingTopics runs are meant for Kafka clusters above all. */
    @Override
    protected boolean supportsExistingTopics() {
        return true;
    }

    /** Kafka refuses topic names outside [a-zA-Z0-9._-]. */
    @Override
    protected TopicSpec refusedTopic() {
        return new TopicSpec("conformance refused: a space is not allowed", 1);
    }
}
