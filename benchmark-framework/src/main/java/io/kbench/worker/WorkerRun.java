package io.kbench.worker;

import io.kbench.consumerevents.PartitionActivity;
import io.kbench.consumergroups.GroupFigures;
import io.kbench.consumergroups.GroupTally;
import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.DriverException;
import io.kbench.driver.GroupMembership;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.ServerContact;
import io.kbench.driver.TopicSpec;
import io.kbench.integrity.ConsumerChecker;
import io.kbench.integrity.IntegrityReport;
import io.kbench.integrity.ProducerAcks;
import io.kbench.integrity.ProducerIds;
import io.kbench.integrity.SequenceSet;
import io.kbench.integrity.SubscriptionTally;
import io.kbench.logging.ClientWarnings;
import io.kbench.partitioncost.WorkerMemory;
import io.kbench.sharegroup.ProcessingTime;
import io.kbench.sharegroup.ShareFigures;
import io.kbench.sharegroup.ShareMember;
import io.kbench.sharegroup.ShareTally;
import io.kbench.stats.ClientMetricTotal;
import io.kbench.stats.DrainObserver;
import io.kbench.stats.LoadProgress;
import io.kbench.stats.PeriodStats;
import io.kbench.stats.WorkerStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.topics.TopicBatches;
import io.kbench.transactions.TransactionRecorder;
import io.kbench.util.Errors;
import io.kbench.warning.WarningSummary;
import io.kbench.worker.load.InFlightGate;
import io.kbench.worker.load.LoadGenerator;
import io.kbench.worker.load.LoadSpec;
import io.kbench.worker.load.StampMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One run on one worker: the initialized driver and everything created through it. */
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
    private final List<ConsumerSpec> consumerSpecs = new ArrayList<>();
    private final List<BenchmarkConsumer> consumers = new ArrayList<>();
    private final List<ConsumerChecker> checkers = new ArrayList<>();
    private final Set<String> preparedShareGroups = new HashSet<>();
    private final Map<String, ShareTally> shareTallies = new LinkedHashMap<>();
    private final Map<String, GroupTally> groupTallies = new LinkedHashMap<>();
    /** Checkers of consumers closed during the run (consumer events): what they read still counts. */
    private final List<ConsumerChecker> retiredCheckers = new ArrayList<>();
    private final Map<String, PartitionActivity> activity = new LinkedHashMap<>();
    private final Map<Integer, BenchmarkProducer> producers = new LinkedHashMap<>();
    private final Map<Integer, String> producerTopics = new LinkedHashMap<>();
    private final Map<Integer, ProducerAcks> producerAcks = new LinkedHashMap<>();
    private final TransactionRecorder transactions;
    private volatile LoadGenerator load;
    private volatile InFlightGate gate;

    final String coordinator;
    private final ClientWarnings warnings;

    WorkerRun(String workerId, WorkerSetup setup, LoadedDriver<?> driver, BenchmarkClock clock, int maxProducerThreads,
              DrainObserver observer, ClientWarnings warnings) {
        this.warnings = warnings;
        this.workerId = workerId;
        this.runId = setup.runId();
        this.coordinator = setup.coordinator();
        this.driver = driver;
        this.clock = clock;
        this.maxProducerThreads = maxProducerThreads;
        this.stats = new WorkerStats(workerId, clock, observer);
        this.transactions = new TransactionRecorder(stats);
        this.runTag = ProducerIds.runTag(setup.runId());
        WorkerMemory.resetPeak(); // issue 26: the run's own peak memory, not an earlier run's in this JVM
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

    void deleteTopics(List<String> topics) {
        await(driver.driver().deleteTopics(topics), "delete " + topics.size() + " topic(s)");
    }

    synchronized void createConsumers(List<ConsumerSpec> specs) {
        for (ConsumerSpec spec : specs) {
            if (spec.plan().share()) {
                createShareConsumer(spec);
            } else {
                createGroupMember(spec);
            }
        }
    }

    private void createGroupMember(ConsumerSpec spec) {
        ConsumerChecker checker = spec.plan().rereadsExpected()
                ? ConsumerChecker.acrossRebalances(spec.subscription(), spec.topic(), runTag)
                : new ConsumerChecker(spec.subscription(), spec.topic(), runTag);
        ProcessingTime processing = spec.plan().processing();
        SplittableRandom random = new SplittableRandom(seed());
        PartitionActivity tracked = activityOf(spec);
        ConsumerCallback callback = new Receiver(checker, processing, random, tracked);
        BenchmarkConsumer consumer = await(driver.driver().createConsumer(spec.topic(), spec.subscription(), callback,
                spec.plan().options(spec.fromEnd())), "create a consumer on topic " + spec.topic());
        consumers.add(consumer);
        consumerSpecs.add(spec);
        checkers.add(checker);
        groupTallies.computeIfAbsent(spec.subscription(), g -> new GroupTally(g, spec.topic())).add(membershipOf(consumer));
    }

    /** What the driver says of how the member was made, or null; a driver that fails to say does not fail the run. */
    private static GroupMembership membershipOf(BenchmarkConsumer consumer) {
        try {
            return consumer.groupMembership();
        } catch (RuntimeException e) {
            log.warn("The driver could not say how a consumer group member was made: {}", Errors.describe(e));
            return null;
        }
    }

    private void createShareConsumer(ConsumerSpec spec) {
        ConsumerPlan plan = spec.plan();
        if (preparedShareGroups.add(spec.subscription())) {
            await(driver.driver().prepareShareGroup(spec.subscription(), plan.shareSettings()),
                    "prepare the share group " + spec.subscription());
        }
        ShareTally tally;
        synchronized (shareTallies) { // read by metrics without the run's lock
            tally = shareTallies.computeIfAbsent(spec.subscription(),
                    g -> new ShareTally(g, spec.topic(), plan.deliveryCountLimit(), clock.epochMicros()));
        }
        ConsumerChecker checker = ConsumerChecker.atLeastOnce(spec.subscription(), spec.topic(), runTag);
        PartitionActivity tracked = activityOf(spec);
        ShareMember member = new ShareMember(tally, clock, plan.acknowledgement(), plan.policy(), plan.processing(), seed(),
                (size, partition, stamp, deliveryCount, receivedNanos) -> {
                    boolean foreign = stamp != null && stamp.checksIntegrity() && ProducerIds.runTagOf(stamp.producerId()) != runTag;
                    onMessage(size, foreign ? null : stamp, receivedNanos);
                    if (tracked != null) {
                        tracked.onConsumed(partition, clock.epochMicrosAt(receivedNanos));
                    }
                    checker.onSettled(stamp, deliveryCount);
                });
        consumers.add(await(driver.driver().createShareConsumer(spec.topic(), spec.subscription(), member.mode(), member),
                "create a share consumer on topic " + spec.topic()));
        consumerSpecs.add(spec);
        checkers.add(checker);
    }

    /** The subscription's partition activity, kept only in runs with consumer events (it costs a lock per record). */
    private PartitionActivity activityOf(ConsumerSpec spec) {
        return spec.plan().rereadsExpected() ? activity.computeIfAbsent(spec.subscription(), PartitionActivity::new) : null;
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
            retiredCheckers.add(checkers.remove(i));
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
        retiredCheckers.addAll(checkers);
        consumers.clear();
        consumerSpecs.clear();
        checkers.clear();
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
     * What one consumer does with each message, on the consumer's thread. The stamp's fields are taken
     * out here and passed on as they are, so that the stamp object need not outlive this call (the JIT
     * can then drop it); the thread's stats writer is kept rather than looked up per message; when the
     * driver reports batches, the clock is read once per batch (its messages arrived together).
     */
    private final class Receiver implements ConsumerCallback {
        private final ConsumerChecker checker;
        private final ProcessingTime processing;
        private final SplittableRandom random;
        /** The subscription's partition activity in a run with consumer events, else null. */
        private final PartitionActivity tracked;
        private WorkerStats.ThreadWriter writer;
        /** Whether the driver reports batches, and when the last one arrived. */
        private boolean batched;
        private long batchNanos;

        Receiver(ConsumerChecker checker, ProcessingTime processing, SplittableRandom random, PartitionActivity tracked) {
            this.checker = checker;
            this.processing = processing;
            this.random = random;
            this.tracked = tracked;
        }

        @Override
        public void messageReceived(int size, int partition, long position, MessageStamp stamp) {
            if (stamp == null) {
                received(size, Long.MIN_VALUE);
            } else if (stamp.checksIntegrity()) {
                long producerId = stamp.producerId();
                // Another run's message (left in an existing topic) is consumed, but its send time is not ours to judge.
                received(size, ProducerIds.runTagOf(producerId) != runTag ? Long.MIN_VALUE : stamp.intendedSendEpochMicros());
                checker.onMessage(partition, position, producerId, stamp.sequence());
            } else {
                received(size, stamp.intendedSendEpochMicros());
            }
            if (tracked != null) {
                tracked.onConsumed(partition, clock.epochMicros());
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

        /** @param intendedSendEpochMicros the message's intended send time, or Long.MIN_VALUE when it has none of ours */
        private void received(int payloadBytes, long intendedSendEpochMicros) {
            // A slow consumer's records wait behind the processing of those before them: each is timed when its turn comes.
            long now = batched && processing.none() ? batchNanos : clock.nanoTime();
            long endToEnd = intendedSendEpochMicros == Long.MIN_VALUE ? Long.MIN_VALUE : clock.epochMicrosAt(now) - intendedSendEpochMicros;
            WorkerStats.ThreadWriter w = writer;
            if (w == null || !w.isOwnedByCurrentThread()) {
                w = writer = stats.writerForThisThread(); // once: the SPI delivers on the consumer's own thread
            }
            w.onReceive(payloadBytes, now, endToEnd);
            InFlightGate g = gate;
            if (g != null) {
                g.exit();
            }
        }
    }

    /** The share groups' figures so far, without taking the run's lock (the tallies have their own). */
    List<ShareFigures> shareFigures() {
        List<ShareTally> tallies;
        synchronized (shareTallies) {
            tallies = List.copyOf(shareTallies.values());
        }
        return tallies.stream().map(t -> t.figures(workerId, 0)).toList();
    }

    /** Starts the measurement: the stats and the share groups' figures count from now. */
    void resetStats() {
        stats.reset();
        long now = clock.epochMicros();
        shareTallies.values().forEach(t -> t.reset(now));
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
            ProducerOptions options = new ProducerOptions(runId + "-" + spec.index(), transactions);
            producers.put(spec.index(), await(driver.driver().createProducer(spec.topic(), options),
                    "create a producer on topic " + spec.topic()));
            producerTopics.put(spec.index(), spec.topic());
        }
    }

    void startLoad(LoadSpec spec) {
        if (load != null) {
            throw new WorkerException("worker " + workerId + ": load already started for run " + runId);
        }
        if (producers.isEmpty()) {
            stats.onProducersStopped(0);
            return;
        }
        gate = spec.maxInFlightMessages() > 0 ? new InFlightGate(spec.maxInFlightMessages()) : null;
        if (spec.stamps() == StampMode.TIME_AND_SEQUENCE) {
            producerTopics.forEach((index, topic) ->
                    producerAcks.put(index, new ProducerAcks(ProducerIds.of(runTag, index), topic, new SequenceSet())));
        }
        load = new LoadGenerator(producers, spec, clock, stats, maxProducerThreads, gate, producerAcks);
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
            contact = driver.driver().lastServerContact();
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
        if (load == null) {
            throw new WorkerException("worker " + workerId + ": no load to change the rate of (run " + runId + ")");
        }
        load.changeRate(ratePerSecond);
    }

    /** Like {@link #changeRate}, dropping the messages due and not yet sent. */
    void restartSchedule(double ratePerSecond) {
        if (load == null) {
            throw new WorkerException("worker " + workerId + ": no load to restart the schedule of (run " + runId + ")");
        }
        load.restartSchedule(ratePerSecond);
    }

    private List<WarningSummary> clientWarnings() {
        return warnings.snapshot().stream().map(WarningSummary::withoutExample).toList();
    }

    /** The integrity data and the clients' metrics, once the load is over. */
    synchronized WorkerFindings findings() {
        Map<String, List<SubscriptionTally>> bySubscription = new LinkedHashMap<>();
        Map<String, String> topics = new HashMap<>();
        List<ConsumerChecker> all = new ArrayList<>(retiredCheckers);
        all.addAll(checkers);
        for (ConsumerChecker c : all) {
            SubscriptionTally t = c.tally();
            bySubscription.computeIfAbsent(t.subscription(), k -> new ArrayList<>()).add(t);
            topics.put(t.subscription(), t.topic());
        }
        List<SubscriptionTally> subscriptions = new ArrayList<>();
        bySubscription.forEach((name, parts) -> subscriptions.add(SubscriptionTally.merge(name, topics.get(name), parts)));
        List<ProducerAcks> acks = producerAcks.values().stream().map(ProducerAcks::copy).toList();
        List<ClientMetricTotal> metrics;
        try {
            metrics = ClientMetricTotal.of(driver.driver().clientMetrics());
        } catch (RuntimeException e) {
            log.warn("The driver could not report its clients' metrics: {}", Errors.describe(e));
            metrics = List.of();
        }
        List<ShareFigures> shares = new ArrayList<>();
        shareTallies.forEach((group, tally) -> shares.add(tally.figures(workerId,
                (int) consumerSpecs.stream().filter(c -> c.subscription().equals(group)).count())));
        List<GroupFigures> groups = new ArrayList<>();
        groupTallies.forEach((group, tally) -> {
            if (tally.known()) {
                groups.add(tally.figures(workerId, (int) consumerSpecs.stream().filter(c -> c.subscription().equals(group)).count()));
            }
        });
        return new WorkerFindings(workerId, new IntegrityReport(workerId, acks, subscriptions), metrics, clientWarnings(), shares,
                activity.values().stream().map(PartitionActivity::track).toList(), groups, WorkerMemory.measure(workerId));
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
        checkers.clear();
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
