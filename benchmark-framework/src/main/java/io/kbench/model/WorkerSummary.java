package io.kbench.model;

import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencySummary;
import java.util.List;

/**
 * One worker's share of the measurement, for the per-worker breakdown. Rates per second over the
 * run's measurement window; latencies in µs; CPU as a fraction of the worker's cores.
 */
public record WorkerSummary(
        String workerId,
        long messagesAcked,
        double publishRate,
        double publishMBps,
        long sendErrors,
        long messagesReceived,
        double consumeRate,
        LatencySummary publishLatency,
        LatencySummary endToEndLatency,
        double processCpuLoad,
        int availableProcessors,
        long scheduleLagMessages,
        List<ErrorCount> errors) {}
