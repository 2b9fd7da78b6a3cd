package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.ShareConsumerCallback;
import io.kbench.driver.ShareGroupSettings;
import io.kbench.driver.TopicSpec;
import io.kbench.kafka.cluster.LocalClusterConfig;
import io.kbench.kafka.local.LocalKafkaCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The share-group promises of the conformance suite at once, on three brokers and a topic replicated
 * three times, whose share partitions are led by different brokers: more members than partitions all
 * receive, released records come back with a delivery count of 2, rejected ones never, and the counts
 * add up.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class KafkaShareGroupsOnThreeBrokersTest {

    private static final int PARTITIONS = 6;
    private static final int MEMBERS = 8;
    private static final int MESSAGES = 240;

    /** Every answer a member gave, and every commit it was told of. */
    private static final class Member implements ShareConsumerCallback {
        record Answered(long sequence, int deliveryCount, Acknowledgement answer) {}

        final List<Answered> answers = new CopyOnWriteArrayList<>();
        final List<AcknowledgementCommit> commits = new CopyOnWriteArrayList<>();

        @Override
        public Acknowledgement messageReceived(int size, int partition, long position, MessageStamp stamp, int deliveryCount,
                                               long receivedNanos) {
            long s = stamp.sequence();
            Acknowledgement answer = deliveryCount > 1 || s % 5 == 0 || s % 5 > 2 ? Acknowledgement.ACCEPT
                    : s % 5 == 1 ? Acknowledgement.RELEASE : Acknowledgement.REJECT;
            answers.add(new Answered(s, deliveryCount, answer));
            try {
                Thread.sleep(5); // a little processing, so one member cannot take everything
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return answer;
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
            Thread.sleep(50);
        }
    }

    @Test
    void shareConsumersOutnumberingPartitionsAllReceiveAndTheCountsAddUpOnThreeBrokers() throws Exception {
        try (LocalKafkaCluster cluster = LocalKafkaCluster.start(LocalClusterConfig.ofBrokers(3), line -> { });
             KafkaBenchmarkDriver d = new KafkaBenchmarkDriver()) {
            d.initialize(new KafkaDriverConfig(3, null, "min.insync.replicas=2", "bootstrap.servers=" + cluster.bootstrapServers(),
                    "acks=all\nlinger.ms=1", "", null, null, null, null, "share.heartbeat.interval.ms=1000"));
            d.createTopics(List.of(new TopicSpec("share-3", PARTITIONS))).get(60, TimeUnit.SECONDS);
            d.prepareShareGroup("share-3", ShareGroupSettings.DEFAULTS).get(60, TimeUnit.SECONDS);
            List<Member> members = new ArrayList<>();
            List<BenchmarkConsumer> consumers = new ArrayList<>();
            for (int i = 0; i < MEMBERS; i++) {
                Member m = new Member();
                members.add(m);
                consumers.add(d.createConsumer(ConsumerRequest.shareMember("share-3", "share-3", AcknowledgementMode.EXPLICIT, m))
                        .get(60, TimeUnit.SECONDS));
            }
            await("every member holds a partition", Duration.ofSeconds(90), () -> consumers.stream().allMatch(c -> c.assignedPartitionCount() > 0));
            BenchmarkProducer producer = d.createProducer("share-3", new ProducerOptions("test", null)).get(60, TimeUnit.SECONDS);
            CountDownLatch acked = new CountDownLatch(MESSAGES);
            for (int i = 0; i < MESSAGES; i++) {
                producer.sendAsync(("k" + i).getBytes(), new byte[100], BenchmarkProducer.ANY_PARTITION, new MessageStamp(System.currentTimeMillis() * 1000, 42, i),
                        (partition, e) -> acked.countDown());
                Thread.sleep(10); // a stream, not one burst: records reach every member's fetch
            }
            assertTrue(acked.await(60, TimeUnit.SECONDS), "every message acknowledged by the brokers");

            Set<Long> notRejected = new TreeSet<>();
            for (long s = 0; s < MESSAGES; s++) {
                if (s % 5 != 2) {
                    notRejected.add(s);
                }
            }
            await("the accepted records cover every acknowledged message but the rejected", Duration.ofSeconds(90),
                    () -> accepted(members).equals(notRejected));
            long[] answers = new long[3];
            members.forEach(m -> m.answers.forEach(a -> answers[a.answer().ordinal()]++));
            await("every acknowledgement reported in a successful commit", Duration.ofSeconds(60),
                    () -> committed(members).equals(List.of(answers[0], answers[1], answers[2])));
            Thread.sleep(2000);

            Map<Long, List<Integer>> counts = new HashMap<>();
            members.forEach(m -> m.answers.forEach(a -> counts.computeIfAbsent(a.sequence(), k -> new ArrayList<>()).add(a.deliveryCount())));
            for (long s = 0; s < MESSAGES; s++) {
                List<Integer> c = new ArrayList<>(counts.get(s));
                c.sort(null);
                assertEquals(s % 5 == 1 ? List.of(1, 2) : List.of(1), c, "deliveries of message " + s);
            }
            List<Integer> received = members.stream().map(m -> m.answers.size()).toList();
            assertTrue(received.stream().allMatch(n -> n > 0), "all " + MEMBERS + " members received records: " + received);
            assertEquals(MESSAGES + MESSAGES / 5, received.stream().mapToInt(Integer::intValue).sum(),
                    "delivered = accepted + released + rejected");
            List<Long> commitMicros = new ArrayList<>();
            members.forEach(m -> m.commits.forEach(c -> commitMicros.add(c.commitMicros())));
            commitMicros.sort(null);
            System.out.printf("three brokers: %d share consumers on %d partitions received %s records; answered %d accepted, %d released, "
                    + "%d rejected; %d commits (commitSync) took %d µs median, %d µs max%n", MEMBERS, PARTITIONS, received, answers[0],
                    answers[1], answers[2], commitMicros.size(), commitMicros.get(commitMicros.size() / 2),
                    commitMicros.get(commitMicros.size() - 1));
            for (BenchmarkConsumer c : consumers) {
                c.close();
            }
            producer.close();
        }
    }

    private static Set<Long> accepted(List<Member> members) {
        Set<Long> out = new TreeSet<>();
        members.forEach(m -> m.answers.stream().filter(a -> a.answer() == Acknowledgement.ACCEPT).forEach(a -> out.add(a.sequence())));
        return out;
    }

    private static List<Long> committed(List<Member> members) {
        long[] c = new long[3];
        for (Member m : members) {
            for (AcknowledgementCommit commit : m.commits) {
                if (commit.succeeded()) {
                    c[0] += commit.accepted();
                    c[1] += commit.released();
                    c[2] += commit.rejected();
                }
            }
        }
        return List.of(c[0], c[1], c[2]);
    }
}
