package io.kbench.features.partitions;

import io.kbench.features.partitions.Partitions.GroupLag;
import io.kbench.features.partitions.Partitions.PartitionLag;
import io.kbench.features.partitions.Partitions.Row;
import io.kbench.features.partitions.Partitions.TopicFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Merges every worker's {@link PartitionFindings} into the result's {@link Partitions} section, on the coordinator. */
final class PartitionMerge {

    private PartitionMerge() {}

    /**
     * The section over every partition, each listed: {@link PartitionListing} cuts the lists of a large run.
     *
     * @param partitionsByTopic the run's topics and their partitions, in order
     * @param publishRate the window's publish rate, msg/s, or null without a measured window
     * @param consumeRate the window's consume rate, msg/s, or null
     * @return the section, or null when nothing was counted
     */
    static Partitions merge(List<PartitionFindings> findings, Map<String, Integer> partitionsByTopic, Double publishRate,
                            Double consumeRate) {
        Map<String, long[][]> produced = new LinkedHashMap<>();
        Map<String, long[][]> consumed = new LinkedHashMap<>();
        Map<List<Object>, long[]> positions = new LinkedHashMap<>();
        Map<String, long[][]> offsets = new LinkedHashMap<>();
        String offsetsProblem = null;
        for (PartitionFindings f : findings) {
            for (PartitionFindings.Produced p : f.produced()) {
                add(produced, p.topic(), size(partitionsByTopic, p.topic()), p.messages(), p.bytes(), p.publishLatencyMicros());
            }
            for (PartitionFindings.Consumed c : f.consumed()) {
                add(consumed, c.topic(), size(partitionsByTopic, c.topic()), c.messages(), c.bytes(), new long[0]);
                long[] at = positions.computeIfAbsent(List.of(c.group(), c.topic(), c.fromEnd()),
                        k -> new long[size(partitionsByTopic, c.topic())]);
                for (int p = 0; p < Math.min(at.length, c.nextPositions().length); p++) {
                    at[p] = Math.max(at[p], c.nextPositions()[p]);
                }
            }
            for (PartitionFindings.Offsets o : f.offsets()) {
                long[][] have = offsets.get(o.topic());
                // Read by each worker at a slightly different moment: the latest end is the truest end.
                offsets.put(o.topic(), have == null ? new long[][] {o.earliest().clone(), o.end().clone()} : maxOf(have, o));
            }
            if (f.offsetsProblem() != null) {
                offsetsProblem = f.offsetsProblem();
            }
        }
        if (produced.isEmpty() && consumed.isEmpty()) {
            return null;
        }
        long producedTotal = total(produced);
        long consumedTotal = total(consumed);
        List<TopicFigures> topics = new ArrayList<>();
        for (Map.Entry<String, Integer> t : partitionsByTopic.entrySet()) {
            long[][] pr = produced.get(t.getKey());
            long[][] co = consumed.get(t.getKey());
            if (pr == null && co == null) {
                continue;
            }
            List<Row> rows = new ArrayList<>();
            for (int p = 0; p < t.getValue(); p++) {
                long pm = at(pr, 0, p);
                long cm = at(co, 0, p);
                rows.add(new Row(p, pm, at(pr, 1, p), rate(publishRate, pm, producedTotal), pm == 0 ? null : (double) at(pr, 2, p) / pm,
                        cm, at(co, 1, p), rate(consumeRate, cm, consumedTotal)));
            }
            topics.add(TopicFigures.of(t.getKey(), rows));
        }
        boolean byProduced = producedTotal > 0 || consumedTotal == 0;
        long total = byProduced ? producedTotal : consumedTotal;
        Double skew = null;
        int partitions = topics.stream().mapToInt(t -> t.partitions().size()).sum();
        if (total > 0 && partitions > 0) {
            long busiest = topics.stream().flatMap(t -> t.partitions().stream())
                    .mapToLong(r -> byProduced ? r.producedMessages() : r.consumedMessages()).max().orElse(0);
            skew = busiest / ((double) total / partitions);
        }
        List<GroupLag> lag = new ArrayList<>();
        if (offsetsProblem == null) {
            positions.forEach((key, at) -> {
                String topic = (String) key.get(1);
                long[][] o = offsets.get(topic);
                if (o != null) {
                    lag.add(lagOf((String) key.get(0), topic, (Boolean) key.get(2), at, o));
                }
            });
        }
        return new Partitions(partitions, partitions, skew, byProduced ? "produced" : "consumed",
                total == 0 ? List.of() : Partitions.busiest(topics, byProduced), Partitions.Distribution.of(topics), topics, lag,
                offsetsProblem);
    }

    private static GroupLag lagOf(String group, String topic, boolean fromEnd, long[] next, long[][] offsets) {
        List<PartitionLag> rows = new ArrayList<>();
        for (int p = 0; p < offsets[1].length; p++) {
            long end = offsets[1][p];
            long read = p < next.length ? next[p] : 0;
            // Nothing read: a group of the run's own topics started at the earliest record; one that started at the end of an
            // existing topic has no known start.
            Long upTo = read > 0 ? Long.valueOf(read) : fromEnd ? null : Long.valueOf(offsets[0][p]);
            Long lag = upTo == null ? null : Math.max(0, end - upTo);
            rows.add(new PartitionLag(p, end, upTo, lag));
        }
        return GroupLag.of(group, topic, rows);
    }

    private static long[][] maxOf(long[][] have, PartitionFindings.Offsets o) {
        int n = Math.max(have[1].length, o.end().length);
        long[][] out = new long[2][n];
        for (int p = 0; p < n; p++) {
            out[0][p] = Math.min(p < have[0].length ? have[0][p] : Long.MAX_VALUE, p < o.earliest().length ? o.earliest()[p] : Long.MAX_VALUE);
            out[1][p] = Math.max(p < have[1].length ? have[1][p] : 0, p < o.end().length ? o.end()[p] : 0);
        }
        return out;
    }

    private static int size(Map<String, Integer> partitionsByTopic, String topic) {
        Integer n = partitionsByTopic.get(topic);
        return n == null ? 0 : n;
    }

    private static void add(Map<String, long[][]> into, String topic, int partitions, long[] messages, long[] bytes, long[] third) {
        int n = Math.max(partitions, Math.max(messages.length, third.length));
        long[][] have = into.computeIfAbsent(topic, t -> new long[3][n]);
        if (have[0].length < n) {
            long[][] grown = new long[3][n];
            for (int f = 0; f < 3; f++) {
                System.arraycopy(have[f], 0, grown[f], 0, have[f].length);
            }
            have = grown;
            into.put(topic, have);
        }
        for (int p = 0; p < messages.length; p++) {
            have[0][p] += messages[p];
            have[1][p] += bytes[p];
        }
        for (int p = 0; p < third.length; p++) {
            have[2][p] += third[p];
        }
    }

    private static long at(long[][] a, int field, int p) {
        return a == null || p >= a[field].length ? 0 : a[field][p];
    }

    private static long total(Map<String, long[][]> m) {
        long t = 0;
        for (long[][] a : m.values()) {
            for (long x : a[0]) {
                t += x;
            }
        }
        return t;
    }

    private static Double rate(Double windowRate, long messages, long total) {
        return windowRate == null || total == 0 ? null : windowRate * messages / total;
    }
}
