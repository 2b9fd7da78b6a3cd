package io.kbench.features;

import io.kbench.driver.BenchmarkDriver;
import io.kbench.stats.WorkerStats;
import io.kbench.time.BenchmarkClock;
import java.util.Optional;

/** What a feature learns of a run on one worker ({@link Feature#onWorker}). */
public interface WorkerSetupView {

    String workerId();

    /** The zone (availability zone) the worker runs in; empty when unknown. */
    default Optional<String> zone() {
        return Optional.empty();
    }

    String runId();

    /** The run's tag, carried in its producers' ids ({@link io.kbench.plan.ProducerIds}). */
    int runTag();

    BenchmarkClock clock();

    /** The worker's stats, for a feature that records into them (transactions' commit latency). */
    WorkerStats stats();

    /** The run's initialized driver, for a feature that makes its own kind of consumer (share groups). */
    BenchmarkDriver<?> driver();
}
