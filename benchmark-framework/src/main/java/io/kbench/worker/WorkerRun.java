package io.kbench.worker;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.TransactionListener;
import io.kbench.features.AckListener;
import io.kbench.features.ConsumerListener;
import io.kbench.features.ConsumerMaker;
import io.kbench.features.Feature;
import io.kbench.features.Features;
import io.kbench.features.WorkerPart;
import io.kbench.features.WorkerSetupView;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ClusterDescription;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.DriverException;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.ServerContact;
import io.kbench.driver.ConsumerCallback.TimestampType;
import io.kbench.driver.TopicOffsets;
import io.kbench.driver.TopicSpec;
import io.kbench.plan.TopicBatches;
import io.kbench.plan.ProducerIds;
import io.kbench.logging.ClientWarnings;
import io.kbench.plan.ProcessingTime;
import io.kbench.provenance.MachineProbe;
import io.kbench.stats.ClientMetricTotal;
import io.kbench.stats.DrainObserver;
import io.kbench.stats.LoadProgress;
import io.kbench.stats.PeriodStats;
import io.kbench.stats.WorkerStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import io.kbench.warning.WarningSummary;
import io.kbench.worker.load.InFlightGate;
import io.kbench.worker.load.LoadGenerator;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.StampMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.kbench.plan.ProducerSpec;
import io.kbench.plan.ConsumerSpec;
/**
 * One run on one worker: the initialized driver and everything created through it, and each feature's
 * part of the run ({@link WorkerPart}), which listens to the records of the consumers and producers it
 * cares about.
 */
final class WorkerRun {

    private static final Logger log = LoggerFactory.getLogger(WorkerRun.class);
    private static final long CALL_TIMEOUT_SECONDS = 120;

    final String runId;
    private final String workerId;
    private final LoadedDriver<?> driver;
    private final BenchmarkClock clock;
    final WorkerStats stats;
    private final int maxProducerThreads;
    private final int runTag;
    /** Each feature's part in this run, by the feature's name, in registration order. */
    private final Map<String, WorkerPart> parts = new LinkedHashMap<>();
    private final List<ConsumerSpec> consumerSpecs = new ArrayList<>();
    private final List<BenchmarkConsumer> consumers = new ArrayList<>();
    private final Map<Integer, BenchmarkProducer> producers = new LinkedHashMap<>();
    private final Map<Integer, ProducerSpec> producerSpecs = new LinkedHashMap<>();
    private final TransactionListener transactions;
    private volatile LoadGenerator load;
    /** The load was asked for: with no producer here, nothing runs, and a new rate has nothing to pace. */
    private volatile boolean loadStarted;
    private volatile InFlightGate gate;

    final String coordinator;
    /** The worker's zone, or null when unknown. */
    private final String zone;
    private final ClientWarnings warnings;

    WorkerRun(String workerId, String zone, WorkerSetup setup, LoadedDriver<?> driver, BenchmarkClock clock, int maxProducerThreads,
              DrainObserver observer, ClientWarnings warnings) {
        this.zone = zone;
        this.warnings = warnings;
        this.workerId = workerId;
        this.runId = setup.runId();
        this.coordinator = setup.coordinator();
        this.driver = driver;
        this.clock = clock;
        this.maxProducerThreads = maxProducerThreads;
        this.stats = new WorkerStats(workerId, clock, observer);
        this.runTag = ProducerIds.runTag(setup.runId());
        WorkerSetupView view = new View();
        for (Feature f : Features.all()) {
            f.onWorker(view).ifPresent(part -> parts.put(f.name(), part));
        }
        this.transactions = parts.values().stream().map(WorkerPart::transactions).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** What the features learn of this run. */
    private final class View implements WorkerSetupView {
        @Override
        public String workerId() {
            return workerId;
        }

        @Override
        public Optional<String> zone() {
            return Optional.ofNullable(zone);
        }

        @Override
        public String runId() {
            return runId;
        }

        @Override
        public int runTag() {
            return runTag;
        }

        @Override
        public BenchmarkClock clock() {
            return clock;
        }

        @Override
        public WorkerStats stats() {
            return stats;
        }

        @Override
        public BenchmarkDriver<?> driver() {
            return driver.driver();
        }
    }

    void initialize() {
        driver.initialize();
    }

    void createTopics(List<TopicSpec> topics) {
        // Large clusters (issue 26): a call waits until its partitions are served, so its time grows with them.
        await(driver.driver().createTopics(topics), "create " + topics.size() + " topic(s)",
                TopicBatches.callTimeout(TopicBatches.partitions(topics)).toSeconds());
    }

    Map<String, Integer> describeTopics(List<String> topics) {
        return await(driver.driver().describeTopics(topics), "describe " + topics.size() + " topic(s)");
    }

    Map<String, TopicOffsets> topicOffsets(List<String> topics) {
        return await(driver.driver().topicOffsets(topics), "read the offsets of " + topics.size() + " topic(s)");
    }

    Map<String, Long> topicRetentionMillis(List<String> topics) {
        return await(driver.driver().topicRetentionMillis(topics), "read how long " + topics.size() + " topic(s) keep records");
    }

    /** What {@code feature}'s part found so far, while the run goes on; empty when it takes no part here or has nothing yet. */
    Optional<WorkerFindings> progress(String feature) {
        WorkerPart part = parts.get(feature);
        Object found = part == null ? null : part.progress();
        return found == null ? Optional.empty() : Optional.of(new WorkerFindings(workerId, List.of(), List.of(), Map.of(feature, found), null));
    }

    /** What the cluster says about itself, for the result's provenance; empty when the driver cannot say. */
    Optional<ClusterDescription> describeCluster(List<String> topics) {
        return driver.driver().describeCluster(topics);
    }

    void deleteTopics(List<String> topics) {
        await(driver.driver().deleteTopics(topics), "delete " + topics.size() + " topic(s)");
    }

    /**
     * Makes each consumer: through the feature that makes its kind (a share group's member), else as a
     * consumer group's member; either way, with every feature's look at its records.
     */
    synchronized void createConsumers(List<ConsumerSpec> specs) {
        for (ConsumerSpec spec : specs) {
            ConsumerListener listener = null;
            ConsumerMaker maker = null;
            for (WorkerPart part : parts.values()) {
                listener = ConsumerListener.both(listener, part.listen(spec));
                if (maker == null) {
                    maker = part.maker(spec).orElse(null);
                }
            }
            BenchmarkConsumer consumer = maker != null
                    ? await(maker.make(this::receivedByAFeaturesConsumer, listener), "create a " + spec.subscription()
                            + " consumer on topic " + spec.topic())
                    : await(driver.driver().createConsumer(spec.plan().request(spec.topic(), spec.subscription(),
                            new Receiver(listener, spec.plan().processing(), new SplittableRandom(seed())), spec.start())),
                            "create a consumer on topic " + spec.topic());
            consumers.add(consumer);
            consumerSpecs.add(spec);
            parts.values().forEach(p -> p.consumerCreated(spec, consumer));
        }
    }

    /** A record a feature's consumer settled: counted as consumed, unless it is another run's (left in an existing topic). */
    private void receivedByAFeaturesConsumer(int payloadBytes, MessageStamp stamp, long receivedNanos) {
        boolean foreign = stamp != null && stamp.checksIntegrity() && ProducerIds.runTagOf(stamp.producerId()) != runTag;
        onMessage(payloadBytes, foreign ? null : stamp, receivedNanos);
    }

    /** Closes {@code count} consumers of {@code subscription}, the newest first; see {@link Worker#removeConsumers}. */
    synchronized int removeConsumers(String subscription, int count, boolean crash) {
        List<Integer> chosen = new ArrayList<>();
        for (int i = consumers.size() - 1; i >= 0 && chosen.size() < count; i--) {
            if (consumerSpecs.get(i).subscription().equals(subscription)) {
                chosen.add(i);
            }
        }
        List<Thread> closing = new ArrayList<>();
        for (int i : chosen) { // descending, so removing by index keeps the others' places
            BenchmarkConsumer c = consumers.remove(i);
            consumerSpecs.remove(i);
            if (crash) {
                try {
                    c.closeAsCrash();
                } catch (Exception e) {
                    throw new WorkerException("worker " + workerId + " could not close a consumer as a crash: " + Errors.describe(e), e);
                }
            } else {
                closing.add(closeInBackground(c, "consumer"));
            }
        }
        joinAll(closing);
        return chosen.size();
    }

    /** Closes every consumer gracefully and creates it again from its spec; see {@link Worker#restartConsumers}. */
    synchronized int restartConsumers() {
        List<ConsumerSpec> specs = List.copyOf(consumerSpecs);
        List<Thread> closing = new ArrayList<>();
        consumers.forEach(c -> closing.add(closeInBackground(c, "consumer")));
        joinAll(closing);
        consumers.clear();
        consumerSpecs.clear();
        createConsumers(specs);
        return specs.size();
    }

    /** The partitions each live consumer holds, per subscription. */
    synchronized Map<String, List<Integer>> memberAssignments() {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        for (int i = 0; i < consumers.size(); i++) {
            out.computeIfAbsent(consumerSpecs.get(i).subscription(), k -> new ArrayList<>()).add(consumers.get(i).assignedPartitionCount());
        }
        return out;
    }

    private static void joinAll(List<Thread> threads) {
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    /** A seed per consumer, so that each decides its acknowledgements and processing times on its own. */
    private long seed() {
        return ((long) runTag << 20) ^ (consumers.size() * 0x9E3779B97F4A7C15L);
    }

    /** A record's processing time, on the consumer's thread. */
    private void park(long untilNanos) {
        try {
            clock.parkUntil(untilNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the consumer is closing
        }
    }

    private void onMessage(int payloadBytes, MessageStamp stamp, long now) {
        long endToEnd = stamp == null ? Long.MIN_VALUE : clock.epochMicrosAt(now) - stamp.intendedSendEpochMicros();
        stats.onReceive(payloadBytes, now, endToEnd);
        InFlightGate g = gate;
        if (g != null) {
            g.exit();
        }
    }

    /**
     * What one consumer group member does with each message, on the consumer's thread: times and counts
     * it, lets the features look at it, then takes its processing time. The stamp's fields are taken out
     * here and passed on as they are, so that the stamp object need not outlive this call (the JIT can
     * then drop it); the thread's stats writer is kept rather than looked up per message; when the
     * driver reports batches, the clock is read once per batch (its messages arrived together).
     */
    private final class Receiver implements ConsumerCallback {
        /** The features' look at each record, or null when none looks. */
        private final ConsumerListener listener;
        private final ProcessingTime processing;
        private final SplittableRandom random;
        private WorkerStats.ThreadWriter writer;
        /** Whether the driver reports batches, and when the last one arrived. */
        private boolean batched;
        private long batchNanos;

        Receiver(ConsumerListener listener, ProcessingTime processing, SplittableRandom random) {
            this.listener = listener;
            this.processing = processing;
            this.random = random;
        }

        @Override
        public void messageReceived(int size, int partition, long position, MessageStamp stamp, long timestampEpochMillis,
                                    TimestampType timestampType) {
            // A slow consumer's records wait behind the processing of those before them: each is timed when its turn comes.
            long now = batched && processing.none() ? batchNanos : clock.nanoTime();
            // Another run's message (left in an existing topic) is consumed, but its send time is not ours to judge.
            long intended = stamp == null || (stamp.checksIntegrity() && ProducerIds.runTagOf(stamp.producerId()) != runTag)
                    ? Long.MIN_VALUE : stamp.intendedSendEpochMicros();
            long endToEnd = intended == Long.MIN_VALUE ? Long.MIN_VALUE : clock.epochMicrosAt(now) - intended;
            WorkerStats.ThreadWriter w = writer;
            if (w == null || !w.isOwnedByCurrentThread()) {
                w = writer = stats.writerForThisThread(); // once: the SPI delivers on the consumer's own thread
            }
            w.onReceive(size, now, endToEnd);
            InFlightGate g = gate;
            if (g != null) {
                g.exit();
            }
            if (listener != null) {
                listener.received(partition, position, stamp, now, size, timestampEpochMillis, timestampType);
            }
            if (!processing.none()) { // a slow consumer: the record's processing time, on this thread
                park(clock.nanoTime() + processing.sampleNanos(random));
            }
        }

        @Override
        public void batchArrived() {
            batchNanos = clock.nanoTime();
            batched = true;
        }
    }

    /** A feature's gauge for the agent's metrics (0 when the feature takes no part in this run). */
    long gauge(String feature, String name) {
        WorkerPart part = parts.get(feature);
        return part == null ? 0 : part.gauge(name);
    }

    /** Starts the measurement: the stats and the features' figures count from now. */
    void resetStats() {
        stats.reset();
        long now = clock.epochMicros();
        parts.values().forEach(p -> p.measurementStarts(now));
    }

    synchronized Map<String, Integer> assignedPartitions() {
        Map<String, Integer> assigned = new HashMap<>();
        for (int i = 0; i < consumers.size(); i++) {
            // A share group's members may share partitions: each counts once when it holds any, so the group is
            // ready when every member may fetch.
            int count = consumers.get(i).assignedPartitionCount();
            assigned.merge(consumerSpecs.get(i).subscription(), consumerSpecs.get(i).plan().share() ? Math.min(count, 1) : count,
                    Integer::sum);
        }
        return assigned;
    }

    void createProducers(List<ProducerSpec> specs) {
        for (ProducerSpec spec : specs) {
            ProducerOptions options = new ProducerOptions(runId + "-" + spec.index(), transactions, spec.headers() == null ? List.of()
                    : spec.headers().headers(0x68656164L ^ (spec.index() * 0x9E3779B97F4A7C15L)));
            producers.put(spec.index(), await(driver.driver().createProducer(spec.topic(), options),
                    "create a producer on topic " + spec.topic()));
            producerSpecs.put(spec.index(), spec);
        }
    }

    void startLoad(LoadSpec spec) {
        if (load != null) {
            throw new WorkerException("worker " + workerId + ": load already started for run " + runId);
        }
        loadStarted = true;
        if (producers.isEmpty()) {
            stats.onProducersStopped(0);
            return;
        }
        gate = spec.maxInFlightMessages() > 0 ? new InFlightGate(spec.maxInFlightMessages()) : null;
        Map<Integer, Long> ids = new LinkedHashMap<>();
        Map<Integer, AckListener> acks = new LinkedHashMap<>();
        if (spec.stamps() == StampMode.TIME_AND_SEQUENCE) {
            producerSpecs.forEach((index, producer) -> ids.put(index, ProducerIds.of(runTag, index)));
        }
        producerSpecs.forEach((index, producer) -> {
            AckListener listener = null;
            for (WorkerPart part : parts.values()) {
                listener = AckListener.both(listener, part.listen(producer, ids.getOrDefault(index, 0L), spec));
            }
            if (listener != null) {
                acks.put(index, listener);
            }
        });
        Map<Integer, Integer> partitions = new LinkedHashMap<>();
        producerSpecs.forEach((index, producer) -> partitions.put(index, producer.partitions()));
        load = new LoadGenerator(producers, spec, clock, stats, maxProducerThreads, gate, ids, acks, partitions);
        load.start();
    }

    /**
     * This period's stats, with the cluster server that last answered this worker's clients and the
     * warnings they logged (this process's: a worker serves one run at a time).
     */
    PeriodStats takePeriod() {
        PeriodStats period = stats.takePeriod();
        ServerContact contact = null;
        try {
            contact = driver.driver().lastServerContact().orElse(null);
        } catch (RuntimeException e) {
            log.debug("the driver could not say which server answered last: {}", e.toString());
        }
        LoadGenerator generator = load;
        LoadProgress progress = generator == null ? null
                : new LoadProgress(generator.requestedRate(), generator.dueMessages());
        return period.withWorkerView(contact, clientWarnings(), progress);
    }

    /** From now on the producers send {@code ratePerSecond} messages per second in all (0 pauses them). */
    void changeRate(double ratePerSecond) {
        ifLoad("change the rate of", l -> l.changeRate(ratePerSecond));
    }

    /** Like {@link #changeRate}, dropping the messages due and not yet sent. */
    void restartSchedule(double ratePerSecond) {
        ifLoad("restart the schedule of", l -> l.restartSchedule(ratePerSecond));
    }

    /** Acts on the load; a worker of consumers only (more workers than producers) has none, and nothing to do. */
    private void ifLoad(String what, Consumer<LoadGenerator> action) {
        LoadGenerator l = load;
        if (l != null) {
            action.accept(l);
        } else if (!loadStarted) {
            throw new WorkerException("worker " + workerId + ": no load to " + what + " (run " + runId + ")");
        }
    }

    private List<WarningSummary> clientWarnings() {
        return warnings.snapshot().stream().map(WarningSummary::withoutExample).toList();
    }

    /** The clients' metrics and each feature's findings, once the load is over. */
    synchronized WorkerFindings findings() {
        List<ClientMetricTotal> metrics;
        try {
            metrics = ClientMetricTotal.of(driver.driver().clientMetrics());
        } catch (RuntimeException e) {
            log.warn("The driver could not report its clients' metrics: {}", Errors.describe(e));
            metrics = List.of();
        }
        Map<String, Object> found = new LinkedHashMap<>();
        ToIntFunction<String> live = group -> (int) consumerSpecs.stream().filter(c -> c.subscription().equals(group)).count();
        parts.forEach((name, part) -> {
            Object f = part.findings(live);
            if (f != null) {
                found.put(name, f);
            }
        });
        return new WorkerFindings(workerId, metrics, clientWarnings(), found,
                MachineProbe.describe(workerId, stats.hostCpuSinceReset())); // provenance: the machine and its host's CPU
    }

    synchronized void pauseConsumers() {
        consumers.forEach(BenchmarkConsumer::pause);
    }

    synchronized void resumeConsumers() {
        consumers.forEach(BenchmarkConsumer::resume);
    }

    void stopProducers() {
        if (load == null) {
            return;
        }
        try {
            load.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Closes producers and consumers; never throws, logs what failed to close. */
    synchronized void closeClients() {
        stopProducers();
        // All at once: each may wait a few seconds for a broker that is gone, and those waits should not add up.
        List<Thread> closing = new ArrayList<>();
        producers.values().forEach(p -> closing.add(closeInBackground(p, "producer")));
        consumers.forEach(c -> closing.add(closeInBackground(c, "consumer")));
        joinAll(closing);
        producers.clear();
        consumers.clear();
        consumerSpecs.clear();
    }

    private static Thread closeInBackground(AutoCloseable c, String what) {
        Thread t = new Thread(() -> closeQuietly(c, what), "kbench-close-" + what);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Closes everything; never throws, logs what failed to close. */
    void close() {
        closeClients();
        closeQuietly(driver.driver(), "driver");
    }

    private static void closeQuietly(AutoCloseable c, String what) {
        try {
            c.close();
        } catch (Exception e) {
            log.warn("Closing a {} failed: {}", what, e.toString());
        }
    }

    private <T> T await(CompletableFuture<T> future, String what) {
        return await(future, what, CALL_TIMEOUT_SECONDS);
    }

    private <T> T await(CompletableFuture<T> future, String what, long timeoutSeconds) {
        try {
            return future.get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof DriverException de) {
                throw de;
            }
            throw new WorkerException("worker " + workerId + " could not " + what + ": " + Errors.describe(cause), cause);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new WorkerException("worker " + workerId + " could not " + what + " within " + timeoutSeconds + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkerException("worker " + workerId + " was interrupted while trying to " + what);
        }
    }
}
