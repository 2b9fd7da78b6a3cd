package io.kbench.time;

import java.util.ArrayList;
import java.util.List;

/**
 * The requested rate across all producers of a run as a function of time: constant stretches,
 * linear ramps and pauses, one after another. It answers the two questions an open-loop schedule
 * asks: how many messages of the whole run were due by a time ({@link #dueBy}), and when the k-th
 * message is due ({@link #timeOf}). Immutable; a rate change at run time is a new profile made by
 * {@link #then}, which keeps every earlier message's intended time, so debt a slow generator
 * carries over stays in the figures and is never re-based away.
 */
public final class RateProfile {

    /**
     * From {@code startNanos}: {@code startCount} messages were due; the rate is {@code startRate}
     * and changes by {@code slope} messages per second per second.
     */
    private record Segment(long startNanos, double startCount, double startRate, double slope) {

        /** Messages due by {@code nanos} (fractional), counting from the run's start. */
        double countAt(long nanos) {
            double t = (nanos - startNanos) / 1e9;
            return startCount + startRate * t + slope * t * t / 2;
        }

        double rateAt(long nanos) {
            return startRate + slope * (nanos - startNanos) / 1e9;
        }

        /** When the count reaches {@code count}, or Long.MAX_VALUE if it never does in this segment. */
        long timeOfCount(double count) {
            double need = count - startCount;
            if (need <= 0) {
                return startNanos;
            }
            double seconds;
            if (slope == 0) {
                if (startRate <= 0) {
                    return Long.MAX_VALUE;
                }
                seconds = need / startRate;
            } else {
                double disc = startRate * startRate + 2 * slope * need;
                if (disc < 0) {
                    return Long.MAX_VALUE; // a falling ramp that stops before the count
                }
                // The numerically stable root of slope/2 t^2 + startRate t - need = 0.
                seconds = 2 * need / (startRate + Math.sqrt(disc));
            }
            double nanos = startNanos + seconds * 1e9;
            // Round up to whole nanoseconds, ignoring floating-point noise far below one.
            return nanos >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) Math.ceil(nanos - 1e-3);
        }
    }

    private final List<Segment> segments;

    private RateProfile(List<Segment> segments) {
        this.segments = List.copyOf(segments);
    }

    /** {@code ratePerSecond} messages per second from {@code startNanos} on. */
    public static RateProfile constant(long startNanos, double ratePerSecond) {
        requireRate(ratePerSecond);
        return new RateProfile(List.of(new Segment(startNanos, 0, ratePerSecond, 0)));
    }

    /** From {@code atNanos} on, {@code ratePerSecond} (0 pauses the schedule). */
    public RateProfile then(long atNanos, double ratePerSecond) {
        requireRate(ratePerSecond);
        return append(atNanos, ratePerSecond, 0);
    }

    /** From {@code atNanos}, a linear ramp from {@code fromRate} to {@code toRate} over {@code overNanos}, then {@code toRate}. */
    public RateProfile thenRamp(long atNanos, double fromRate, double toRate, long overNanos) {
        requireRate(fromRate);
        requireRate(toRate);
        if (overNanos <= 0) {
            return then(atNanos, toRate);
        }
        RateProfile ramp = append(atNanos, fromRate, (toRate - fromRate) / (overNanos / 1e9));
        return ramp.append(atNanos + overNanos, toRate, 0);
    }

    private RateProfile append(long atNanos, double rate, double slope) {
        Segment last = segments.get(segments.size() - 1);
        if (atNanos < last.startNanos()) {
            throw new IllegalArgumentException("a rate change cannot go back in time");
        }
        List<Segment> kept = new ArrayList<>(segments);
        kept.add(new Segment(atNanos, countAt(atNanos), rate, slope));
        return new RateProfile(kept);
    }

    /** When the last segment starts: a change can come no earlier. */
    public long lastChangeNanos() {
        return segments.get(segments.size() - 1).startNanos();
    }

    /** Start of the profile (the first message is due then). */
    public long startNanos() {
        return segments.get(0).startNanos();
    }

    /** Messages of the whole run due by {@code nanos} (those whose intended time is at or before it). */
    public long dueBy(long nanos) {
        if (nanos < startNanos()) {
            return 0;
        }
        long estimate = (long) Math.floor(countAt(nanos)) + 1;
        // Settle the estimate against timeOf itself, which rounds up to whole nanoseconds.
        while (estimate > 0 && timeOf(estimate - 1) > nanos) {
            estimate--;
        }
        while (timeOf(estimate) <= nanos) {
            estimate++;
        }
        return estimate;
    }

    /** When message {@code k} (0-based, across all producers) is due; Long.MAX_VALUE if never (a pause to the end). */
    public long timeOf(long k) {
        for (int i = segments.size() - 1; i >= 0; i--) {
            Segment s = segments.get(i);
            if (k >= s.startCount() || i == 0) {
                return s.timeOfCount(k);
            }
        }
        return Long.MAX_VALUE;
    }

    /** Messages per second requested at {@code nanos}. */
    public double rateAt(long nanos) {
        return segmentAt(nanos).rateAt(nanos);
    }

    private double countAt(long nanos) {
        return segmentAt(nanos).countAt(nanos);
    }

    private Segment segmentAt(long nanos) {
        for (int i = segments.size() - 1; i > 0; i--) {
            if (nanos >= segments.get(i).startNanos()) {
                return segments.get(i);
            }
        }
        return segments.get(0);
    }

    private static void requireRate(double rate) {
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("a rate must be 0 or more messages per second, was " + rate);
        }
    }
}
