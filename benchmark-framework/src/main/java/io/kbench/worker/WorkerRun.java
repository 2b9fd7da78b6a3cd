package io.kbench.worker;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.DriverException;
import io.kbench.driver.TopicSpec;
import io.kbench.stats.DrainObserver;
import io.kbench.stats.WorkerStats;
import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import io.kbench.worker.load.LoadGenerator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    private final List<ConsumerSpec> consumerSpecs = new ArrayList<>();
    private final List<BenchmarkConsumer> consumers = new ArrayList<>();
    private final Map<Integer, BenchmarkProducer> producers = new LinkedHashMap<>();
    private LoadGenerator load;
    private volatile io.kbench.worker.load.InFlightGate gate;

    final String coordinator;

    WorkerRun(String workerId, RunSetup setup, LoadedDriver<?> driver, BenchmarkClock clock, int maxProducerThreads,
              DrainObserver observer) {
        this.workerId = workerId;
        this.runId = setup.runId();
        this.coordinator = setup.coordinator();
        this.driver = driver;
        this.clock = clock;
        this.maxProducerThreads = maxProducerThreads;
        this.stats = new WorkerStats(workerId, clock, observer);
    }

    void initialize() {
        driver.initialize();
    }

    void createTopics(List<TopicSpec> topics) {
        await(driver.driver().createTopics(topics), "create " + topics.size() + " topic(s)");
    }

    void deleteTopics(List<String> topics) {
        await(driver.driver().deleteTopics(topics), "delete " + topics.size() + " topic(s)");
    }

    void createConsumers(List<ConsumerSpec> specs) {
        ConsumerCallback callback = this::onMessage;
        for (ConsumerSpec spec : specs) {
            consumers.add(await(driver.driver().createConsumer(spec.topic(), spec.subscription(), callback),
                    "create a consumer on topic " + spec.topic()));
            consumerSpecs.add(spec);
        }
    }

    private void onMessage(int payloadBytes, long intendedSendEpochMicros) {
        long now = clock.nanoTime();
        long endToEnd = intendedSendEpochMicros == ConsumerCallback.UNKNOWN_SEND_TIME
                ? Long.MIN_VALUE
                : clock.epochMicrosAt(now) - intendedSendEpochMicros;
        stats.onReceive(payloadBytes, now, endToEnd);
        io.kbench.worker.load.InFlightGate g = gate;
        if (g != null) {
            g.exit();
        }
    }

    Map<String, Integer> assignedPartitions() {
        Map<String, Integer> assigned = new HashMap<>();
        for (int i = 0; i < consumers.size(); i++) {
            assigned.merge(consumerSpecs.get(i).subscription(), consumers.get(i).assignedPartitionCount(), Integer::sum);
        }
        return assigned;
    }

    void createProducers(List<ProducerSpec> specs) {
        for (ProducerSpec spec : specs) {
            producers.put(spec.index(), await(driver.driver().createProducer(spec.topic()),
                    "create a producer on topic " + spec.topic()));
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
        gate = spec.maxInFlightMessages() > 0 ? new io.kbench.worker.load.InFlightGate(spec.maxInFlightMessages()) : null;
        load = new LoadGenerator(producers, spec, clock, stats, maxProducerThreads, gate);
        load.start();
    }

    void pauseConsumers() {
        consumers.forEach(BenchmarkConsumer::pause);
    }

    void resumeConsumers() {
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
    void closeClients() {
        stopProducers();
        producers.values().forEach(p -> closeQuietly(p, "producer"));
        producers.clear();
        consumers.forEach(c -> closeQuietly(c, "consumer"));
        consumers.clear();
        consumerSpecs.clear();
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
        try {
            return future.get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof DriverException de) {
                throw de;
            }
            throw new WorkerException("worker " + workerId + " could not " + what + ": " + Errors.describe(cause), cause);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new WorkerException("worker " + workerId + " could not " + what + " within " + CALL_TIMEOUT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkerException("worker " + workerId + " was interrupted while trying to " + what);
        }
    }
}
