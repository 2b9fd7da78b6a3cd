package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.ConsumerRequest.GroupProtocol;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.TopicSpec;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What Kafka's group coordinator does when a member goes, under load, on a real local broker: a
 * member closed as a crash leaves its partitions unconsumed for about the session timeout, one closed
 * gracefully hands them over at once, under both group protocols; a static member restarted within
 * the session timeout gets its partitions back and nobody else is disturbed. Times are asserted as
 * ratios of the session timeout and of each other (the machine is shared), and printed.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class KafkaRebalanceTest {

    private static final int PARTITIONS = 4;
    /** Both protocols: a 6 s session (the brokers' lowest here) and a 2 s heartbeat (a third of it, Kafka's rule). */
    private static final Duration SESSION = Duration.ofSeconds(6);
    private static final String HEARTBEAT = "2000";

    private static LocalKafkaCluster cluster;
    private static Admin admin;
    private static final AtomicInteger names = new AtomicInteger();

    @BeforeAll
    static void startCluster() {
        cluster = LocalKafkaCluster.start(LocalClusterConfig.defaults(), line -> { });
        admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()));
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

    /** Every delivery's partition and time, across the members of a group. */
    private static final class Consumption {
        private final Map<Integer, List<Long>> byPartition = new ConcurrentHashMap<>();

        ConsumerCallback member(Set<Integer> seen) {
            return (size, partition, position, stamp, timestamp, timestampType) -> {
                byPartition.computeIfAbsent(partition, p -> java.util.Collections.synchronizedList(new ArrayList<>()))
                        .add(System.nanoTime());
                seen.add(partition);
            };
        }

        /** For partition p, the gap around {@code atNanos}: first delivery after it minus last before it; -1 while none after. */
        long gapNanos(int p, long atNanos) {
            List<Long> times = byPartition.getOrDefault(p, List.of());
            long before = Long.MIN_VALUE;
            long after = Long.MAX_VALUE;
            synchronized (times) {
                for (long t : times) {
                    if (t - atNanos <= 0) {
                        before = Math.max(before, t);
                    } else {
                        after = Math.min(after, t);
                    }
                }
            }
            return after == Long.MAX_VALUE || before == Long.MIN_VALUE ? -1 : after - before;
        }

        /** The longest gap between two deliveries of p in [fromNanos, toNanos]. */
        long longestGapNanos(int p, long fromNanos, long toNanos) {
            List<Long> times = new ArrayList<>(byPartition.getOrDefault(p, List.of()));
            times.removeIf(t -> t - fromNanos < 0 || t - toNanos > 0);
            times.sort(null);
            long longest = 0;
            for (int i = 1; i < times.size(); i++) {
                longest = Math.max(longest, times.get(i) - times.get(i - 1));
            }
            return longest;
        }
    }

    /** Sends one message every 5 ms, to the partitions in turn (a key for each), until closed. */
    private static final class Load implements AutoCloseable {
        private final Thread thread;
        private volatile boolean running = true;

        Load(BenchmarkProducer producer) {
            byte[][] keys = keysForEachPartition();
            byte[] payload = new byte[100];
            thread = new Thread(() -> {
                long next = System.nanoTime();
                for (long i = 0; running; i++) {
                    producer.sendAsync(keys[(int) (i % PARTITIONS)], payload, BenchmarkProducer.ANY_PARTITION, MessageStamp.timeOnly(System.currentTimeMillis() * 1000), (partition, e) -> { });
                    next += TimeUnit.MILLISECONDS.toNanos(5);
                    long wait = next - System.nanoTime();
                    if (wait > 0) {
                        java.util.concurrent.locks.LockSupport.parkNanos(wait);
                    }
                }
            }, "rebalance-test-load");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            thread.join(5000);
        }
    }

    /** A key per partition, as Kafka's default partitioner places keyed records (murmur2). */
    private static byte[][] keysForEachPartition() {
        byte[][] keys = new byte[PARTITIONS][];
        for (int n = 0, found = 0; found < PARTITIONS; n++) {
            byte[] key = ("key-" + n).getBytes(StandardCharsets.UTF_8);
            int p = Utils.toPositive(Utils.murmur2(key)) % PARTITIONS;
            if (keys[p] == null) {
                keys[p] = key;
                found++;
            }
        }
        return keys;
    }

    private static KafkaBenchmarkDriver driver() {
        KafkaBenchmarkDriver d = new KafkaBenchmarkDriver();
        d.initialize(new KafkaDriverConfig(1, null, null, "bootstrap.servers=" + cluster.bootstrapServers(), "acks=1\nlinger.ms=1",
                "enable.auto.commit=false", null, null, null, null, "consumer.heartbeat.interval.ms=" + HEARTBEAT));
        return d;
    }

    private static void await(String what, Duration limit, java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() - deadline < 0, what + " within " + limit.toSeconds() + " s");
            Thread.sleep(20);
        }
    }

    /**
     * Two members share 4 partitions under load; one goes (as a crash or gracefully); returns the longest
     * time any of its partitions went unconsumed, in seconds.
     */
    private static double partitionsUnconsumedWhenAMemberGoes(GroupProtocol protocol, boolean crash) throws Exception {
        String name = "rebalance-" + protocol.label() + "-" + (crash ? "crash" : "close") + "-" + names.incrementAndGet();
        try (KafkaBenchmarkDriver d = driver()) {
            d.createTopics(List.of(new TopicSpec(name, PARTITIONS))).get(30, TimeUnit.SECONDS);
            Consumption consumption = new Consumption();
            Set<Integer> seenByGoing = ConcurrentHashMap.newKeySet();
            BenchmarkConsumer going = d.createConsumer(ConsumerRequest.groupMember(name, name, consumption.member(seenByGoing))
                    .withProtocol(protocol).withSessionTimeout(SESSION)).get(30, TimeUnit.SECONDS);
            BenchmarkConsumer staying = d.createConsumer(ConsumerRequest.groupMember(name, name, consumption.member(ConcurrentHashMap.newKeySet()))
                    .withProtocol(protocol).withSessionTimeout(SESSION)).get(30, TimeUnit.SECONDS);
            await("both members hold partitions", Duration.ofSeconds(60), () -> going.assignedPartitionCount() > 0
                    && staying.assignedPartitionCount() > 0 && going.assignedPartitionCount() + staying.assignedPartitionCount() == PARTITIONS);
            BenchmarkProducer producer = d.createProducer(name, new ProducerOptions("test", null)).get(30, TimeUnit.SECONDS);
            double result;
            try (Load load = new Load(producer)) {
                Thread.sleep(2000);
                seenByGoing.clear();
                Thread.sleep(1000);
                Set<Integer> its = new TreeSet<>(seenByGoing);
                assertEquals(going.assignedPartitionCount(), its.size(), "the going member consumed each of its partitions in the last second");
                assertEquals(2, assignment(name).size(), "both members are in the group before one goes: " + assignment(name));
                if (crash) {
                    going.closeAsCrash();
                } else {
                    going.close();
                }
                // From when the close returned (its poll thread joined): a record the going member was still handing over
                // while it closed must not count as another member taking its partitions over (on a busy machine it made
                // a crash's stall read 0.01 s).
                long goneAt = System.nanoTime();
                // What the coordinator did, apart from timing: a crashed member stays until its session times out.
                Map<String, Set<Integer>> right = assignment(name);
                if (crash) {
                    assertEquals(2, right.size(), protocol.label() + ": the coordinator still lists the crashed member: " + right);
                }
                await("the other member consumes the going member's partitions " + its, SESSION.multipliedBy(5).plusSeconds(20),
                        () -> its.stream().allMatch(p -> consumption.gapNanos(p, goneAt) >= 0));
                long longest = its.stream().mapToLong(p -> consumption.gapNanos(p, goneAt)).max().orElseThrow();
                // The staying member's own partitions: under classic, every member stops while the group rebalances.
                Set<Integer> others = new TreeSet<>(Set.of(0, 1, 2, 3));
                others.removeAll(its);
                Thread.sleep(500);
                long othersLongest = others.stream().mapToLong(p -> consumption.longestGapNanos(p, goneAt - 1_000_000_000L,
                        System.nanoTime())).max().orElse(0);
                System.out.printf(Locale.ROOT, "rebalance %s %s: the going member's partitions %s unconsumed for up to %.2f s; the "
                        + "staying member's own %s for up to %.2f s (session %d s, heartbeat %s ms)%n", protocol.label(),
                        crash ? "crash" : "graceful close", its, longest / 1e9, others, othersLongest / 1e9, SESSION.toSeconds(), HEARTBEAT);
                result = longest / 1e9;
            }
            staying.close();
            producer.close();
            return result;
        }
    }

    private static void crashStallsForTheSessionTimeoutAndAGracefulCloseDoesNot(GroupProtocol protocol) throws Exception {
        double crash = partitionsUnconsumedWhenAMemberGoes(protocol, true);
        double graceful = partitionsUnconsumedWhenAMemberGoes(protocol, false);
        double session = SESSION.toMillis() / 1000.0;
        assertTrue(crash >= 0.6 * session && crash <= 4 * session, String.format(Locale.ROOT,
                "%s: a crash stalls the member's partitions for about the session timeout (%.1f s): %.2f s", protocol.label(), session, crash));
        assertTrue(graceful < 0.5 * crash, String.format(Locale.ROOT,
                "%s: a graceful close hands the partitions over well before a crash's session timeout: %.2f s against %.2f s",
                protocol.label(), graceful, crash));
    }

    @Test
    void underClassicACrashStallsThePartitionsForAboutTheSessionTimeoutAndAGracefulCloseDoesNot() throws Exception {
        crashStallsForTheSessionTimeoutAndAGracefulCloseDoesNot(GroupProtocol.CLASSIC);
    }

    @Test
    void underTheConsumerProtocolACrashStallsThePartitionsForAboutTheSessionTimeoutAndAGracefulCloseDoesNot() throws Exception {
        crashStallsForTheSessionTimeoutAndAGracefulCloseDoesNot(GroupProtocol.CONSUMER);
    }

    /** The partitions of each static member of the group, by instance id, as the coordinator says. */
    private static Map<String, Set<Integer>> assignment(String group) throws Exception {
        ConsumerGroupDescription g = admin.describeConsumerGroups(List.of(group)).describedGroups().get(group).get(30, TimeUnit.SECONDS);
        Map<String, Set<Integer>> out = new TreeMap<>();
        for (MemberDescription m : g.members()) {
            out.put(m.groupInstanceId().orElse(m.consumerId()),
                    m.assignment().topicPartitions().stream().map(TopicPartition::partition).collect(Collectors.toCollection(TreeSet::new)));
        }
        return out;
    }

    private static ConsumerRequest staticMember(String name, Consumption consumption, GroupProtocol protocol, Duration session, String id) {
        return ConsumerRequest.groupMember(name, name, consumption.member(ConcurrentHashMap.newKeySet())).withProtocol(protocol)
                .withSessionTimeout(session).withGroupInstanceId(id);
    }

    private static void aStaticMemberRestartedWithinTheSessionKeepsItsPartitions(GroupProtocol protocol) throws Exception {
        String name = "static-" + protocol.label() + "-" + names.incrementAndGet();
        Duration session = Duration.ofSeconds(20);
        try (KafkaBenchmarkDriver d = driver()) {
            d.createTopics(List.of(new TopicSpec(name, PARTITIONS))).get(30, TimeUnit.SECONDS);
            Consumption consumption = new Consumption();
            BenchmarkConsumer a = d.createConsumer(staticMember(name, consumption, protocol, session, "a")).get(30, TimeUnit.SECONDS);
            BenchmarkConsumer b = d.createConsumer(staticMember(name, consumption, protocol, session, "b")).get(30, TimeUnit.SECONDS);
            await("both members hold partitions", Duration.ofSeconds(60), () -> a.assignedPartitionCount() > 0
                    && b.assignedPartitionCount() > 0 && a.assignedPartitionCount() + b.assignedPartitionCount() == PARTITIONS);
            await("the coordinator lists both", Duration.ofSeconds(30), () -> {
                try {
                    Map<String, Set<Integer>> m = assignment(name);
                    return m.containsKey("a") && m.containsKey("b") && m.values().stream().mapToInt(Set::size).sum() == PARTITIONS;
                } catch (Exception e) {
                    return false;
                }
            });
            Map<String, Set<Integer>> before = assignment(name);
            BenchmarkProducer producer = d.createProducer(name, new ProducerOptions("test", null)).get(30, TimeUnit.SECONDS);
            try (Load load = new Load(producer)) {
                Thread.sleep(1000);
                long restartAt = System.nanoTime();
                a.close(); // a static member does not leave: the coordinator waits for it until its session times out
                Thread.sleep(1000);
                BenchmarkConsumer again = d.createConsumer(staticMember(name, consumption, protocol, session, "a")).get(30, TimeUnit.SECONDS);
                Set<Integer> ofA = before.get("a");
                await("a's partitions are consumed again", Duration.ofSeconds(60),
                        () -> ofA.stream().allMatch(p -> consumption.gapNanos(p, restartAt + 1_000_000_000L) >= 0));
                Thread.sleep(500);
                Map<String, Set<Integer>> after = assignment(name);
                long aGap = ofA.stream().mapToLong(p -> consumption.gapNanos(p, restartAt)).max().orElseThrow();
                long bGap = before.get("b").stream().mapToLong(p -> consumption.longestGapNanos(p, restartAt - 1_000_000_000L,
                        System.nanoTime())).max().orElseThrow();
                System.out.printf(Locale.ROOT, "static membership %s: a restarted 1 s after closing; its partitions %s unconsumed for "
                        + "%.2f s, b's %s for up to %.2f s; assignment before %s, after %s (session %d s)%n", protocol.label(), ofA,
                        aGap / 1e9, before.get("b"), bGap / 1e9, before, after, session.toSeconds());
                assertEquals(before, after, protocol.label() + ": a static member back within its session gets its partitions back");
                assertTrue(bGap < 0.25 * session.toNanos(), protocol.label() + ": the other member went on consuming (longest gap "
                        + bGap / 1e9 + " s)");
                assertTrue(aGap < 0.5 * session.toNanos(), protocol.label() + ": a's partitions waited for the restart, not for the "
                        + "session timeout (" + aGap / 1e9 + " s)");
                again.close();
                b.close();
            }
            producer.close();
        }
    }

    @Test
    void aStaticMemberRestartedWithinTheSessionTimeoutKeepsItsPartitionsUnderEitherProtocol() throws Exception {
        aStaticMemberRestartedWithinTheSessionKeepsItsPartitions(GroupProtocol.CLASSIC);
        aStaticMemberRestartedWithinTheSessionKeepsItsPartitions(GroupProtocol.CONSUMER);
    }
}
