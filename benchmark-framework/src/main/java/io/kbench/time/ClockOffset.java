package io.kbench.time;

import java.util.List;

/**
 * A worker's clock offset, estimated as NTP does from round trips: the coordinator notes its
 * time before ({@code t0}) and after ({@code t2}) asking the worker's time ({@code tw}); assuming
 * the answer was taken halfway, offset = tw − (t0 + t2) / 2, wrong by at most half the round trip.
 * The sample with the shortest round trip gives the tightest bound.
 *
 * @param workerId the worker
 * @param offsetMicros worker clock minus coordinator clock
 * @param errorBoundMicros the true offset lies within ±this of {@code offsetMicros}
 */
public record ClockOffset(String workerId, long offsetMicros, long errorBoundMicros) {

    /** One round trip: coordinator before, worker, coordinator after (µs since the epoch). */
    public record Sample(long beforeMicros, long workerMicros, long afterMicros) {
        long roundTripMicros() {
            return afterMicros - beforeMicros;
        }
    }

    public static ClockOffset estimate(String workerId, List<Sample> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no clock samples for " + workerId);
        }
        Sample best = samples.get(0);
        for (Sample s : samples) {
            if (s.roundTripMicros() < best.roundTripMicros()) {
                best = s;
            }
        }
        long midpoint = best.beforeMicros() + best.roundTripMicros() / 2;
        return new ClockOffset(workerId, best.workerMicros() - midpoint, (best.roundTripMicros() + 1) / 2);
    }
}
