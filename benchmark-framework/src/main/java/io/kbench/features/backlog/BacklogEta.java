package io.kbench.features.backlog;

import java.time.Duration;
import java.util.Locale;

/**
 * When a backlog will reach a level if it goes on changing as it did over the last period. Pure:
 * readings in, an estimate out (no clock), so it is tested with plain numbers.
 *
 * @param status reached, on its way (with {@code remaining}), or not moving towards the level
 * @param remaining the time left at the current rate; zero unless on the way
 */
public record BacklogEta(Status status, Duration remaining) {

    public enum Status { REACHED, ON_THE_WAY, NO_PROGRESS }

    /**
     * @param backlogMessages the backlog now
     * @param levelMessages the level it should reach: above the backlog while building, below it while draining
     * @param changePerSecond how fast the backlog changed over the last period, messages per second
     *     (positive: it grew)
     * @param building true while building (the level is reached from below), false while draining
     */
    public static BacklogEta estimate(long backlogMessages, long levelMessages, double changePerSecond, boolean building) {
        long toGo = building ? levelMessages - backlogMessages : backlogMessages - levelMessages;
        if (toGo <= 0) {
            return new BacklogEta(Status.REACHED, Duration.ZERO);
        }
        double towards = building ? changePerSecond : -changePerSecond;
        if (!(towards > 0) || Double.isInfinite(towards)) {
            return new BacklogEta(Status.NO_PROGRESS, Duration.ZERO);
        }
        double seconds = Math.ceil(toGo / towards);
        // Beyond what Duration holds (centuries) is no estimate anyone can use.
        return seconds > 1e12 ? new BacklogEta(Status.NO_PROGRESS, Duration.ZERO)
                : new BacklogEta(Status.ON_THE_WAY, Duration.ofSeconds((long) seconds));
    }

    /**
     * The backlog's change per second between two readings (messages per second, positive when
     * it grew); 0 when no time passed.
     */
    public static double changePerSecond(long earlierMessages, long earlierMicros, long laterMessages, long laterMicros) {
        long micros = laterMicros - earlierMicros;
        return micros <= 0 ? 0 : (laterMessages - earlierMessages) * 1e6 / micros;
    }

    /** "ETA 3 min 10 s at the current rate", "no progress at the current rate", or "reached". */
    public String describe() {
        return switch (status) {
            case REACHED -> "reached";
            case NO_PROGRESS -> "no progress at the current rate";
            case ON_THE_WAY -> "ETA " + words(remaining) + " at the current rate";
        };
    }

    /** A duration the way people say it, to the second below an hour, to the minute above: "3 min 10 s", "2 h 5 min". */
    public static String words(Duration d) {
        long s = d.toSeconds();
        if (s < 1) {
            return "under 1 s";
        }
        if (s < 60) {
            return s + " s";
        }
        if (s < 3_600) {
            return String.format(Locale.ROOT, "%d min %d s", s / 60, s % 60);
        }
        long minutes = (s + 30) / 60; // to the nearest minute
        return String.format(Locale.ROOT, "%,d h %d min", minutes / 60, minutes % 60);
    }
}
