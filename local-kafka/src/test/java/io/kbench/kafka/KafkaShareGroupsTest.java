package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.DriverException;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.ShareConsumerCallback;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.TopicSpec;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What Kafka's share groups do that the conformance suite does not cover, on a real local broker:
 * a cluster without share groups refused before the run, settings out of the brokers' range, a record
 * whose lock expires, and a share consumer closed as a crash.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class KafkaShareGroupsTest {

    private static LocalKafkaCluster cluster;
    private final List<AutoCloseable> opened = new ArrayList<>();

    @BeforeAll
    static void startCluster() {
        cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults(), line -> { });
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @AfterEach
    void closeWhatTheTestOpened() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    private KafkaBenchmarkDriver driver(LocalKafkaCluster on) {
        KafkaBenchmarkDriver d = new KafkaBenchmarkDriver();
        d.initialize(new KafkaDriverConfig(1, null, null, "bootstrap.servers=" + on.bootstrapServers(), "acks=1\nlinger.ms=1", "",
                null, null, null, null, "share.heartbeat.interval.ms=1000"));
        opened.add(d);
        return d;
    }

    private static Throwable failure(java.util.concurrent.CompletableFuture<?> f) throws InterruptedException {
        try {
            f.get(60, TimeUnit.SECONDS);
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no answer within 60 s", e);
        }
    }

    @Test
    void aClusterWithoutShareGroupsIsRefusedNamingItsReleaseAndHowToSwitchThemOn() throws Exception {
        try (LocalKafkaCluster off = LocalKafkaCluster.start(LocalClusterConfig.defaults().withShareGroups(false), line -> { })) {
            assertTrue(off.description().contains("share groups switched off"), off.description());
            KafkaBenchmarkDriver d = driver(off);
            Throwable t = failure(d.prepareShareGroup("g", ShareGroupSettings.DEFAULTS));
            assertTrue(t instanceof DriverException, String.valueOf(t));
            String bootstrap = off.bootstrapServers();
            assertEquals("the cluster at " + bootstrap + " has share groups (queues) switched off: its brokers run Kafka 4.3 "
                    + "(metadata.version up to 30) but the finalized feature share.version is 0. Switch them on with: "
                    + "bin/kafka-features.sh --bootstrap-server " + bootstrap + " upgrade --feature share.version=1", t.getMessage());

            // The advice works: what kafka-features.sh does, through the Admin API.
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                admin.updateFeatures(Map.of("share.version", new FeatureUpdate((short) 1, FeatureUpdate.UpgradeType.UPGRADE)))
                        .all().get(60, TimeUnit.SECONDS);
            }
            assertEquals(null, failure(driver(off).prepareShareGroup("g", ShareGroupSettings.DEFAULTS)));
        }
    }

    @Test
    void aSettingOutOfTheBrokersRangeNamesTheSettingAndTheRange() throws Exception {
        KafkaBenchmarkDriver d = driver(cluster);
        Throwable lock = failure(d.prepareShareGroup("g", ShareGroupSettings.DEFAULTS.withRecordLockDuration(Duration.ofMillis(500))));
        assertTrue(lock instanceof DriverException, String.valueOf(lock));
        assertEquals("share group g: share.record.lock.duration.ms (recordLockDuration) 500 ms is out of the cluster's range, 1000 to "
                + "60000 ms (its brokers' group.share.min.record.lock.duration.ms and group.share.max.record.lock.duration.ms)",
                lock.getMessage());
        Throwable limit = failure(d.prepareShareGroup("g", ShareGroupSettings.DEFAULTS.withDeliveryCountLimit(11)));
        assertEquals("share group g: share.delivery.count.limit (deliveryCountLimit) 11 is out of the cluster's range, 2 to 10 (its "
                + "brokers' group.share.min.delivery.count.limit and group.share.max.delivery.count.limit)", limit.getMessage());
    }

    /** Records every delivery and commit; the first delivery of each record is processed for {@code firstProcessing}. */
    private static final class Recorder implements ShareConsumerCallback {
        record Delivery(long sequence, int deliveryCount, long atNanos) {}

        final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
        final List<AcknowledgementCommit> commits = new CopyOnWriteArrayList<>();
        private final Duration firstProcessing;

        Recorder(Duration firstProcessing) {
            this.firstProcessing = firstProcessing;
        }

        @Override
        public Acknowledgement messageReceived(int size, int partition, long position, MessageStamp stamp, int deliveryCount,
                                               long receivedNanos) {
            deliveries.add(new Delivery(stamp.sequence(), deliveryCount, System.nanoTime()));
            if (deliveryCount == 1 && !firstProcessing.isZero()) {
                try {
                    Thread.sleep(firstProcessing.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Acknowledgement.ACCEPT;
        }

        @Override
        public void acknowledgementsCommitted(AcknowledgementCommit commit) {
            commits.add(commit);
        }
    }

    private static void await(String what, Duration limit, java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() - deadline < 0, what + " within " + limit.toSeconds() + " s");
            Thread.sleep(20);
        }
    }

    private void send(KafkaBenchmarkDriver d, String topic, int n, long producerId) throws Exception {
        BenchmarkProducer p = d.createProducer(topic, new ProducerOptions("test", null)).get(30, TimeUnit.SECONDS);
        opened.add(p);
        java.util.concurrent.CountDownLatch acked = new java.util.concurrent.CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            p.sendAsync(null, new byte[100], BenchmarkProducer.ANY_PARTITION, new MessageStamp(System.currentTimeMillis() * 1000, producerId, i), (partition, e) -> acked.countDown());
        }
        assertTrue(acked.await(30, TimeUnit.SECONDS), "acknowledged");
    }

    @Test
    void aRecordProcessedLongerThanItsLockComesBackAndItsLateAcknowledgementSaysTheLockExpired() throws Exception {
        KafkaBenchmarkDriver d = driver(cluster);
        d.createTopics(List.of(new TopicSpec("lock-expiry", 1))).get(30, TimeUnit.SECONDS);
        d.prepareShareGroup("lock-expiry", ShareGroupSettings.DEFAULTS.withRecordLockDuration(Duration.ofSeconds(1))).get(30, TimeUnit.SECONDS);
        Recorder got = new Recorder(Duration.ofMillis(2500));
        opened.add(d.createConsumer(ConsumerRequest.shareMember("lock-expiry", "lock-expiry", AcknowledgementMode.EXPLICIT, got))
                .get(30, TimeUnit.SECONDS));
        send(d, "lock-expiry", 1, 7);
        await("the record comes back after its 1 s lock expired", Duration.ofSeconds(60),
                () -> got.deliveries.stream().anyMatch(x -> x.deliveryCount() == 2));
        // A redelivery may have been acquired (its lock started) while the first one was still being processed, as the
        // consumer fetches ahead: its acknowledgement can come late too, and the record comes back once more. One of them
        // is accepted in the end.
        await("a later acknowledgement accepted", Duration.ofSeconds(30),
                () -> got.commits.stream().skip(1).anyMatch(c -> c.succeeded() && c.accepted() == 1));
        AcknowledgementCommit late = got.commits.get(0);
        assertFalse(late.succeeded(), "the first ACCEPT came 2.5 s into a 1 s lock: " + got.commits);
        assertTrue(late.lockExpired(), "the error says the lock expired: " + late.error());
        assertEquals(1, late.accepted());
        assertTrue(got.commits.stream().filter(c -> !c.succeeded()).allMatch(AcknowledgementCommit::lockExpired), got.commits.toString());
    }

    @Test
    void aShareConsumerClosedAsACrashLeavesTheRecordsItHeldToTheOthers() throws Exception {
        KafkaBenchmarkDriver d = driver(cluster);
        d.createTopics(List.of(new TopicSpec("share-crash", 1))).get(30, TimeUnit.SECONDS);
        Duration lock = Duration.ofSeconds(20);
        d.prepareShareGroup("share-crash", ShareGroupSettings.DEFAULTS.withRecordLockDuration(lock)).get(30, TimeUnit.SECONDS);
        // The first member processes each record for 500 ms, so it holds most of its batch unacknowledged when it crashes.
        Recorder slow = new Recorder(Duration.ofMillis(500));
        BenchmarkConsumer crashing = d.createConsumer(ConsumerRequest.shareMember("share-crash", "share-crash", AcknowledgementMode.EXPLICIT,
                slow)).get(30, TimeUnit.SECONDS);
        send(d, "share-crash", 20, 9);
        await("the first member gets records", Duration.ofSeconds(60), () -> !slow.deliveries.isEmpty());
        Recorder other = new Recorder(Duration.ZERO);
        opened.add(d.createConsumer(ConsumerRequest.shareMember("share-crash", "share-crash", AcknowledgementMode.EXPLICIT, other))
                .get(30, TimeUnit.SECONDS));
        Thread.sleep(1000);
        long crashedAt = System.nanoTime();
        crashing.closeAsCrash();
        await("every record delivered to someone, the crashed member's again", lock.multipliedBy(3),
                () -> other.deliveries.stream().map(Recorder.Delivery::sequence).distinct().count()
                        + slow.deliveries.stream().filter(x -> other.deliveries.stream().noneMatch(o -> o.sequence() == x.sequence()))
                        .count() >= 20 && other.deliveries.stream().anyMatch(x -> x.deliveryCount() >= 2));
        long back = other.deliveries.stream().filter(x -> x.deliveryCount() >= 2).mapToLong(Recorder.Delivery::atNanos).min().orElseThrow();
        double seconds = (back - crashedAt) / 1e9;
        System.out.printf("share consumer crash: records it held came back to the other member %.1f s after closeAsCrash "
                + "(record lock %d s)%n", seconds, lock.toSeconds());
        assertTrue(seconds < lock.toSeconds() + 15, "they came back within the lock duration and some: " + seconds + " s");
    }
}
