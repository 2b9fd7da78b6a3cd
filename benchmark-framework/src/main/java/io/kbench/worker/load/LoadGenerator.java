package io.kbench.worker.load;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.features.AckListener;
import io.kbench.stats.WorkerStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.time.RateControl;
import io.kbench.time.SendSchedule;
import io.kbench.workload.KeyPool;
import io.kbench.workload.traffic.KeySource;
import io.kbench.workload.traffic.KeyTable;
import io.kbench.workload.traffic.PartitionSource;
import io.kbench.workload.traffic.PartitionWeights;
import io.kbench.workload.traffic.Payloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.kbench.plan.LoadSpec;
/**
 * Runs the producers of one worker on a few threads (at most one per core) and stops them.
 * When every producer has sent its quota, the generator reports itself done to the stats.
 */
public final class LoadGenerator {

    static final long GRACE_MILLIS = 500;

    private final List<ProducerLoop> loops = new ArrayList<>();
    private final List<ScheduledProducer> producers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final BenchmarkClock clock;
    private final WorkerStats stats;
    /** The producers' shared schedule, or null when unthrottled. */
    private final RateControl rate;
    private volatile boolean stopped;

    /**
     * @param producersByIndex this worker's producers, keyed by their index in the whole run
     */
    public LoadGenerator(Map<Integer, BenchmarkProducer> producersByIndex, LoadSpec load, BenchmarkClock clock,
                         WorkerStats stats, int maxThreads) {
        this(producersByIndex, load, clock, stats, maxThreads, null, Map.of(), Map.of());
    }

    /**
     * @param gate limits messages in flight until consumed (shared with this worker's consumers), or null
     * @param producerIds by producer index: the id its messages carry (with {@link io.kbench.plan.StampMode#TIME_AND_SEQUENCE});
     *     producers without an entry carry none
     * @param acks by producer index: who is told of its acknowledgements (the integrity check); none without an entry
     */
    public LoadGenerator(Map<Integer, BenchmarkProducer> producersByIndex, LoadSpec load, BenchmarkClock clock,
                         WorkerStats stats, int maxThreads, InFlightGate gate, Map<Integer, Long> producerIds,
                         Map<Integer, AckListener> acks) {
        this(producersByIndex, load, clock, stats, maxThreads, gate, producerIds, acks, Map.of());
    }

    /**
     * @param partitionsByIndex by producer index: its topic's partitions, for producers that pick partitions by weight
     */
    public LoadGenerator(Map<Integer, BenchmarkProducer> producersByIndex, LoadSpec load, BenchmarkClock clock,
                         WorkerStats stats, int maxThreads, InFlightGate gate, Map<Integer, Long> producerIds,
                         Map<Integer, AckListener> acks, Map<Integer, Integer> partitionsByIndex) {
        this.clock = clock;
        this.stats = stats;
        // Made once and shared: each producer draws from them with its own seeded random numbers, allocating nothing.
        Payloads payloads = load.payload().payloads();
        KeyTable keys = load.traffic().keys() == null ? null : KeyTable.of(load.traffic().keys());
        PartitionWeights weights = load.traffic().partitionWeights();
        long start = clock.nanoTime();
        this.rate = load.throttled() ? new RateControl(load.profileFrom(start)) : null;
        int threadCount = Math.max(1, Math.min(maxThreads, producersByIndex.size()));
        List<List<ScheduledProducer>> perThread = new ArrayList<>();
        for (int t = 0; t < threadCount; t++) {
            perThread.add(new ArrayList<>());
        }
        int i = 0;
        for (Map.Entry<Integer, BenchmarkProducer> e : producersByIndex.entrySet()) {
            int index = e.getKey();
            SendSchedule schedule = rate == null ? null : new SendSchedule(rate, index, load.totalProducers());
            KeySource keySource = keys != null ? keys.chooser(seed(index, 1)) : new KeyPool(load.keyDistributor(), 31L * index + 7);
            PartitionSource partitions = weights == null ? null : weights.source(partitionsOf(partitionsByIndex, index), seed(index, 2));
            ScheduledProducer p = new ScheduledProducer(e.getValue(), schedule, load.quotaOf(index), payloads.source(seed(index, 3)),
                    keySource, partitions, producerIds.getOrDefault(index, 0L), acks.get(index));
            producers.add(p);
            perThread.get(i++ % threadCount).add(p);
        }
        for (List<ScheduledProducer> group : perThread) {
            loops.add(new ProducerLoop(group, clock, stats, load.throttled(), gate, load.stamps()));
        }
    }

    /** The seed of one producer's draws of one kind: the same in every run, different for every producer and kind. */
    static long seed(int producerIndex, int kind) {
        return 0x6b62656e6368L ^ (producerIndex * 0x9E3779B97F4A7C15L) ^ ((long) kind << 56);
    }

    private static int partitionsOf(Map<Integer, Integer> partitionsByIndex, int index) {
        Integer n = partitionsByIndex.get(index);
        if (n == null || n < 1) {
            throw new IllegalStateException("producer " + index + " picks partitions by weight, but its topic's partitions are unknown");
        }
        return n;
    }

    /**
     * From now on the producers send {@code ratePerSecond} messages per second in all (0 pauses
     * them); messages already due keep their times.
     */
    public void changeRate(double ratePerSecond) {
        if (rate == null) {
            throw new IllegalStateException("the producers are unthrottled: they have no rate to change");
        }
        rate.changeRate(clock.nanoTime(), ratePerSecond);
    }

    /**
     * From now on {@code ratePerSecond} in all, and messages due but not yet sent are never sent:
     * each producer's next message is its first one due after now.
     */
    public void restartSchedule(double ratePerSecond) {
        if (rate == null) {
            throw new IllegalStateException("the producers are unthrottled: they have no schedule to restart");
        }
        rate.restart(clock.nanoTime(), ratePerSecond);
    }

    /** The total rate requested now, or -1 when unthrottled. */
    public double requestedRate() {
        return rate == null ? -1 : rate.profile().rateAt(clock.nanoTime());
    }

    /** Messages of this worker's producers due by now since the load started (their quotas respected); 0 when unthrottled. */
    public long dueMessages() {
        if (rate == null) {
            return 0;
        }
        long now = clock.nanoTime();
        long due = 0;
        for (ScheduledProducer p : producers) {
            due += Math.min(p.quota, p.schedule.dueBy(now));
        }
        return due;
    }

    public synchronized void start() {
        for (int t = 0; t < loops.size(); t++) {
            Thread thread = new Thread(loops.get(t), "kbench-producer-loop-" + t);
            thread.setDaemon(true);
            threads.add(thread);
        }
        Thread watcher = new Thread(this::awaitQuotas, "kbench-producer-watch");
        watcher.setDaemon(true);
        threads.forEach(Thread::start);
        watcher.start();
    }

    /**
     * Stops every loop. A loop notices the request within {@link ProducerLoop#MAX_PARK_NANOS}, unless
     * it is blocked in the client (buffer full, no metadata: the cluster is not taking messages);
     * after {@value #GRACE_MILLIS} ms such a send is interrupted and counted as abandoned. A loop
     * already delivering its producers' last messages (committing their transactions) is left to finish. Waits at most 10 s in all.
     */
    public synchronized void stop() throws InterruptedException {
        if (stopped) {
            return;
        }
        loops.forEach(ProducerLoop::requestStop);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (int t = 0; t < threads.size(); t++) {
            Thread thread = threads.get(t);
            thread.join(GRACE_MILLIS);
            if (thread.isAlive()) {
                if (!loops.get(t).finishing()) {
                    thread.interrupt();
                }
                thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
        }
        markStopped();
    }

    private void awaitQuotas() {
        try {
            for (Thread thread : threads) {
                thread.join();
            }
            markStopped();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void markStopped() {
        if (stopped) {
            return;
        }
        stopped = true;
        long now = clock.nanoTime();
        long lag = 0;
        for (ScheduledProducer p : producers) {
            lag += p.lagAt(now);
        }
        stats.onProducersStopped(lag);
    }
}
