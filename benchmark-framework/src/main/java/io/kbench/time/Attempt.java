package io.kbench.time;

import java.time.Instant;
import java.util.Objects;

/**
 * When an action planned on a {@link Timeline} was tried, on the three axes a result gives: from the start of
 * the measurement, on the periods' axis (from the start of the load), and on the wall clock.
 *
 * @param afterMillis from the start of the measurement, ms
 * @param elapsedMicros from the start of the load (the periods' time axis), µs
 * @param at when, ISO-8601 ({@link Instant#toString()})
 */
public record Attempt(long afterMillis, long elapsedMicros, String at) {

    public Attempt {
        Objects.requireNonNull(at, "at");
    }

    /** An action tried at {@code nanos} on {@code clock}'s axis. */
    public static Attempt at(BenchmarkClock clock, long nanos, long measureStartNanos, long loadStartNanos) {
        return new Attempt((nanos - measureStartNanos) / 1_000_000, (nanos - loadStartNanos) / 1_000,
                Instant.ofEpochMilli(clock.epochMicrosAt(nanos) / 1_000).toString());
    }
}
