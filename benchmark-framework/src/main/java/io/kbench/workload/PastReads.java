package io.kbench.workload;

import io.kbench.config.DurationParser;
import java.time.Duration;
import java.util.Locale;

/**
 * Which subscriptions of a run read the past, from where, and when they count as caught up: the workload's
 * {@code catchUp} section and its consume-only runs of existing topics, read once ({@link Workload#pastReads()}).
 *
 * @param subscriptionsPerTopic how many of each topic's subscriptions read the past: the last ones
 * @param from where they start
 * @param ageMillis with {@link From#AGE}, how far back, ms; else 0
 * @param caughtUpBelow the lag in records at or below which a group has caught up
 * @param consumeOnly nothing is produced during the run: every group reads what the existing topics hold
 */
public record PastReads(int subscriptionsPerTopic, From from, long ageMillis, long caughtUpBelow, boolean consumeOnly) {

    /** Where the groups that read the past start. */
    public enum From { EARLIEST, END, AGE }

    /** Whether subscription {@code index} (0-based, of {@code total} per topic) reads the past. */
    public boolean reads(int index, int total) {
        return index >= total - subscriptionsPerTopic;
    }

    /** The start as written in a workload: "earliest", "end" or the age, e.g. "10m". */
    public String fromText() {
        return from == From.AGE ? DurationParser.format(Duration.ofMillis(ageMillis)) : from.name().toLowerCase(Locale.ROOT);
    }

    /** {@code text} as a start, or null when it is neither a keyword nor a duration. */
    static From parseFrom(String text) {
        if (text == null || text.isBlank() || text.trim().equalsIgnoreCase("earliest")) {
            return From.EARLIEST;
        }
        if (text.trim().equalsIgnoreCase("end") || text.trim().equalsIgnoreCase("latest")) {
            return From.END;
        }
        return ageMillis(text) > 0 ? From.AGE : null;
    }

    /** The age {@code text} gives, ms, or 0 when it is no duration. */
    static long ageMillis(String text) {
        try {
            return text == null ? 0 : DurationParser.parse(text.trim()).toMillis();
        } catch (IllegalArgumentException e) {
            return 0;
        }
    }
}
