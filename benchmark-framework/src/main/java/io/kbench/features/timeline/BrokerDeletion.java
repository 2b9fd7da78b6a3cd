package io.kbench.features.timeline;

import java.util.List;

/**
 * A broker deleted log segments of some partitions of one topic, as its own gauges showed (their segment counts fell,
 * or their log start offsets rose, between two of its polls a second apart).
 *
 * @param elapsedMicros when the broker's poll saw it, from the load's start (as the periods' times); the deletion
 *     happened since its poll before, at most a second earlier (more on a broker of more than 1,000 partitions)
 * @param brokerId the broker
 * @param topic the topic
 * @param partitions the partitions that lost segments on that broker, the first {@link RetentionEvent#LISTED_PARTITIONS}
 * @param partitionCount how many partitions lost segments on that broker (at least as many as listed)
 * @param segments how many segments they lost, together: as many as their counts fell, at least one each (a segment
 *     rolled in the same second hides one deleted)
 */
public record BrokerDeletion(long elapsedMicros, int brokerId, String topic, List<Integer> partitions, int partitionCount, int segments) {

    public BrokerDeletion {
        partitions = partitions == null ? List.of() : partitions;
        partitionCount = Math.max(partitionCount, partitions.size());
        partitions = RetentionEvent.listed(partitions);
    }

    /** A deletion from every partition in {@code partitions}, listing the first {@link RetentionEvent#LISTED_PARTITIONS}. */
    public BrokerDeletion(long elapsedMicros, int brokerId, String topic, List<Integer> partitions, int segments) {
        this(elapsedMicros, brokerId, topic, partitions, partitions.size(), segments);
    }
}
