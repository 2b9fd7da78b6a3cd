package io.kbench.features.backlog;

import io.kbench.model.ProgressNote;
import io.kbench.model.PeriodSummary;
import java.util.Locale;

/**
 * The backlog phases' part of a progress line: while building, the backlog against its target;
 * while draining, what is left above the drain level; either with an ETA at the rate the backlog
 * changed over the period ({@link BacklogEta}), or "no progress". Sizes in the target's unit.
 */
public final class BacklogProgress implements ProgressNote {

    private final BacklogPlan plan;
    private final boolean building;
    private final long drainStartMessages;

    private BacklogProgress(BacklogPlan plan, boolean building, long drainStartMessages) {
        this.plan = plan;
        this.building = building;
        this.drainStartMessages = drainStartMessages;
    }

    public static BacklogProgress building(BacklogPlan plan) {
        return new BacklogProgress(plan, true, 0);
    }

    /** @param backlogAtResumeMessages the backlog when the consumers were resumed, for the share drained */
    public static BacklogProgress draining(BacklogPlan plan, long backlogAtResumeMessages) {
        return new BacklogProgress(plan, false, backlogAtResumeMessages);
    }

    @Override
    public String describe(PeriodSummary previous, PeriodSummary current) {
        long backlog = current.backlogMessages();
        // The run starts with no backlog: the first period's change is from zero at the load's start.
        double change = previous == null ? BacklogEta.changePerSecond(0, 0, backlog, current.elapsedMicros())
                : BacklogEta.changePerSecond(previous.backlogMessages(), previous.elapsedMicros(), backlog, current.elapsedMicros());
        if (building) {
            BacklogEta eta = BacklogEta.estimate(backlog, plan.targetMessages(), change, true);
            return String.format(Locale.ROOT, "backlog %s of %s (%d%%), %s", size(plan.bytes(backlog), false),
                    size(plan.targetBytes(), true), percent(backlog, plan.targetMessages()),
                    eta.status() == BacklogEta.Status.REACHED ? "target reached" : eta.describe());
        }
        BacklogEta eta = BacklogEta.estimate(backlog, plan.drainLevelMessages(), change, false);
        if (eta.status() == BacklogEta.Status.REACHED) {
            return String.format(Locale.ROOT, "backlog drained (at most %,d msg left, the drain level)", plan.drainLevelMessages());
        }
        long toGo = backlog - plan.drainLevelMessages();
        return String.format(Locale.ROOT, "draining: %s to go (%d%% done), %s", size(plan.bytes(toGo), true),
                percent(drainStartMessages - backlog, drainStartMessages - plan.drainLevelMessages()), eta.describe());
    }

    /** The share {@code part} is of {@code whole}, in whole percent, 0 to 100. */
    private static long percent(long part, long whole) {
        return whole <= 0 ? 100 : Math.max(0, Math.min(100, part * 100 / whole));
    }

    /** Bytes in the target's unit ({@link BacklogPlan#unitBytes()}), with the unit's name or without. */
    private String size(long bytes, boolean withUnit) {
        return withUnit ? plan.size(bytes) : String.format(Locale.ROOT, "%.2f", bytes / plan.unitBytes());
    }
}
