package io.kbench.features.timeline;

import java.util.List;

/**
 * Retention at work on the run's partitions, seen through their log start offsets (so on any cluster).
 *
 * @param known whether the cluster told the start offsets; when false, {@code unknownWhy} says why and nothing else counts
 * @param unknownWhy why the start offsets are not known, or null
 * @param pollIntervalMillis how often they were asked
 * @param polls how many polls the cluster answered
 * @param failedPolls how many it did not
 * @param messagesRemoved messages removed over the run, all partitions together
 * @param partitionsTouched how many partitions lost messages
 * @param eventCount how many events there were ({@code events} keeps the first {@value RetentionPoller#KEPT})
 * @param events the events, oldest first
 */
public record Retention(boolean known, String unknownWhy, long pollIntervalMillis, int polls, int failedPolls, long messagesRemoved,
                        int partitionsTouched, int eventCount, List<RetentionEvent> events) {

    public Retention {
        events = events == null ? List.of() : List.copyOf(events);
    }

    static Retention notKnown(String why) {
        return new Retention(false, why, 0, 0, 0, 0, 0, 0, List.of());
    }
}
