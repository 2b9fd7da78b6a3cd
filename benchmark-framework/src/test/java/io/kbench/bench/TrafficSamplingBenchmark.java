package io.kbench.bench;

import io.kbench.workload.KeyDistributorType;
import io.kbench.workload.KeyPool;
import io.kbench.workload.traffic.KeySource;
import io.kbench.workload.traffic.KeySpec;
import io.kbench.workload.traffic.KeyTable;
import io.kbench.workload.traffic.PartitionSource;
import io.kbench.workload.traffic.PartitionWeights;
import io.kbench.workload.traffic.PayloadSource;
import io.kbench.workload.traffic.Payloads;
import io.kbench.workload.traffic.SizeBuckets;
import io.kbench.workload.traffic.SizeShapes;
import io.kbench.workload.traffic.SizeSpec;
import io.kbench.workload.traffic.SizeTable;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongToIntFunction;

/**
 * Not a test: prints what drawing one message's key, size (payload) or partition costs on the producer's thread, in
 * nanoseconds, against OMB's key pool, and whether it allocates. Run by hand (see docs/performance.md):
 * {@code java -cp <test classpath> io.kbench.bench.TrafficSamplingBenchmark}.
 */
public final class TrafficSamplingBenchmark {

    static final int DRAWS = Integer.getInteger("kbench.traffic.draws", 20_000_000);
    static final int ROUNDS = Integer.getInteger("kbench.traffic.rounds", 5);

    private static long sink;

    public static void main(String[] args) {
        Map<String, LongToIntFunction> cases = new LinkedHashMap<>();
        KeyPool omb = new KeyPool(KeyDistributorType.KEY_ROUND_ROBIN, 7);
        cases.put("key: OMB KEY_ROUND_ROBIN (before)", n -> omb.nextKey(n).length);
        KeySource uniform = KeyTable.of(new KeySpec("uniform", 10_000, 16, null, null, null)).chooser(1);
        cases.put("key: uniform, 10,000 keys", n -> uniform.nextKey(n).length);
        KeySource zipf = KeyTable.of(new KeySpec("zipf", 10_000, 16, 1.1, null, null)).chooser(1);
        cases.put("key: zipf 1.1, 10,000 keys", n -> zipf.nextKey(n).length);
        KeySource big = KeyTable.of(new KeySpec("zipf", 1_000_000, 16, 1.1, null, null)).chooser(1);
        cases.put("key: zipf 1.1, 1,000,000 keys", n -> big.nextKey(n).length);
        PayloadSource fixed = Payloads.inTurn(List.of(new byte[1024])).source(1);
        cases.put("payload: one size (before)", n -> fixed.nextPayload(n).length);
        PayloadSource buckets = Payloads.generated(SizeTable.of(SizeBuckets.of(Map.of("0-256", 20.0, "256-1024", 50.0,
                "1024-8192", 30.0)), 64L << 20), false, 0, 1).source(1);
        cases.put("payload: OMB buckets (4,096-entry table)", n -> buckets.nextPayload(n).length);
        PayloadSource logNormal = Payloads.generated(SizeTable.of(SizeShapes.distribution(new SizeSpec("log-normal", 64, 1 << 20,
                2048.0, 4096.0)), 64L << 20), true, 0.5, 1).source(1);
        cases.put("payload: log-normal sizes", n -> logNormal.nextPayload(n).length);
        PartitionSource weights = PartitionWeights.of(4, 1, 1, 1, 1).source(5, 1);
        cases.put("partition: weights [4,1,1,1,1]", n -> weights.nextPartition());
        // What the features add to each acknowledgement (the partitions feature's counters, the traffic feature's sizes).
        io.kbench.features.AckListener counted = io.kbench.features.partitions.PartitionCounting.listener();
        cases.put("ack: per-partition counters", n -> {
            counted.acknowledged(n, (int) (n & 15), 1024, 2_000_000);
            return 1;
        });
        org.HdrHistogram.Recorder sizesRecorder = new org.HdrHistogram.Recorder(128L << 20, 3);
        cases.put("ack: record the size (varying sizes only)", n -> {
            sizesRecorder.recordValue(64 + (n & 1023));
            return 1;
        });

        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        System.out.printf(Locale.ROOT, "%,d draws per round, %d rounds; the best round's ns per draw, and bytes allocated per draw%n",
                DRAWS, ROUNDS);
        for (Map.Entry<String, LongToIntFunction> c : cases.entrySet()) {
            double best = Double.MAX_VALUE;
            double allocated = 0;
            for (int r = 0; r < ROUNDS; r++) {
                long bytesBefore = threads.getThreadAllocatedBytes(self);
                long start = System.nanoTime();
                long s = 0;
                for (int i = 0; i < DRAWS; i++) {
                    s += c.getValue().applyAsInt(i);
                }
                long nanos = System.nanoTime() - start;
                allocated = (double) (threads.getThreadAllocatedBytes(self) - bytesBefore) / DRAWS;
                sink += s;
                best = Math.min(best, (double) nanos / DRAWS);
            }
            System.out.printf(Locale.ROOT, "%-42s %6.2f ns  %5.2f B%n", c.getKey(), best, allocated);
        }
        System.out.println(sink == 42 ? "" : "(done)");
    }
}
