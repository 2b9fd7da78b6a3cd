package io.kbench.coordinator;

import io.kbench.features.FaultApplier;
import io.kbench.plan.TopicLayout;
import io.kbench.worker.WorkerGroup;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What every phase of one run needs, built once when the run's topics exist.
 *
 * @param workers the run's workers
 * @param waiter the run's clock and stop signal
 * @param spec the run spec as the run uses it (existing topics' partitions filled in)
 * @param layout its topics, consumers, producers and load
 * @param options how the coordinator runs
 * @param stallTimeout the stall timeout in effect (never above the client's delivery timeout)
 * @param clusterName the cluster as named in reasons
 * @param faults applies faults to the cluster the run started
 * @param serverMetrics the cluster's own metrics, where the run started it (empty otherwise)
 */
record RunContext(WorkerGroup workers, Waiter waiter, RunSpec spec, TopicLayout layout, CoordinatorOptions options,
                  Duration stallTimeout, String clusterName, FaultApplier faults, Supplier<Map<String, Double>> serverMetrics) {}
