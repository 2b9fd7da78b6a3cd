package io.kbench.features.partitions;

import io.kbench.model.ResultSection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The result's {@code perPartition} section: what each partition carried, from the producers' acknowledgements and the
 * consumers' records since the measurement started, how uneven that was, and each consumer group's lag per partition
 * once the load was over. Other features read it as JSON ({@code RunView.sectionJson("perPartition")}).
 *
 * <p>A run of up to {@value #MAX_LISTED_PARTITIONS} partitions lists every one; a larger run lists the busiest
 * {@value #MAX_LISTED_PARTITIONS} and a few that stand out ({@link PartitionListing}), so that a result of 10,000
 * partitions stays the size of one of 100. Everything the section concludes (the count, the skew, the busiest, the
 * distribution, each group's total lag, the hot-partition diagnosis) is over every partition.
 *
 * @param partitionCount the partitions counted, over every topic
 * @param listedPartitions the partitions {@code topics} and {@code lag} list: all of them, or fewer past
 *     {@value #MAX_LISTED_PARTITIONS}
 * @param skew the busiest partition's messages over the mean of all partitions (of every topic): 1.0 when even; null
 *     when no message was counted
 * @param skewOf which messages the skew and the busiest partitions count: {@code produced} (acknowledged), or
 *     {@code consumed} when the run produced nothing
 * @param busiest the five busiest partitions (fewer when the topics have fewer), busiest first
 * @param distribution how the figures spread over every partition; null in results written before it was kept
 * @param topics each topic's listed partitions
 * @param lag each consumer group's lag at the end (per listed partition); empty without consumers or when unknown
 * @param lagUnknown why the lag is not known (the driver cannot read offsets), or null
 */
public record Partitions(int partitionCount, int listedPartitions, Double skew, String skewOf, List<Busy> busiest,
                         Distribution distribution, List<TopicFigures> topics, List<GroupLag> lag, String lagUnknown)
        implements ResultSection {

    public static final int BUSIEST = 5;

    /**
     * Past this many partitions the section lists only the busiest this many (and the few {@link PartitionListing}
     * adds). A partition listed costs about 310 bytes of result (unindented, with one consumer group): 3 MB at 10,000
     * partitions if they all were.
     */
    public static final int MAX_LISTED_PARTITIONS = 100;

    public Partitions {
        busiest = List.copyOf(busiest);
        topics = List.copyOf(topics);
        lag = List.copyOf(lag);
        if (partitionCount == 0) { // a result written before the count was kept lists every partition
            partitionCount = topics.stream().mapToInt(TopicFigures::partitionCount).sum();
        }
        if (listedPartitions == 0) {
            listedPartitions = topics.stream().mapToInt(t -> t.partitions().size()).sum();
        }
    }

    /**
     * How the figures spread over every partition of every topic.
     *
     * @param producedMessages each partition's producedMessages
     * @param producedBytes each partition's producedBytes
     * @param publishLatencyMeanMicros each partition's mean publish latency, µs (rounded), over the partitions with
     *     messages produced; null when none
     * @param consumedMessages each partition's consumedMessages
     * @param consumedBytes each partition's consumedBytes
     * @param partitionsNotProducedTo partitions with no message acknowledged since the measurement started
     * @param partitionsNotConsumedFrom partitions no record was received from since the measurement started
     */
    public record Distribution(Spread producedMessages, Spread producedBytes, Spread publishLatencyMeanMicros,
                               Spread consumedMessages, Spread consumedBytes, int partitionsNotProducedTo,
                               int partitionsNotConsumedFrom) {

        /** The distribution over every row of {@code topics}; null for none. */
        static Distribution of(List<TopicFigures> topics) {
            List<Row> rows = topics.stream().flatMap(t -> t.partitions().stream()).toList();
            if (rows.isEmpty()) {
                return null;
            }
            return new Distribution(Spread.of(longs(rows, Row::producedMessages)), Spread.of(longs(rows, Row::producedBytes)),
                    Spread.of(rows.stream().filter(r -> r.publishLatencyMeanMicros() != null)
                            .mapToLong(r -> Math.round(r.publishLatencyMeanMicros())).toArray()),
                    Spread.of(longs(rows, Row::consumedMessages)), Spread.of(longs(rows, Row::consumedBytes)),
                    (int) rows.stream().filter(r -> r.producedMessages() == 0).count(),
                    (int) rows.stream().filter(r -> r.consumedMessages() == 0).count());
        }

        private static long[] longs(List<Row> rows, java.util.function.ToLongFunction<Row> f) {
            return rows.stream().mapToLong(f).toArray();
        }
    }

    /**
     * One of the busiest partitions.
     *
     * @param messages its messages (of {@link #skewOf})
     * @param share its share of all the messages, 0 to 1
     */
    public record Busy(String topic, int partition, long messages, double share) {}

    /**
     * One topic's partitions, partition 0 first.
     *
     * @param partitionCount the topic's partitions, listed or not
     * @param partitions the listed ones: all of them in a run of up to {@link #MAX_LISTED_PARTITIONS} partitions
     */
    public record TopicFigures(String topic, int partitionCount, List<Row> partitions) {
        public TopicFigures {
            partitions = List.copyOf(partitions);
            if (partitionCount == 0) { // a result written before the count was kept lists every partition
                partitionCount = partitions.size();
            }
        }

        /** A topic with every partition listed. */
        public static TopicFigures of(String topic, List<Row> partitions) {
            return new TopicFigures(topic, partitions.size(), partitions);
        }
    }

    /**
     * One partition.
     *
     * @param producedMessages messages the producers had acknowledged in it since the measurement started (those sent in
     *     the window, and acknowledged in it or in the drain)
     * @param producedBytes their payload bytes
     * @param producedMessagesPerSecond the window's publish rate × the partition's share of producedMessages; null
     *     without a measured window
     * @param publishLatencyMeanMicros the mean publish latency (ack − intended send) of producedMessages, µs; null without
     * @param consumedMessages records the consumers received from it since the measurement started, over every group
     * @param consumedBytes their payload bytes
     * @param consumedMessagesPerSecond the window's consume rate × the partition's share of consumedMessages; null
     *     without a measured window
     */
    public record Row(int partition, long producedMessages, long producedBytes, Double producedMessagesPerSecond,
                      Double publishLatencyMeanMicros, long consumedMessages, long consumedBytes, Double consumedMessagesPerSecond) {}

    /**
     * One consumer group's lag at the end.
     *
     * @param totalMessages the sum over all its partitions; null when a partition's lag is not known
     * @param partitionCount the topic's partitions, listed or not
     * @param partitionsBehind of those, the partitions it had not read to the end (a lag above 0)
     * @param lagMessagesSpread how the lag spreads over the partitions whose lag is known, messages; null when none is
     *     known, and in results written before it was kept
     * @param partitions the listed partitions' lag (the topic's listed partitions)
     */
    public record GroupLag(String group, String topic, Long totalMessages, int partitionCount, int partitionsBehind,
                           Spread lagMessagesSpread, List<PartitionLag> partitions) {
        public GroupLag {
            partitions = List.copyOf(partitions);
            if (partitionCount == 0) { // a result written before the count was kept lists every partition
                partitionCount = partitions.size();
                partitionsBehind = (int) partitions.stream().filter(l -> l.lagMessages() != null && l.lagMessages() > 0).count();
            }
        }

        /** A group's lag over every partition of its topic, each listed. */
        public static GroupLag of(String group, String topic, List<PartitionLag> partitions) {
            Long total = 0L;
            for (PartitionLag l : partitions) {
                total = total == null || l.lagMessages() == null ? null : total + l.lagMessages();
            }
            return new GroupLag(group, topic, total, partitions.size(),
                    (int) partitions.stream().filter(l -> l.lagMessages() != null && l.lagMessages() > 0).count(),
                    Spread.of(partitions.stream().filter(l -> l.lagMessages() != null).mapToLong(PartitionLag::lagMessages).toArray()),
                    partitions);
        }
    }

    /**
     * One partition's lag for one group at the end of the run.
     *
     * @param endOffset the position the next record written would get (Kafka: the high watermark; transaction markers take
     *     positions too)
     * @param consumedUpTo the position after the last record the group received, or null when it received none and its
     *     start is not known (a group that started at the end of an existing topic)
     * @param lagMessages {@code endOffset − consumedUpTo}: records not yet received, or null when not known
     */
    public record PartitionLag(int partition, long endOffset, Long consumedUpTo, Long lagMessages) {}

    /** The row of one partition, or null. */
    public Row row(String topic, int partition) {
        return topics.stream().filter(t -> t.topic().equals(topic)).flatMap(t -> t.partitions().stream())
                .filter(r -> r.partition() == partition).findFirst().orElse(null);
    }

    /** Whether {@code topics} and {@code lag} list every partition. */
    public boolean listsEvery() {
        return listedPartitions >= partitionCount;
    }

    /** The lag of every group summed, or null when some is unknown or there is none. */
    public Long totalLag() {
        if (lag.isEmpty()) {
            return null;
        }
        long total = 0;
        for (GroupLag g : lag) {
            if (g.totalMessages() == null) {
                return null;
            }
            total += g.totalMessages();
        }
        return total;
    }

    /** The skew line of the summary. */
    public String line() {
        boolean oneTopic = topics.size() == 1;
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "Partitions: %d, skew %s (busiest over mean, messages %s)",
                partitionCount(), skew == null ? "not known (no messages counted)" : String.format(Locale.ROOT, "%.2f", skew), skewOf));
        if (!busiest.isEmpty()) {
            s.append("; busiest: ");
            for (int i = 0; i < busiest.size(); i++) {
                Busy b = busiest.get(i);
                s.append(i == 0 ? "" : ", ").append(oneTopic ? "" : b.topic() + "/").append(b.partition())
                        .append(String.format(Locale.ROOT, " (%s%%)", percent(100 * b.share())));
            }
        }
        if (lagUnknown != null) {
            s.append("; lag at the end not known");
        } else if (!lag.isEmpty()) {
            Long total = totalLag();
            PartitionLag worst = null;
            GroupLag worstGroup = null;
            for (GroupLag g : lag) {
                for (PartitionLag p : g.partitions()) {
                    if (p.lagMessages() != null && (worst == null || p.lagMessages() > worst.lagMessages())) {
                        worst = p;
                        worstGroup = g;
                    }
                }
            }
            if (total != null && total == 0) {
                s.append("; lag at the end: 0 (every partition read to its end)");
            } else if (worst != null) {
                s.append(String.format(Locale.ROOT, "; lag at the end: %s messages, the most on %s%d (%,d)",
                        total == null ? "some not known," : String.format(Locale.ROOT, "%,d", total),
                        oneTopic ? "partition " : worstGroup.topic() + "/", worst.partition(), worst.lagMessages()));
            }
        }
        return s.toString();
    }

    /** 15.6, or two significant digits below 1 (0.010 of 10,000 even partitions), so a small share does not read as 0.0. */
    private static String percent(double percent) {
        return String.format(Locale.ROOT, percent >= 1 || percent == 0 ? "%.1f" : "%.2g", percent);
    }

    /** The busiest partitions of a set of rows, by the messages {@code produced} or consumed. */
    static List<Busy> busiest(List<TopicFigures> topics, boolean produced) {
        List<Busy> all = new ArrayList<>();
        long total = 0;
        for (TopicFigures t : topics) {
            for (Row r : t.partitions()) {
                long n = produced ? r.producedMessages() : r.consumedMessages();
                total += n;
                all.add(new Busy(t.topic(), r.partition(), n, 0));
            }
        }
        long sum = total;
        return all.stream().sorted(Comparator.comparingLong(Busy::messages).reversed()).limit(BUSIEST)
                .map(b -> new Busy(b.topic(), b.partition(), b.messages(), sum == 0 ? 0 : (double) b.messages() / sum)).toList();
    }
}
