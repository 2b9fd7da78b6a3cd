package io.kbench.features.timeline;

import java.util.List;

/**
 * The log start offsets of some of a topic's partitions rose between two polls: retention (or a deletion) removed
 * their oldest messages.
 *
 * @param elapsedMicros when the poll that saw it was answered, from the load's start (as the periods' times); the
 *     removal happened since the poll before, at most one poll interval earlier
 * @param topic the topic
 * @param partitions the partitions whose start offset rose
 * @param messagesRemoved by how many offsets their start offsets rose, together
 */
public record RetentionEvent(long elapsedMicros, String topic, List<Integer> partitions, long messagesRemoved) {

    public RetentionEvent {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
    }
}
