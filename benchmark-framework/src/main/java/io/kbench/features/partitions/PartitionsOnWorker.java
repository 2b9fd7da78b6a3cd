package io.kbench.features.partitions;

import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.ConsumerCallback.TimestampType;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.TopicOffsets;
import io.kbench.features.AckListener;
import io.kbench.features.ConsumerListener;
import io.kbench.features.WorkerPart;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.ProducerSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The partitions feature on one worker: counts each producer's acknowledgements and each consumer's records per
 * partition (on their own threads, {@link PartitionTally}), and once the load is over reads the end offsets of the
 * topics it consumed, for each partition's lag.
 */
final class PartitionsOnWorker implements WorkerPart {

    private static final Logger log = LoggerFactory.getLogger(PartitionsOnWorker.class);
    /**
     * A healthy cluster answers in milliseconds; one that stopped answering (the run failed for it) should not
     * hold the end of the run up for long: the lag is then not known, and says so.
     */
    static final long OFFSETS_TIMEOUT_SECONDS = 3;

    private record Producing(String topic, PartitionTally tally) {}

    /** A consumer's records: messages and bytes per partition, and the furthest position read (+1) as the third figure. */
    private record Consuming(ConsumerSpec spec, PartitionTally tally) {}

    private final BenchmarkDriver<?> driver;
    private final List<Producing> producing = new ArrayList<>();
    private final List<Consuming> consuming = new ArrayList<>();
    /** The counts when the measurement started, by stream: subtracted from the counts at the end. */
    private final Map<Object, long[][]> baseline = new LinkedHashMap<>();

    PartitionsOnWorker(BenchmarkDriver<?> driver) {
        this.driver = driver;
    }

    @Override
    public synchronized AckListener listen(ProducerSpec producer, long producerId, LoadSpec load) {
        PartitionTally tally = new PartitionTally(PartitionTally.Third.SUM);
        producing.add(new Producing(producer.topic(), tally));
        return new AckListener() {
            @Override
            public void acknowledged(long sequence, int partition, int payloadBytes, long publishLatencyNanos) {
                tally.count(partition, payloadBytes, publishLatencyNanos / 1_000);
            }
        };
    }

    @Override
    public synchronized ConsumerListener listen(ConsumerSpec consumer) {
        if (consumer.plan().share()) {
            return null; // share group members share partitions: positions per member say nothing of a partition's lag
        }
        PartitionTally tally = new PartitionTally(PartitionTally.Third.MAX);
        consuming.add(new Consuming(consumer, tally));
        return new ConsumerListener() {
            @Override
            public void onRecord(int partition, long position, MessageStamp stamp, long receivedNanos) {
                received(partition, position, stamp, receivedNanos, 0, ConsumerCallback.NO_TIMESTAMP, TimestampType.NONE);
            }

            @Override
            public void received(int partition, long position, MessageStamp stamp, long receivedNanos, int payloadBytes,
                                 long timestampEpochMillis, TimestampType timestampType) {
                tally.count(partition, payloadBytes, position + 1); // a system without positions (-1) leaves 0: none known
            }
        };
    }

    @Override
    public synchronized void measurementStarts(long epochMicros) {
        baseline.clear();
        producing.forEach(p -> baseline.put(p, p.tally().snapshot()));
        consuming.forEach(c -> baseline.put(c, c.tally().snapshot()));
    }

    @Override
    public synchronized PartitionFindings findings(ToIntFunction<String> liveMembers) {
        Map<String, long[][]> produced = new LinkedHashMap<>();
        for (Producing p : producing) {
            merge(produced, p.topic(), since(p, p.tally().snapshot()), false);
        }
        Map<List<Object>, long[][]> consumed = new LinkedHashMap<>();
        for (Consuming c : consuming) {
            long[][] now = c.tally().snapshot();
            long[][] counts = since(c, now);
            long[][] joined = {counts[0], counts[1], now[2]}; // positions are where the group got to, not a count since the start
            merge(consumed, List.of(c.spec().subscription(), c.spec().topic(), c.spec().fromEnd()), joined, true);
        }
        List<PartitionFindings.Produced> producedOut = new ArrayList<>();
        produced.forEach((topic, a) -> producedOut.add(new PartitionFindings.Produced(topic, a[0], a[1], a[2])));
        List<PartitionFindings.Consumed> consumedOut = new ArrayList<>();
        Set<String> topics = new LinkedHashSet<>();
        consumed.forEach((key, a) -> {
            consumedOut.add(new PartitionFindings.Consumed((String) key.get(0), (String) key.get(1), (Boolean) key.get(2), a[0], a[1],
                    a[2]));
            topics.add((String) key.get(1));
        });
        List<PartitionFindings.Offsets> offsets = new ArrayList<>();
        String problem = null;
        if (!topics.isEmpty()) {
            try {
                Map<String, TopicOffsets> read = driver.topicOffsets(List.copyOf(topics)).get(OFFSETS_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                read.forEach((topic, o) -> {
                    long[] earliest = new long[o.partitionCount()];
                    long[] end = new long[o.partitionCount()];
                    for (int p = 0; p < o.partitionCount(); p++) {
                        earliest[p] = o.partition(p).earliest();
                        end[p] = o.partition(p).end();
                    }
                    offsets.add(new PartitionFindings.Offsets(topic, earliest, end));
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                problem = "interrupted while reading the topics' end offsets";
            } catch (java.util.concurrent.TimeoutException e) {
                problem = "the driver did not read the topics' end offsets within " + OFFSETS_TIMEOUT_SECONDS + " s";
            } catch (Exception e) {
                Throwable cause = e instanceof java.util.concurrent.ExecutionException && e.getCause() != null ? e.getCause() : e;
                problem = "the driver could not read the topics' end offsets: " + cause.getMessage();
                log.debug("topicOffsets failed", cause);
            }
        }
        return new PartitionFindings(producedOut, consumedOut, offsets, problem);
    }

    /** {@code now} less the stream's counts when the measurement started (messages, bytes, and a summed third figure). */
    private long[][] since(Object stream, long[][] now) {
        long[][] before = baseline.get(stream);
        if (before == null) {
            return now;
        }
        long[][] out = new long[3][];
        for (int f = 0; f < 3; f++) {
            out[f] = now[f].clone();
            for (int p = 0; p < Math.min(before[f].length, out[f].length); p++) {
                out[f][p] -= before[f][p];
            }
        }
        return out;
    }

    /** Adds {@code a} into the entry of {@code key}: sums, and for positions ({@code maxThird}) the largest. */
    private static <K> void merge(Map<K, long[][]> into, K key, long[][] a, boolean maxThird) {
        long[][] have = into.get(key);
        if (have == null) {
            into.put(key, new long[][] {a[0].clone(), a[1].clone(), a[2].clone()});
            return;
        }
        int n = Math.max(have[0].length, a[0].length);
        long[][] out = new long[3][n];
        for (int f = 0; f < 3; f++) {
            for (int p = 0; p < n; p++) {
                long x = p < have[f].length ? have[f][p] : 0;
                long y = p < a[f].length ? a[f][p] : 0;
                out[f][p] = f == 2 && maxThird ? Math.max(x, y) : x + y;
            }
        }
        into.put(key, out);
    }
}
