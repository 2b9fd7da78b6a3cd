package io.kbench.features.zones;

import io.kbench.driver.BrokerBytes;
import io.kbench.features.AckListener;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.ProducerSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The zones feature on a worker that knows its zone: the driver's per-broker byte counters when the measurement starts
 * and when the load is over, and the payload bytes acknowledged per partition in between (for replication, which no
 * client sees).
 */
final class ZonesOnWorker implements WorkerPart {

    private static final Logger log = LoggerFactory.getLogger(ZonesOnWorker.class);

    private record Producing(String topic, AtomicLongArray bytes) {}

    private final WorkerSetupView run;
    private final String zone;
    private final List<Producing> producing = new ArrayList<>();
    private BrokerBytes atStart = new BrokerBytes(Map.of(), Map.of());
    private final Map<Producing, long[]> ackedAtStart = new HashMap<>();
    private long startNanos;

    ZonesOnWorker(WorkerSetupView run, String zone) {
        this.run = run;
        this.zone = zone;
        this.startNanos = run.clock().nanoTime();
    }

    @Override
    public synchronized AckListener listen(ProducerSpec producer, long producerId, LoadSpec load) {
        // Sized once, by the topic's partitions; a partition beyond them (the topic grew) goes uncounted here.
        Producing p = new Producing(producer.topic(), new AtomicLongArray(Math.max(1, producer.partitions())));
        producing.add(p);
        return new AckListener() {
            @Override
            public void acknowledged(long sequence, int partition, int payloadBytes, long publishLatencyNanos) {
                if (partition >= 0 && partition < p.bytes().length()) {
                    p.bytes().addAndGet(partition, payloadBytes);
                }
            }
        };
    }

    @Override
    public synchronized void measurementStarts(long epochMicros) {
        startNanos = run.clock().nanoTime();
        atStart = read().orElse(atStart);
        ackedAtStart.clear();
        producing.forEach(p -> ackedAtStart.put(p, snapshot(p.bytes())));
    }

    @Override
    public synchronized ZoneFindings findings(ToIntFunction<String> liveMembers) {
        double seconds = (run.clock().nanoTime() - startNanos) / 1e9;
        Optional<BrokerBytes> now = read();
        Map<String, long[]> acked = new LinkedHashMap<>(); // by topic: several producers of a topic add up
        for (Producing p : producing) {
            long[] end = snapshot(p.bytes());
            long[] start = ackedAtStart.getOrDefault(p, new long[end.length]);
            long[] sum = acked.merge(p.topic(), new long[end.length], (a, b) -> a.length >= b.length ? a : Arrays.copyOf(a, b.length));
            for (int i = 0; i < end.length; i++) {
                sum[i] += end[i] - start[i];
            }
        }
        Map<String, List<Long>> ackedByTopic = new LinkedHashMap<>();
        acked.forEach((topic, bytes) -> ackedByTopic.put(topic, Arrays.stream(bytes).boxed().toList()));
        if (now.isEmpty()) {
            return new ZoneFindings(run.workerId(), zone, seconds, Map.of(), Map.of(), ackedByTopic,
                    "the driver does not count its clients' bytes per broker");
        }
        return new ZoneFindings(run.workerId(), zone, seconds, minus(now.get().producedTo(), atStart.producedTo()),
                minus(now.get().fetchedFrom(), atStart.fetchedFrom()), ackedByTopic, null);
    }

    private Optional<BrokerBytes> read() {
        try {
            return run.driver().brokerBytes();
        } catch (RuntimeException e) {
            log.warn("The driver could not count its clients' bytes per broker: {}", e.toString());
            return Optional.empty();
        }
    }

    /** Growth since the start, by broker; a client made after the start counts from 0, one closed since is gone. */
    static Map<Integer, Long> minus(Map<Integer, Long> end, Map<Integer, Long> start) {
        Map<Integer, Long> out = new TreeMap<>();
        end.forEach((broker, bytes) -> out.put(broker, Math.max(0, bytes - start.getOrDefault(broker, 0L))));
        return out;
    }

    private static long[] snapshot(AtomicLongArray a) {
        long[] out = new long[a.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.get(i);
        }
        return out;
    }
}
