package io.kbench.features.timeline;

import java.util.List;

/**
 * The log start offsets of some of a topic's partitions rose between two polls: retention (or a deletion) removed
 * their oldest messages.
 *
 * @param elapsedMicros when the poll that saw it was answered, from the load's start (as the periods' times); the
 *     removal happened since the poll before, at most one poll interval earlier
 * @param topic the topic
 * @param partitions the partitions whose start offset rose, the first {@link #LISTED_PARTITIONS} of them (so that a run of
 *     10,000 partitions keeps a small result)
 * @param partitionCount how many partitions' start offsets rose (at least as many as listed: a result written before the
 *     count was kept reads as its list's length)
 * @param messagesRemoved by how many offsets their start offsets rose, together
 */
public record RetentionEvent(long elapsedMicros, String topic, List<Integer> partitions, int partitionCount, long messagesRemoved) {

    /** The most partitions an event (or a broker's deletion) lists; its count says how many there were. */
    public static final int LISTED_PARTITIONS = io.kbench.driver.BrokerActivity.LISTED_PARTITIONS;

    public RetentionEvent {
        partitions = partitions == null ? List.of() : partitions;
        partitionCount = Math.max(partitionCount, partitions.size());
        partitions = listed(partitions);
    }

    /** An event of every partition in {@code partitions}, listing the first {@link #LISTED_PARTITIONS}. */
    public RetentionEvent(long elapsedMicros, String topic, List<Integer> partitions, long messagesRemoved) {
        this(elapsedMicros, topic, partitions, partitions.size(), messagesRemoved);
    }

    /** The first {@link #LISTED_PARTITIONS} of {@code partitions}. */
    static List<Integer> listed(List<Integer> partitions) {
        return List.copyOf(partitions.size() <= LISTED_PARTITIONS ? partitions : partitions.subList(0, LISTED_PARTITIONS));
    }
}
