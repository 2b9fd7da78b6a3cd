package io.kbench.coordinator;

import io.kbench.backlog.BacklogEta;
import io.kbench.backlog.BacklogPlan;
import io.kbench.backlog.BacklogProgress;
import io.kbench.backlog.CatchUp;
import io.kbench.model.Phase;
import io.kbench.worker.Worker;
import io.kbench.workload.Rate;
import io.kbench.workload.Workload;
import java.time.Duration;
import java.util.Locale;

/**
 * OpenMessaging Benchmark's backlog test, measured as OMB measures it: the caller has just reset the
 * stats, so the build and the drain are inside the measurement. With the consumers paused, produce
 * until {@code consumerBacklogSizeGB} is waiting; resume them; wait until the backlog is down to the
 * drain level ({@link BacklogPlan}). The drain alone gives the catch-up figures.
 */
final class BacklogPhases {

    private final Worker workers;
    private final PeriodCollector collector;
    private final CoordinatorJournal record;
    private final Workload workload;
    private final Console console;

    BacklogPhases(Worker workers, PeriodCollector collector, CoordinatorJournal record, Workload workload, Console console) {
        this.workers = workers;
        this.collector = collector;
        this.record = record;
        this.workload = workload;
        this.console = console;
    }

    /** Builds and drains the backlog; returns how the consumers caught up. */
    CatchUp run() {
        BacklogPlan plan = BacklogPlan.of(workload);
        record.startPhase(Phase.BACKLOG_BUILD, String.format(Locale.ROOT,
                "Building a backlog of %s (%,d messages) with the consumers paused%s; measured, as OMB measures it...",
                plan.size(plan.targetBytes()), plan.targetMessages(), buildEstimate(plan)), BacklogProgress.building(plan));
        workers.pauseConsumers();
        PhaseTotals build = collector.runUntilWithTotals(Phase.BACKLOG_BUILD,
                s -> s.backlogMessages() >= plan.targetMessages(), null);
        workers.resumeConsumers();
        long atResume = build.end().backlogMessages();
        record.startPhase(Phase.BACKLOG_DRAIN, String.format(Locale.ROOT,
                "Backlog built in %s; consumers resumed with %,d messages waiting; draining to %,d...",
                took(build.durationMicros()), atResume, plan.drainLevelMessages()),
                BacklogProgress.draining(plan, atResume));
        PhaseTotals drain = collector.runUntilWithTotals(Phase.BACKLOG_DRAIN,
                s -> s.backlogMessages() <= plan.drainLevelMessages(), null);
        CatchUp c = CatchUpCalculator.calculate(plan, build, drain);
        console.line("Backlog drained in %s: consumed %,d messages at %,.0f msg/s (%.2f MB/s) while the producers published "
                + "%,.0f msg/s", took(c.drainMillis() * 1_000), c.consumedMessages(),
                c.consumeRatePerSecond(), c.consumeMBps(), c.publishRatePerSecond());
        return c;
    }

    /** A measured length: to a tenth of a second below a minute (a short drain's rate depends on it), in words above. */
    private static String took(long micros) {
        return micros < 60_000_000 ? String.format(Locale.ROOT, "%.1f s", micros / 1e6)
                : BacklogEta.words(Duration.ofNanos(micros * 1_000));
    }

    /** How long the build should take at the requested rate, when there is one rate to go by. */
    private String buildEstimate(BacklogPlan plan) {
        if (!(workload.rate() instanceof Rate.Fixed fixed) || fixed.perSecond() <= 0) {
            return "";
        }
        double rate = fixed.perSecond();
        // Each acknowledged message waits once per subscription.
        BacklogEta eta = BacklogEta.estimate(0, plan.targetMessages(), rate * plan.subscriptionsPerTopic(), true);
        return eta.status() == BacklogEta.Status.ON_THE_WAY ? String.format(Locale.ROOT, " (about %s at %,.0f msg/s)",
                BacklogEta.words(eta.remaining()), rate) : "";
    }
}
