package io.kbench.time;

/**
 * The rate profile a worker's producers share, changeable while they run (a max-rate search
 * moves from step to step, a drain pauses the schedule). Readers see the latest profile; a change
 * keeps every earlier message's intended time ({@link RateProfile#then}).
 */
public final class RateControl {

    private volatile RateProfile profile;

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
}
