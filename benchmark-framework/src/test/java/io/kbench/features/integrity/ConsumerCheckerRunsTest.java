package io.kbench.features.integrity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

import io.kbench.plan.ProducerIds;
/**
 * The checker's open runs give the same verdicts as checking every message against everything read
 * before (the plain algorithm below), on streams like a consumer reads: batches of consecutive
 * sequences per partition, partitions interleaved, with retried duplicates, reordered batches,
 * redeliveries and other runs' messages mixed in.
 */
class ConsumerCheckerRunsTest {

    private static final int RUN = ProducerIds.runTag("0badcafe");

    /** One message as read: partition, position, producer, sequence. */
    private record Read(int partition, long position, long producer, long sequence) {}

    /** Every message checked against a set of everything read before: the definition the checker must meet. */
    private static final class Plain {
        final Map<Long, Set<Long>> seen = new HashMap<>();
        final Map<String, Long> lastSequence = new HashMap<>();
        final Map<Integer, Long> lastPosition = new HashMap<>();
        long checked;
        long duplicates;
        long outOfOrder;
        long redelivered;
        long foreign;

        void read(Read r) {
            if (ProducerIds.runTagOf(r.producer()) != RUN) {
                foreign++;
                return;
            }
            if (r.position() <= lastPosition.getOrDefault(r.partition(), -1L)) {
                redelivered++;
                return;
            }
            lastPosition.put(r.partition(), r.position());
            checked++;
            if (!seen.computeIfAbsent(r.producer(), p -> new HashSet<>()).add(r.sequence())) {
                duplicates++;
                return;
            }
            String key = r.producer() + "/" + r.partition();
            if (r.sequence() < lastSequence.getOrDefault(key, -1L)) {
                outOfOrder++;
            } else {
                lastSequence.put(key, r.sequence());
            }
        }
    }

    /** A consumer's view of a log written by {@code producers} producers with faults of every kind. */
    private static List<Read> stream(Random random, int producers, int partitions, int perProducer) {
        List<List<long[]>> logs = new ArrayList<>(); // per partition: {producer, sequence}
        for (int p = 0; p < partitions; p++) {
            logs.add(new ArrayList<>());
        }
        for (int producer = 0; producer < producers; producer++) {
            long id = ProducerIds.of(RUN, producer);
            int sent = 0;
            while (sent < perProducer) {
                int partition = random.nextInt(partitions);
                int batch = Math.min(perProducer - sent, 1 + random.nextInt(random.nextBoolean() ? 8 : 200));
                List<long[]> log = logs.get(partition);
                List<long[]> written = new ArrayList<>();
                for (int i = 0; i < batch; i++) {
                    written.add(new long[] {id, sent + i});
                }
                int fault = random.nextInt(20);
                if (fault == 0 && !log.isEmpty()) {
                    // A retried earlier batch lands again after this one (no idempotence): duplicates.
                    int from = Math.max(0, log.size() - 1 - random.nextInt(5));
                    log.addAll(written);
                    log.addAll(new ArrayList<>(log.subList(from, from + 1 + random.nextInt(Math.min(3, log.size() - from)))));
                } else if (fault == 1 && batch > 2) {
                    // Two halves of the batch land swapped: out of order.
                    log.addAll(written.subList(batch / 2, batch));
                    log.addAll(written.subList(0, batch / 2));
                } else {
                    log.addAll(written);
                }
                sent += batch;
            }
        }
        List<Read> out = new ArrayList<>();
        int[] next = new int[partitions];
        boolean any = true;
        while (any) {
            any = false;
            for (int p = 0; p < partitions; p++) {
                List<long[]> log = logs.get(p);
                if (next[p] >= log.size()) {
                    continue;
                }
                any = true;
                int take = 1 + random.nextInt(300);
                if (random.nextInt(30) == 0 && next[p] > 0) {
                    next[p] = Math.max(0, next[p] - 1 - random.nextInt(50)); // a rebalance: read again from an earlier position
                }
                for (int i = 0; i < take && next[p] < log.size(); i++, next[p]++) {
                    long[] m = log.get(next[p]);
                    out.add(new Read(p, next[p], m[0], m[1]));
                }
                if (random.nextInt(50) == 0) {
                    out.add(new Read(p, log.size() + 1_000_000L + out.size(), ProducerIds.of(RUN + 1, 0), 0)); // another run's message
                }
            }
        }
        return out;
    }

    @Test
    void openRunsGiveTheVerdictsOfCheckingEveryMessage() {
        long[] faults = new long[4]; // duplicates, out of order, redelivered, foreign over all seeds
        for (long seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            List<Read> reads = stream(random, 1 + random.nextInt(3), 1 + random.nextInt(6), 500 + random.nextInt(5_000));
            ConsumerChecker checker = new ConsumerChecker("s", "t", RUN);
            Plain plain = new Plain();
            for (int i = 0; i < reads.size(); i++) {
                Read r = reads.get(i);
                checker.onMessage(r.partition(), r.position(), r.producer(), r.sequence());
                plain.read(r);
                if (i == reads.size() / 2) {
                    checker.tally(); // a tally mid-stream closes the open runs: nothing changes
                }
            }
            SubscriptionTally t = checker.tally();
            String what = "seed " + seed + ", " + reads.size() + " reads";
            assertEquals(plain.checked, t.checkedMessages(), what);
            assertEquals(plain.duplicates, t.duplicateMessages(), what);
            assertEquals(plain.outOfOrder, t.outOfOrderMessages(), what);
            assertEquals(plain.redelivered, t.redeliveredMessages(), what);
            assertEquals(plain.foreign, t.foreignMessages(), what);
            faults[0] += plain.duplicates;
            faults[1] += plain.outOfOrder;
            faults[2] += plain.redelivered;
            faults[3] += plain.foreign;
            assertEquals(plain.seen.keySet(), t.seenByProducer().keySet(), what);
            for (Map.Entry<Long, Set<Long>> e : plain.seen.entrySet()) {
                SequenceSet expected = new SequenceSet();
                e.getValue().forEach(expected::add);
                SequenceSet got = t.seenByProducer().get(e.getKey());
                assertEquals(expected.size(), got.size(), what);
                assertEquals(0, expected.missingFrom(got), what);
            }
        }
        for (long f : faults) {
            assertTrue(f > 10, "the streams hold every kind of fault, many times: " + java.util.Arrays.toString(faults));
        }
    }

    @Test
    void theSameSequenceOnTwoPartitionsIsOneDuplicateWhicheverRunHoldsIt() {
        long p0 = ProducerIds.of(RUN, 0);
        ConsumerChecker c = new ConsumerChecker("s", "t", RUN);
        // Partition 0 holds 0..9, partition 1 holds 5..7 as well (a log holding them twice).
        for (int i = 0; i < 5; i++) {
            c.onMessage(0, i, p0, i);
        }
        c.onMessage(1, 0, p0, 5);  // not yet read: partition 1's run starts at 5
        c.onMessage(1, 1, p0, 6);
        for (int i = 5; i < 10; i++) {
            c.onMessage(0, i, p0, i); // 5 and 6 are in partition 1's open run: counted once the runs close
        }
        c.onMessage(1, 2, p0, 7);
        SubscriptionTally t = c.tally();
        assertEquals(13, t.checkedMessages());
        assertEquals(3, t.duplicateMessages(), "5, 6 and 7 were read twice");
        assertEquals(10, t.seenByProducer().get(p0).size());
    }

    /** A consumer thread checking while another takes tallies: nothing lost, the last tally exact. */
    @Test
    void talliesTakenWhileTheConsumerChecksLoseNothing() throws Exception {
        ConsumerChecker checker = new ConsumerChecker("s", "t", RUN);
        int partitions = 4;
        int perPartition = 250_000;
        long p0 = ProducerIds.of(RUN, 0);
        AtomicBoolean done = new AtomicBoolean();
        Thread consumer = new Thread(() -> {
            long[] position = new long[partitions];
            // Batches of 100 consecutive sequences, partitions in turn, as a sticky partitioner writes them.
            for (long batch = 0; batch < (long) partitions * perPartition / 100; batch++) {
                int p = (int) (batch % partitions);
                for (int i = 0; i < 100; i++) {
                    checker.onMessage(p, position[p]++, p0, batch * 100 + i);
                }
            }
            done.set(true);
        });
        consumer.start();
        long lastChecked = 0;
        int tallies = 0;
        while (!done.get()) {
            SubscriptionTally t = checker.tally();
            tallies++;
            assertTrue(t.checkedMessages() >= lastChecked, "the count never goes back");
            lastChecked = t.checkedMessages();
            SequenceSet seen = t.seenByProducer().get(p0);
            assertEquals(t.checkedMessages(), seen == null ? 0 : seen.size(), "every message checked so far is in the set");
            assertEquals(0, t.duplicateMessages());
            assertEquals(0, t.outOfOrderMessages());
        }
        consumer.join();
        SubscriptionTally last = checker.tally();
        long all = (long) partitions * perPartition;
        assertEquals(all, last.checkedMessages());
        assertEquals(all, last.seenByProducer().get(p0).size());
        assertEquals(0, last.duplicateMessages());
        assertTrue(tallies > 0);
    }
}
