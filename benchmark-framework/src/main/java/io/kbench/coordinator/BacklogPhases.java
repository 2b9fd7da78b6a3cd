package io.kbench.coordinator;

import io.kbench.worker.Worker;
import io.kbench.workload.Workload;
import java.util.Locale;

/**
 * OpenMessaging Benchmark's backlog test: with consumers paused, produce until
 * {@code consumerBacklogSizeGB} is waiting, then resume the consumers and wait until the backlog
 * is down to {@code (1 − backlogDrainRatio)} of that (at least 1,000 messages) before measuring.
 */
final class BacklogPhases {

    private static final double BYTES_PER_GB = 1024.0 * 1024 * 1024;

    private final Worker workers;
    private final PeriodCollector collector;
    private final RunRecord record;
    private final Workload workload;

    BacklogPhases(Worker workers, PeriodCollector collector, RunRecord record, Workload workload) {
        this.workers = workers;
        this.collector = collector;
        this.record = record;
        this.workload = workload;
    }

    void run() {
        long target = (long) (workload.consumerBacklogSizeGB() * BYTES_PER_GB / workload.messageSize());
        record.startPhase(Phase.BACKLOG_BUILD, String.format(Locale.ROOT,
                "Building a backlog of %.2f GB (%,d messages) with consumers paused...", workload.consumerBacklogSizeGB(), target));
        workers.pauseConsumers();
        collector.runUntil(Phase.BACKLOG_BUILD, s -> s.backlogMessages() >= target, null);
        workers.resumeConsumers();
        long emptyLevel = Math.max(1000L, (long) ((1.0 - workload.backlogDrainRatio()) * target));
        record.startPhase(Phase.BACKLOG_DRAIN, String.format(Locale.ROOT,
                "Consumers resumed; draining the backlog down to %,d messages...", emptyLevel));
        collector.runUntil(Phase.BACKLOG_DRAIN, s -> s.backlogMessages() <= emptyLevel, null);
    }
}
