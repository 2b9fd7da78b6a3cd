package io.kbench.features.backlog;

import io.kbench.features.FeaturePhase;
import io.kbench.features.PhaseContext;
import io.kbench.features.PhaseOutcome;
import io.kbench.model.Phase;
import io.kbench.model.PhaseTotals;
import io.kbench.workload.Rate;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.Locale;

/**
 * OpenMessaging Benchmark's backlog test, measured as OMB measures it: the measurement has just
 * started, so the build and the drain are inside it. With the consumers paused, produce until
 * {@code consumerBacklogSizeGB} is waiting; resume them; wait until the backlog is down to the drain
 * level ({@link BacklogPlan}). The drain alone gives the catch-up figures.
 */
public final class BacklogPhase implements FeaturePhase {

    /** Builds and drains the backlog; returns how the consumers caught up. */
    @Override
    public PhaseOutcome run(PhaseContext run) {
        RunSpec spec = run.spec();
        BacklogPlan plan = BacklogPlan.of(spec);
        Duration delay = spec.subscriptions().backlog().consumeDelay();
        run.startPhase(Phase.BACKLOG_BUILD, String.format(Locale.ROOT,
                "Building a backlog of %s (%,d messages) with the consumers paused%s%s; measured, as OMB measures it...",
                plan.size(plan.targetBytes()), plan.targetMessages(), buildEstimate(spec, plan), delay.isZero() ? ""
                        : ", for " + delay.toSeconds() + " s at least (consumeDelaySeconds)"), BacklogProgress.building(plan));
        run.pauseConsumers();
        long buildStart = run.clock().nanoTime();
        PhaseTotals build = run.runUntilWithTotals(Phase.BACKLOG_BUILD, s -> s.backlogMessages() >= plan.targetMessages()
                && run.clock().nanoTime() - buildStart >= delay.toNanos(), null);
        // The Redpanda fork's drainProducerRate (consumerOnly: 0): the producers' rate while the backlog drains.
        Double drainRate = spec.load().whileDraining().isPresent() ? spec.load().whileDraining().getAsDouble() : null;
        if (drainRate != null) {
            run.restartSchedule(drainRate);
        }
        run.resumeConsumers();
        long atResume = build.end().backlogMessages();
        run.startPhase(Phase.BACKLOG_DRAIN, String.format(Locale.ROOT,
                "Backlog built in %s; consumers resumed with %,d messages waiting; draining to %,d...",
                took(build.durationMicros()), atResume, plan.drainLevelMessages()),
                BacklogProgress.draining(plan, atResume));
        PhaseTotals drain = run.runUntilWithTotals(Phase.BACKLOG_DRAIN, s -> s.backlogMessages() <= plan.drainLevelMessages(), null);
        if (drainRate != null) {
            run.restartSchedule(spec.load().perSecond());
        }
        CatchUp c = CatchUpCalculator.calculate(plan, build, drain);
        run.line(String.format(Locale.ROOT, "Backlog drained in %s: consumed %,d messages at %,.0f msg/s (%.2f MB/s) while the "
                + "producers published %,.0f msg/s%s", took(c.drainMillis() * 1_000), c.consumedMessages(),
                c.consumeRatePerSecond(), c.consumeMBps(), c.publishRatePerSecond(), drainRate == null ? ""
                        : drainRate == 0 ? " (stopped: drainProducerRate 0); producers back at their rate"
                        : String.format(Locale.ROOT, " (drainProducerRate %,.0f); producers back at their rate", drainRate)));
        return PhaseOutcome.of(c);
    }

    /** A measured length: to a tenth of a second below a minute (a short drain's rate depends on it), in words above. */
    private static String took(long micros) {
        return micros < 60_000_000 ? String.format(Locale.ROOT, "%.1f s", micros / 1e6)
                : BacklogEta.words(Duration.ofNanos(micros * 1_000));
    }

    /** How long the build should take at the requested rate, when there is one rate to go by. */
    private static String buildEstimate(RunSpec spec, BacklogPlan plan) {
        if (!(spec.rate() instanceof Rate.Fixed fixed) || fixed.perSecond() <= 0) {
            return "";
        }
        double rate = fixed.perSecond();
        // Each acknowledged message waits once per subscription.
        BacklogEta eta = BacklogEta.estimate(0, plan.targetMessages(), rate * plan.subscriptionsPerTopic(), true);
        return eta.status() == BacklogEta.Status.ON_THE_WAY ? String.format(Locale.ROOT, " (about %s at %,.0f msg/s)",
                BacklogEta.words(eta.remaining()), rate) : "";
    }
}
