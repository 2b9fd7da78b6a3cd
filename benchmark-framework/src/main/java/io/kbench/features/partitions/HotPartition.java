package io.kbench.features.partitions;

import io.kbench.features.partitions.Partitions.GroupLag;
import io.kbench.features.partitions.Partitions.PartitionLag;
import io.kbench.features.partitions.Partitions.Row;
import io.kbench.features.partitions.Partitions.TopicFigures;
import io.kbench.model.Diagnosis;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether one partition limited the run while the others kept up, from the {@link Partitions} section alone:
 *
 * <ul>
 *   <li>its lag: a consumer group was {@value #MIN_LAG} or more messages behind on one partition at the end, and at most a
 *       tenth of that on each of its other partitions;</li>
 *   <li>its publish latency: its mean was {@value #LATENCY_FACTOR} times or more the median of the other partitions'
 *       means, and {@value #LATENCY_FLOOR_MICROS} µs or more above it.</li>
 * </ul>
 *
 * The finding names the partition, its share of the messages and the figures; it blames neither the clients nor the
 * cluster as a whole: one partition, and so one broker and one consumer, was the limit.
 */
final class HotPartition {

    static final long MIN_LAG = 100;
    static final long LAG_FACTOR = 10;
    static final double LATENCY_FACTOR = 3;
    static final long LATENCY_FLOOR_MICROS = 20_000;

    private HotPartition() {}

    /** A partition that stood out, and why. */
    record Finding(String topic, int partition, String reason) {}

    /**
     * The diagnosis of a section that lists every partition (as {@link PartitionMerge} makes it, before
     * {@link PartitionListing} cuts its lists): a partition's figures stand out only against all the others.
     */
    static Optional<Diagnosis> judge(Partitions p) {
        return diagnosis(findings(p));
    }

    /** The diagnosis that {@code findings} make, if any. */
    static Optional<Diagnosis> diagnosis(List<Finding> findings) {
        List<String> reasons = findings.stream().map(Finding::reason).toList();
        return reasons.isEmpty() ? Optional.empty() : Optional.of(Diagnosis.of(Diagnosis.Verdict.HOT_PARTITION, reasons));
    }

    /** The partitions that stood out, of a section that lists every partition; none for null. */
    static List<Finding> findings(Partitions p) {
        if (p == null) {
            return List.of();
        }
        List<Finding> found = new ArrayList<>();
        for (GroupLag g : p.lag()) {
            lagStandsOut(p, g).ifPresent(found::add);
        }
        for (TopicFigures t : p.topics()) {
            latencyStandsOut(p, t).ifPresent(found::add);
        }
        return found;
    }

    private static Optional<Finding> lagStandsOut(Partitions p, GroupLag g) {
        if (g.partitions().size() < 2) {
            return Optional.empty();
        }
        PartitionLag worst = null;
        long others = 0;
        for (PartitionLag l : g.partitions()) {
            if (l.lagMessages() == null) {
                return Optional.empty();
            }
            if (worst == null || l.lagMessages() > worst.lagMessages()) {
                if (worst != null) {
                    others = Math.max(others, worst.lagMessages());
                }
                worst = l;
            } else {
                others = Math.max(others, l.lagMessages());
            }
        }
        if (worst.lagMessages() < MIN_LAG || worst.lagMessages() < LAG_FACTOR * others) {
            return Optional.empty();
        }
        return Optional.of(new Finding(g.topic(), worst.partition(), String.format(Locale.ROOT, "%s: consumer group %s was %,d messages "
                + "behind on it at the end, and at most %,d on each of the topic's %d other partitions%s", name(p, g.topic(),
                worst.partition()), g.group(), worst.lagMessages(), others, g.partitions().size() - 1, share(p, g.topic(), worst.partition()))));
    }

    private static Optional<Finding> latencyStandsOut(Partitions p, TopicFigures t) {
        List<Row> measured = t.partitions().stream().filter(r -> r.publishLatencyMeanMicros() != null).toList();
        if (measured.size() < 2) {
            return Optional.empty();
        }
        Row worst = measured.stream().max((a, b) -> Double.compare(a.publishLatencyMeanMicros(), b.publishLatencyMeanMicros())).get();
        double[] others = measured.stream().filter(r -> r != worst).mapToDouble(Row::publishLatencyMeanMicros).sorted().toArray();
        double median = median(others);
        double mean = worst.publishLatencyMeanMicros();
        if (mean < LATENCY_FACTOR * median || mean - median < LATENCY_FLOOR_MICROS) {
            return Optional.empty();
        }
        return Optional.of(new Finding(t.topic(), worst.partition(), String.format(Locale.ROOT, "%s: its publish latency averaged "
                + "%.1f ms against %.1f ms (the median) on the topic's %d other partitions%s", name(p, t.topic(), worst.partition()),
                mean / 1e3, median / 1e3, others.length, share(p, t.topic(), worst.partition()))));
    }

    private static String name(Partitions p, String topic, int partition) {
        return "partition " + partition + (p.topics().size() == 1 ? " of topic " + topic : " of topic " + topic);
    }

    private static String share(Partitions p, String topic, int partition) {
        Row r = p.row(topic, partition);
        if (r == null) {
            return "";
        }
        long total = p.topics().stream().flatMap(t -> t.partitions().stream()).mapToLong(Row::producedMessages).sum();
        if (total == 0 || r.producedMessages() == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "; it took %.1f%% of the messages produced (skew %.2f)", 100.0 * r.producedMessages() / total,
                p.skew() == null ? 0 : p.skew());
    }

    private static double median(double[] sorted) {
        double[] s = Arrays.copyOf(sorted, sorted.length);
        Arrays.sort(s);
        int mid = s.length / 2;
        return s.length % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
    }
}
