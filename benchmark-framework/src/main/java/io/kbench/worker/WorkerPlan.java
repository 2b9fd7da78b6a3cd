package io.kbench.worker;

import java.util.List;

import io.kbench.plan.ProducerSpec;
import io.kbench.plan.ConsumerSpec;
/**
 * What one worker runs, shown before the load starts.
 *
 * @param workerId the worker
 * @param producers the producers it runs
 * @param consumers the consumers it runs
 * @param ratePerSecond the messages per second its producers send together, or -1 for unthrottled
 */
public record WorkerPlan(String workerId, List<ProducerSpec> producers, List<ConsumerSpec> consumers, double ratePerSecond) {}
