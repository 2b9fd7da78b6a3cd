package io.kbench.features.partitions;

import io.kbench.features.partitions.Partitions.GroupLag;
import io.kbench.features.partitions.Partitions.PartitionLag;
import io.kbench.features.partitions.Partitions.Row;
import io.kbench.features.partitions.Partitions.TopicFigures;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which partitions a large run's {@link Partitions} section lists: the busiest {@code max} by messages (of
 * {@code skewOf}, as the skew and the busiest five count them, so those are always among them), and besides them the
 * partition a consumer group was furthest behind on, the one slowest to acknowledge (by its mean publish latency) and
 * each one a hot-partition finding names. The figures over every partition (the count, the skew, the busiest five, the
 * distribution, each group's total lag) stay as {@link PartitionMerge} computed them.
 */
final class PartitionListing {

    private PartitionListing() {}

    /** One partition of one topic. */
    record Key(String topic, int partition) {}

    /**
     * @param all the section listing every partition
     * @param max the busiest partitions to list
     * @param named partitions to list whatever their traffic (what a finding names)
     * @return {@code all} when it has {@code max} partitions or fewer, else the section with its lists cut
     */
    static Partitions of(Partitions all, int max, Collection<Key> named) {
        if (all.partitionCount() <= max) {
            return all;
        }
        Set<Key> listed = new HashSet<>(busiest(all, max));
        listed.addAll(named);
        mostBehind(all).ifPresent(listed::add);
        slowest(all).ifPresent(listed::add);
        List<TopicFigures> topics = new ArrayList<>();
        for (TopicFigures t : all.topics()) {
            List<Row> rows = t.partitions().stream().filter(r -> listed.contains(new Key(t.topic(), r.partition()))).toList();
            if (!rows.isEmpty()) {
                topics.add(new TopicFigures(t.topic(), t.partitionCount(), rows));
            }
        }
        List<GroupLag> lag = new ArrayList<>();
        for (GroupLag g : all.lag()) {
            // Only the listed partitions' lag: the group's totals and spread stay those of all its partitions.
            lag.add(new GroupLag(g.group(), g.topic(), g.totalMessages(), g.partitionCount(), g.partitionsBehind(), g.lagMessagesSpread(),
                    g.partitions().stream().filter(l -> listed.contains(new Key(g.topic(), l.partition()))).toList()));
        }
        int count = topics.stream().mapToInt(t -> t.partitions().size()).sum();
        return new Partitions(all.partitionCount(), count, all.skew(), all.skewOf(), all.busiest(), all.distribution(), topics, lag,
                all.lagUnknown());
    }

    /** The {@code max} busiest partitions by the messages of {@code skewOf}; among equals, the earlier topic and partition. */
    private static List<Key> busiest(Partitions all, int max) {
        boolean produced = !"consumed".equals(all.skewOf());
        List<Ranked> rows = new ArrayList<>();
        for (int t = 0; t < all.topics().size(); t++) {
            TopicFigures f = all.topics().get(t);
            for (Row r : f.partitions()) {
                rows.add(new Ranked(t, f.topic(), r.partition(), produced ? r.producedMessages() : r.consumedMessages()));
            }
        }
        return rows.stream().sorted(Comparator.comparingLong(Ranked::messages).reversed().thenComparingInt(Ranked::topicOrder)
                .thenComparingInt(Ranked::partition)).limit(max).map(r -> new Key(r.topic(), r.partition())).toList();
    }

    private record Ranked(int topicOrder, String topic, int partition, long messages) {}

    /** The partition some group had the most left to read on, when some had any. */
    private static Optional<Key> mostBehind(Partitions all) {
        Key worst = null;
        long most = 0;
        for (GroupLag g : all.lag()) {
            for (PartitionLag l : g.partitions()) {
                if (l.lagMessages() != null && l.lagMessages() > most) {
                    most = l.lagMessages();
                    worst = new Key(g.topic(), l.partition());
                }
            }
        }
        return Optional.ofNullable(worst);
    }

    /** The partition with the highest mean publish latency, when one has any. */
    private static Optional<Key> slowest(Partitions all) {
        Key worst = null;
        double most = -1;
        for (TopicFigures t : all.topics()) {
            for (Row r : t.partitions()) {
                if (r.publishLatencyMeanMicros() != null && r.publishLatencyMeanMicros() > most) {
                    most = r.publishLatencyMeanMicros();
                    worst = new Key(t.topic(), r.partition());
                }
            }
        }
        return Optional.ofNullable(worst);
    }
}
