package io.kbench.time;

/**
 * The rate profile a worker's producers share, changeable while they run (a max-rate search
 * moves from step to step, a drain pauses the schedule). Readers see the latest profile; a change
 * keeps every earlier message's intended time ({@link RateProfile#then}).
 *
 * <p>Only a restart ({@link #restart}) drops debt: messages due by then and not yet sent are
 * skipped by each producer's {@link SendSchedule}. The search uses it between steps, after the
 * step that built the debt was measured, so that one step's overload does not leak into the next.
 */
public final class RateControl {

    private volatile RateProfile profile;
    /** Messages due by this time and not sent by then are never sent; Long.MIN_VALUE: no restart yet. */
    private volatile long forgivenUntilNanos = Long.MIN_VALUE;

    public RateControl(RateProfile profile) {
        this.profile = profile;
    }

    public RateProfile profile() {
        return profile;
    }

    /** From {@code atNanos} on, {@code ratePerSecond} messages per second in all (0 pauses the schedule). */
    public synchronized void changeRate(long atNanos, double ratePerSecond) {
        profile = profile.then(Math.max(atNanos, profile.lastChangeNanos()), ratePerSecond);
    }

    /**
     * Like {@link #changeRate}, and every message due by {@code atNanos} that is not sent yet is
     * dropped from the schedule: each producer's next message is its first one due after then.
     */
    public synchronized void restart(long atNanos, double ratePerSecond) {
        long at = Math.max(atNanos, profile.lastChangeNanos());
        profile = profile.then(at, ratePerSecond);
        forgivenUntilNanos = at;
    }

    /** The last restart's time, or Long.MIN_VALUE. */
    public long forgivenUntilNanos() {
        return forgivenUntilNanos;
    }
}
