package io.kbench.features.readpast;

import io.kbench.driver.TopicOffsets;
import io.kbench.features.FeaturePhase;
import io.kbench.features.PhaseContext;
import io.kbench.features.PhaseOutcome;
import io.kbench.model.Phase;
import io.kbench.model.PhaseTotals;
import io.kbench.model.Units;
import io.kbench.stats.Counts;
import io.kbench.stats.Histograms;
import io.kbench.stats.LatencySummary;
import io.kbench.stats.PeriodStats;
import io.kbench.workload.spec.RunSpec;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Groups that read the past while the others tail, measured from the start of the measurement: first a window before
 * them (consumeDelaySeconds, and until consumerBacklogSizeGB waits for them), the tailing groups' and the producers'
 * baseline; then the catch-up groups join, from the earliest record or an age, the producers at drainProducerRate if
 * given, until every catch-up group's lag is at or below its bound. The engine then measures the test duration. The
 * two windows give the catch-up's effect on writes and tailing reads (KAFKA-7504).
 */
final class CatchUpPhase implements FeaturePhase {

    private final ReadingRun run;

    CatchUpPhase(ReadingRun run) {
        this.run = run;
    }

    @Override
    public PhaseOutcome run(PhaseContext context) {
        RunSpec w = run.spec;
        double rate = w.load().perSecond();
        Window before = before(context, w);

        Double drainRate = w.load().whileDraining().isPresent() ? w.load().whileDraining().getAsDouble() : null;
        if (drainRate != null) {
            context.restartSchedule(drainRate);
        }
        Map<String, TopicOffsets> start = run.offsets(context);
        Map<String, Double> metricsBefore = context.clusterMetrics();
        run.readersStart(context.clock().epochMicros() / 1_000, start);
        run.catchUpStartSeconds = run.sinceLoad(context.clock().nanoTime());
        long waiting = run.recordLags(context.clock().epochMicros() / 1_000, start);
        context.startPhase(Phase.BACKLOG_DRAIN, String.format(Locale.ROOT, "Catch-up: %d group(s) join from %s with %,d records "
                + "waiting for the slowest; %s; until each group's lag is at most %,d records...", run.readers().size(),
                run.past.fromText(), waiting, producersText(drainRate, rate), run.past.caughtUpBelow()), new LagNote(run));
        long startNanos = context.clock().nanoTime();
        long joined = context.startConsumers(run.layout.pastReaders(), run.layout.partitionsOf(run.layout.pastReaders()));
        context.line(String.format(Locale.ROOT, "  %d catch-up consumer(s) hold every partition after %,d ms", run.layout.pastReaders().size(),
                joined));
        CatchUpCheck check = new CatchUpCheck(context);
        PhaseTotals during = context.runUntilWithTotals(Phase.BACKLOG_DRAIN, s -> check.caughtUp(), null);
        Histogram tailingDuring = tailingWindow(context);
        run.caughtUpSeconds = check.stalled ? null : run.sinceLoad(context.clock().nanoTime());
        run.endedBy = check.stalled ? "no progress" : "caught up";
        run.remoteTier(metricsBefore, context.clusterMetrics());
        if (drainRate != null) {
            context.restartSchedule(rate);
        }
        long duringMillis = Math.max(during.durationMicros() / 1_000, (context.clock().nanoTime() - startNanos) / 1_000_000);
        if (check.stalled) {
            context.warn(String.format(Locale.ROOT, "the catch-up groups did not catch up: their lag stopped shrinking for %d s "
                    + "(%,d records left): the consumers read no faster than the producers write", context.drainTimeout().toSeconds(),
                    check.lastLag));
        }
        if (before != null) {
            run.impact = new io.kbench.features.readpast.ReadPast.Impact(before.millis, duringMillis, rate, drainRate == null ? rate
                    : drainRate, before.publishRate, publishRate(during), before.publish, LatencySummary.of(publish(during)),
                    LatencySummary.of(before.tailing), LatencySummary.of(tailingDuring));
        }
        context.line(String.format(Locale.ROOT, "Catch-up over in %.1f s: %s", duringMillis / 1e3, check.stalled ? "stopped, no progress"
                : "every catch-up group caught up") + (drainRate == null ? "" : "; producers back at their rate"));
        return PhaseOutcome.of(null);
    }

    /** The window before the catch-up, or null when the catch-up starts with the measurement. */
    private Window before(PhaseContext context, RunSpec w) {
        Duration delay = w.subscriptions().backlog().consumeDelay();
        long targetBytes = (long) (w.subscriptions().backlog().sizeGB() * Units.BYTES_PER_GB);
        if (delay.isZero() && targetBytes <= 0) {
            run.poll(context);
            tailingWindow(context); // the warmup's: not a baseline
            return null;
        }
        run.poll(context);
        tailingWindow(context);
        long startNanos = context.clock().nanoTime();
        int messageSize = Math.max(1, w.traffic().messageSize());
        int perTopic = run.past.subscriptionsPerTopic();
        context.startPhase(Phase.BACKLOG_BUILD, String.format(Locale.ROOT, "Before the catch-up: the tailing groups and the producers "
                + "alone%s%s...", delay.isZero() ? "" : " for " + delay.toSeconds() + " s (consumeDelaySeconds)",
                targetBytes <= 0 ? "" : String.format(Locale.ROOT, "%s until %.2f MB wait for the catch-up groups", delay.isZero() ? ""
                        : " and", targetBytes / Units.BYTES_PER_MB)), null);
        PhaseTotals totals = context.runUntilWithTotals(Phase.BACKLOG_BUILD, s -> {
            run.poll(context);
            if (context.clock().nanoTime() - startNanos < delay.toNanos()) {
                return false;
            }
            if (targetBytes <= 0) {
                return true;
            }
            long records = run.offsets(context).values().stream().mapToLong(TopicOffsets::span).sum();
            return records * perTopic * messageSize >= targetBytes;
        }, null);
        Window window = new Window();
        window.millis = Math.max(totals.durationMicros() / 1_000, (context.clock().nanoTime() - startNanos) / 1_000_000);
        window.publishRate = publishRate(totals);
        window.publish = LatencySummary.of(publish(totals));
        window.tailing = tailingWindow(context);
        return window;
    }

    /** The tailing groups' end-to-end latency since the last call (after a poll). */
    private Histogram tailingWindow(PhaseContext context) {
        run.poll(context);
        Histogram h = Histograms.newHistogram();
        run.tailing().forEach(g -> h.add(g.takeWindow()));
        run.readers().forEach(GroupLedger::takeWindow);
        return h;
    }

    private static Histogram publish(PhaseTotals totals) {
        Histogram h = Histograms.newHistogram();
        for (PeriodStats p : totals.workers()) {
            h.add(p.latencies().publish());
        }
        return h;
    }

    private static double publishRate(PhaseTotals totals) {
        Counts c = Counts.ZERO;
        for (PeriodStats p : totals.workers()) {
            c = c.plus(p.counts());
        }
        return Units.perSecond(c.messagesAcked(), totals.durationMicros());
    }

    private static String producersText(Double drainRate, double rate) {
        if (drainRate == null) {
            return rate < 0 ? "the producers go on unthrottled" : String.format(Locale.ROOT, "the producers keep %,.0f msg/s", rate);
        }
        return drainRate == 0 ? "the producers stop (drainProducerRate 0)" : String.format(Locale.ROOT,
                "the producers at %,.0f msg/s (drainProducerRate)", drainRate);
    }

    /** What the window before the catch-up measured. */
    private static final class Window {
        long millis;
        double publishRate;
        LatencySummary publish;
        Histogram tailing;
    }

    /** Polls the groups; true once every catch-up group's lag is at or below the bound, or their lag stopped shrinking. */
    private final class CatchUpCheck {
        private final PhaseContext context;
        private long bestLag = Long.MAX_VALUE;
        private long bestNanos;
        boolean stalled;
        long lastLag;

        CatchUpCheck(PhaseContext context) {
            this.context = context;
            this.bestNanos = context.clock().nanoTime();
        }

        boolean caughtUp() {
            run.poll(context);
            long nowMillis = context.clock().epochMicros() / 1_000;
            Map<String, TopicOffsets> now = run.offsets(context);
            run.recordLags(nowMillis, now);
            boolean all = true;
            long total = 0;
            for (GroupLedger g : run.readers()) {
                if (g.lagNow() >= 0 && g.lagNow() <= run.past.caughtUpBelow()) {
                    g.caughtUp(nowMillis);
                }
                all &= g.hasCaughtUp();
                total += Math.max(0, g.lagNow());
            }
            lastLag = total;
            long t = context.clock().nanoTime();
            if (total < bestLag) {
                bestLag = total;
                bestNanos = t;
            } else if (!all && t - bestNanos >= context.drainTimeout().toNanos()) {
                stalled = true;
                return true;
            }
            return all;
        }
    }
}
