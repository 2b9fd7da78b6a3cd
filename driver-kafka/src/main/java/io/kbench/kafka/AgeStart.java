package io.kbench.kafka;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;

/**
 * Where a consumer group member from an age starts: in each partition it is newly assigned and its group has
 * no committed offset for, at the first record whose timestamp is at or after now − age
 * ({@code offsetsForTimes}), or at the end where no record is that new. A partition the group has read
 * before goes on from its committed offset, as {@code auto.offset.reset} would have it.
 *
 * <p>Not {@code auto.offset.reset=by_duration}: tried first, with kafka-clients 4.3.1 against a 4.3.1 broker a
 * member from an age whose topic had a partition with no record that new still held none of its two
 * partitions after 30 s (its position lookups in the rebalance listener did not complete), and the
 * conformance suite's age test failed; with the seeks below it passes.
 */
final class AgeStart {

    private AgeStart() {}

    /** Seeks the partitions without a committed offset; runs on the poll thread, in the rebalance listener. */
    static void seek(Consumer<?, ?> consumer, Collection<TopicPartition> assigned, long ageMillis, long nowMillis) {
        if (assigned.isEmpty()) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(new HashSet<>(assigned));
        Map<TopicPartition, Long> since = new HashMap<>();
        for (TopicPartition p : assigned) {
            if (committed.get(p) == null) {
                since.put(p, nowMillis - ageMillis);
            }
        }
        if (since.isEmpty()) {
            return;
        }
        Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(since);
        for (TopicPartition p : since.keySet()) {
            OffsetAndTimestamp first = found.get(p);
            if (first != null) {
                consumer.seek(p, first.offset());
            } else {
                consumer.seekToEnd(List.of(p));
            }
        }
    }
}
