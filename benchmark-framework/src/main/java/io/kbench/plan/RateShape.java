package io.kbench.plan;

import io.kbench.time.RateProfile;
import java.util.List;

/**
 * How the total rate moves over time from the start of the load: stretches one after another,
 * each a constant rate (a step) or a linear ramp; the last one's rate holds to the end.
 *
 * @param stretches in order; at least one
 */
public record RateShape(List<Stretch> stretches) {

    /**
     * @param fromRate messages per second at the start of the stretch
     * @param toRate messages per second at its end (equal to {@code fromRate} for a step)
     * @param durationMillis how long it lasts
     */
    public record Stretch(double fromRate, double toRate, long durationMillis) {}

    public RateShape {
        if (stretches == null || stretches.isEmpty()) {
            throw new IllegalArgumentException("a rate shape needs at least one stretch");
        }
        stretches = List.copyOf(stretches);
    }

    /** The profile of this shape from {@code startNanos}. */
    public RateProfile profileFrom(long startNanos) {
        RateProfile profile = RateProfile.constant(startNanos, stretches.get(0).fromRate());
        long at = startNanos;
        for (Stretch s : stretches) {
            long nanos = s.durationMillis() * 1_000_000;
            profile = s.fromRate() == s.toRate() ? profile.then(at, s.fromRate()) : profile.thenRamp(at, s.fromRate(), s.toRate(), nanos);
            at += nanos;
        }
        return profile;
    }

    /** The rate requested {@code millis} after the start. */
    public double rateAt(long millis) {
        long at = 0;
        for (Stretch s : stretches) {
            if (millis < at + s.durationMillis()) {
                return s.fromRate() + (s.toRate() - s.fromRate()) * (millis - at) / Math.max(1, s.durationMillis());
            }
            at += s.durationMillis();
        }
        return stretches.get(stretches.size() - 1).toRate();
    }
}
