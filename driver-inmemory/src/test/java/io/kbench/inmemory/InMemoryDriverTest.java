package io.kbench.inmemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.DriverException;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.ProvisionedCluster;
import io.kbench.driver.StartPosition;
import io.kbench.driver.TopicSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the conformance suite does not look at: failure rate, ack latency, freezing, a cluster per run,
 * a group that exists meeting a member from the end, describing topics of a stopped cluster.
 */
@Timeout(30)
class InMemoryDriverTest {

    private final InMemoryCluster cluster = InMemoryCluster.start("unit-" + UUID.randomUUID());
    private static final ProducerOptions OPTIONS = new ProducerOptions("unit", null);
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
        cluster.close();
    }

    private InMemoryDriver driver(InMemoryConfig config) {
        InMemoryDriver d = new InMemoryDriver();
        toClose.add(d);
        d.initialize(config);
        d.createTopics(List.of(new TopicSpec("t", 2))).join();
        return d;
    }

    @Test
    void aFailureRateFailsThatShareOfEachProducersSendsEvenly() throws Exception {
        BenchmarkProducer p = driver(new InMemoryConfig(cluster.name(), null, null, 0.25)).createProducer("t", OPTIONS).get();
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        AtomicInteger done = new AtomicInteger();
        for (int i = 0; i < 1000; i++) {
            p.sendAsync(null, new byte[10], BenchmarkProducer.ANY_PARTITION, null, (partition, e) -> {
                if (e != null) {
                    errors.add(e);
                }
                done.incrementAndGet();
            });
        }
        p.close();
        assertEquals(1000, done.get());
        assertEquals(250, errors.size());
        assertTrue(errors.get(0) instanceof DriverException && errors.get(0).getMessage().contains("failed this send on purpose"),
                errors.get(0).toString());
    }

    @Test
    void acknowledgementsComeAfterTheConfiguredLatency() throws Exception {
        BenchmarkProducer p = driver(new InMemoryConfig(cluster.name(), null, 20_000L, null)).createProducer("t", OPTIONS).get();
        List<Long> latenciesNanos = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 20; i++) {
            long sent = System.nanoTime();
            p.sendAsync(null, new byte[10], BenchmarkProducer.ANY_PARTITION, MessageStamp.timeOnly(i), (partition, e) -> latenciesNanos.add(System.nanoTime() - sent));
        }
        p.close();
        assertEquals(20, latenciesNanos.size());
        assertTrue(latenciesNanos.stream().allMatch(n -> n >= TimeUnit.MICROSECONDS.toNanos(20_000)), latenciesNanos.toString());
    }

    @Test
    void aQuotaAcknowledgesSendsInTurnOnTheClustersClockAcrossProducers() throws Exception {
        java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(0);
        try (InMemoryCluster timed = InMemoryCluster.start("quota-" + UUID.randomUUID(), now::get)) {
            InMemoryDriver d = driver(new InMemoryConfig(timed.name(), null, null, null, 1_000.0));
            BenchmarkProducer a = d.createProducer("t", OPTIONS).get();
            BenchmarkProducer b = d.createProducer("t", OPTIONS).get();
            AtomicInteger acked = new AtomicInteger();
            for (int i = 0; i < 5; i++) {
                a.sendAsync(null, new byte[10], BenchmarkProducer.ANY_PARTITION, null, (partition, e) -> acked.incrementAndGet());
                b.sendAsync(null, new byte[10], BenchmarkProducer.ANY_PARTITION, null, (partition, e) -> acked.incrementAndGet());
            }
            // 1,000 msg/s for the cluster: one acknowledgement a millisecond, whichever producer sent it.
            Thread.sleep(200);
            assertEquals(1, acked.get(), "at time 0, the first send's turn only");
            now.set(TimeUnit.MICROSECONDS.toNanos(4_500));
            settleAt(acked, 5);
            assertEquals(5, acked.get(), "4.5 ms later, the sends of the first five turns");
            now.set(TimeUnit.MILLISECONDS.toNanos(10));
            a.close();
            b.close();
            assertEquals(10, acked.get());
        }
    }

    @Test
    void aSendCostHoldsTheSendingThreadOnce20MillisecondsOfWorkAreAheadOfTheClustersClock() throws Exception {
        java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(0);
        try (InMemoryCluster timed = InMemoryCluster.start("cost-" + UUID.randomUUID(), now::get)) {
            // 5 ms a send: 200 msg/s on one sending thread at most; the cluster acknowledges at once.
            InMemoryDriver d = driver(new InMemoryConfig(timed.name(), null, null, null, null, 5_000L));
            BenchmarkProducer p = d.createProducer("t", OPTIONS).get();
            AtomicInteger sent = new AtomicInteger();
            Thread sender = new Thread(() -> {
                for (int i = 0; i < 12; i++) {
                    p.sendAsync(null, new byte[10], BenchmarkProducer.ANY_PARTITION, null, (partition, e) -> { });
                    sent.incrementAndGet();
                }
            });
            sender.start();
            // At time 0 the first 4 sends' work (20 ms) is the slack; the 5th waits for the clock.
            Thread.sleep(200);
            assertEquals(4, sent.get(), "20 ms of work ahead, then the sender waits");
            now.set(TimeUnit.MILLISECONDS.toNanos(20));
            settleAt(sent, 8);
            assertEquals(8, sent.get(), "20 ms later, 4 more sends' worth");
            now.set(TimeUnit.MILLISECONDS.toNanos(100));
            sender.join(5_000);
            assertEquals(12, sent.get());
            p.close();
        }
        assertEquals("sendCostMicros", assertThrows(DriverException.class,
                () -> new InMemoryDriver().validate(new InMemoryConfig(null, null, null, null, null, -1L))).field());
    }

    @Test
    void aFrozenClusterHoldsAcknowledgementsUntilThawedAndAProducerClosedMeanwhileFailsThem() throws Exception {
        InMemoryDriver d = driver(InMemoryConfig.of(cluster.name()));
        BenchmarkProducer held = d.createProducer("t", OPTIONS).get();
        AtomicInteger acked = new AtomicInteger();
        cluster.freeze();
        held.sendAsync(null, new byte[1], BenchmarkProducer.ANY_PARTITION, null, (partition, e) -> acked.incrementAndGet());
        Thread.sleep(200);
        assertEquals(0, acked.get(), "nothing is acknowledged while frozen");
        cluster.thaw();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (acked.get() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(1, acked.get(), "acknowledged once thawed");

        BenchmarkProducer closing = d.createProducer("t", OPTIONS).get();
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        cluster.freeze();
        closing.sendAsync(null, new byte[1], BenchmarkProducer.ANY_PARTITION, null, (partition, e) -> errors.add(e));
        long start = System.nanoTime();
        closing.close();
        double seconds = (System.nanoTime() - start) / 1e9;
        cluster.thaw();
        assertTrue(seconds >= 2.5 && seconds < 5, "close gave up after " + seconds + " s");
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).getMessage().contains("closed before in-memory cluster"), errors.get(0).getMessage());
    }

    @Test
    void aGroupThatExistsGoesOnWhereItIsEvenWhenAMemberJoinsFromTheEnd() throws Exception {
        InMemoryDriver d = driver(InMemoryConfig.of(cluster.name()));
        BenchmarkProducer p = d.createProducer("t", OPTIONS).get(); // the driver closes its clients
        List<Long> first = new CopyOnWriteArrayList<>();
        BenchmarkConsumer reader = d.createConsumer(ConsumerRequest.groupMember("t", "g",
                (size, partition, position, stamp, ts, type) -> first.add(stamp.sequence()))).get();
        send(p, 0, 4);
        awaitSize(first, 4);
        reader.close();
        send(p, 4, 7); // while group g has no member

        List<Long> joined = new CopyOnWriteArrayList<>();
        List<Long> fresh = new CopyOnWriteArrayList<>();
        d.createConsumer(ConsumerRequest.groupMember("t", "g", (size, partition, position, stamp, ts, type) -> joined.add(stamp.sequence()))
                .from(StartPosition.END)).get();
        d.createConsumer(ConsumerRequest.groupMember("t", "h", (size, partition, position, stamp, ts, type) -> fresh.add(stamp.sequence()))
                .from(StartPosition.END)).get();
        awaitSize(joined, 3);
        Thread.sleep(100);
        assertEquals(Set.of(4L, 5L, 6L), Set.copyOf(joined), "group g goes on after the 4 messages it read, where it stopped");
        assertEquals(3, joined.size(), "each message once: " + joined);
        assertEquals(List.of(), fresh, "the new group h starts past the 7 messages the topic held");
        send(p, 7, 8);
        awaitSize(fresh, 1);
        assertEquals(List.of(7L), fresh, "then it gets what is sent");
    }

    @Test
    void describeTopicsLeavesOutMissingTopicsAndFailsOnceTheClusterIsStopped() {
        InMemoryDriver d = driver(InMemoryConfig.of(cluster.name()));
        assertEquals(Map.of("t", 2), d.describeTopics(List.of("t", "missing")).join());
        cluster.close();
        ExecutionException e = assertThrows(ExecutionException.class, () -> d.describeTopics(List.of("t")).get());
        assertTrue(e.getCause() instanceof DriverException && e.getCause().getMessage().startsWith("in-memory cluster '"
                + cluster.name() + "' was stopped: cannot describe topics [t]"), e.getCause().toString());
    }

    /** Sends messages with sequences {@code from} to {@code to - 1} and waits for their acknowledgements. */
    private static void send(BenchmarkProducer p, int from, int to) throws InterruptedException {
        CountDownLatch acked = new CountDownLatch(to - from);
        for (int i = from; i < to; i++) {
            p.sendAsync(null, new byte[1], BenchmarkProducer.ANY_PARTITION, new MessageStamp(i, 1, i), (partition, e) -> acked.countDown());
        }
        assertTrue(acked.await(5, TimeUnit.SECONDS), "acknowledged");
    }

    private static void awaitSize(List<?> list, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (list.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(n, list.size(), list::toString);
    }

    @Test
    void withoutAClusterFieldTheRunStartsOneAndRemovesIt() {
        InMemoryDriver onCoordinator = new InMemoryDriver();
        List<String> progress = new ArrayList<>();
        ProvisionedCluster<InMemoryConfig> run = onCoordinator.provisionCluster(new InMemoryConfig(null, 4, null, null), Set.of(),
                progress::add).orElseThrow();
        InMemoryConfig forWorkers = run.workerConfig();
        assertEquals(4, forWorkers.maxPartitionsPerTopic(), "the other fields are kept");
        assertTrue(progress.get(0).startsWith("Started in-memory cluster 'run-"), progress.toString());
        InMemoryDriver worker = new InMemoryDriver();
        worker.initialize(forWorkers);
        worker.createTopics(List.of(new TopicSpec("t", 4))).join();
        assertEquals(Map.of("t", 4), InMemoryCluster.find(forWorkers.cluster()).topicPartitions());
        worker.close();
        run.close();

        DriverException gone = assertThrows(DriverException.class, () -> new InMemoryDriver().initialize(forWorkers));
        assertTrue(gone.getMessage().startsWith("cannot reach in-memory cluster '" + forWorkers.cluster() + "': no cluster of "
                + "that name runs in this JVM"), gone.getMessage());
        assertEquals(Optional.empty(), new InMemoryDriver().provisionCluster(InMemoryConfig.of(cluster.name()), Set.of(), progress::add),
                "a named cluster is used as it is");
    }

    @Test
    void validateNamesTheFieldAtFault() {
        InMemoryDriver d = new InMemoryDriver();
        assertEquals("sendFailureRate", assertThrows(DriverException.class,
                () -> d.validate(new InMemoryConfig(null, null, null, 1.5))).field());
        assertEquals("ackLatencyMicros", assertThrows(DriverException.class,
                () -> d.validate(new InMemoryConfig(null, null, -1L, null))).field());
        assertEquals("maxPartitionsPerTopic", assertThrows(DriverException.class,
                () -> d.validate(new InMemoryConfig(null, 0, null, null))).field());
        assertEquals("cluster", assertThrows(DriverException.class, () -> d.validate(InMemoryConfig.of(" "))).field());
    }

    /** Waits up to 5 s for {@code count} to reach {@code atLeast}, then a moment more, for any count past it to show. */
    private static void settleAt(AtomicInteger count, int atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (count.get() < atLeast && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        Thread.sleep(100);
    }
}
