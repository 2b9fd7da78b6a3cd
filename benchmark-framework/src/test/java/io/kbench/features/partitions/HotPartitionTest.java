package io.kbench.features.partitions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.features.partitions.Partitions.GroupLag;
import io.kbench.features.partitions.Partitions.PartitionLag;
import io.kbench.features.partitions.Partitions.Row;
import io.kbench.features.partitions.Partitions.TopicFigures;
import io.kbench.model.Diagnosis;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HotPartitionTest {

    private static Partitions partitions(long[] produced, Double[] latencyMicros, Long[] lag) {
        List<Row> rows = new ArrayList<>();
        List<PartitionLag> lags = new ArrayList<>();
        for (int p = 0; p < produced.length; p++) {
            rows.add(new Row(p, produced[p], produced[p] * 100, null, latencyMicros[p], produced[p], produced[p] * 100, null));
            lags.add(new PartitionLag(p, 1000, lag[p] == null ? null : 1000 - lag[p], lag[p]));
        }
        List<TopicFigures> topics = List.of(TopicFigures.of("t", rows));
        return new Partitions(rows.size(), rows.size(), 2.4, "produced", Partitions.busiest(topics, true), Partitions.Distribution.of(topics),
                topics, List.of(GroupLag.of("g", "t", lags)), null);
    }

    private static final Double[] EVEN_LATENCY = {2000.0, 2100.0, 1900.0, 2000.0};

    @Test
    void oneGroupFarBehindOnOnePartitionWhileTheOthersKeptUpIsAHotPartition() {
        Optional<Diagnosis> d = HotPartition.judge(partitions(new long[] {600, 150, 150, 100}, EVEN_LATENCY, new Long[] {900L, 3L, 0L, 0L}));
        assertEquals(Diagnosis.Verdict.HOT_PARTITION, d.orElseThrow().verdict());
        assertEquals("partition 0 of topic t: consumer group g was 900 messages behind on it at the end, and at most 3 on each of the "
                + "topic's 3 other partitions; it took 60.0% of the messages produced (skew 2.40)", d.get().reason());
        assertTrue(d.get().warning().contains("One partition, and so one broker and one consumer, is the limit"), d.get().warning());
    }

    @Test
    void oneSlowPartitionToAcknowledgeIsAHotPartition() {
        Optional<Diagnosis> d = HotPartition.judge(partitions(new long[] {600, 150, 150, 100}, new Double[] {2000.0, 95_000.0, 2100.0,
                1900.0}, new Long[] {0L, 0L, 0L, 0L}));
        assertEquals("partition 1 of topic t: its publish latency averaged 95.0 ms against 2.0 ms (the median) on the topic's 3 other "
                + "partitions; it took 15.0% of the messages produced (skew 2.40)", d.orElseThrow().reason());
    }

    @Test
    void lagSpreadOverPartitionsOrSmallOrUnknownIsNotAHotPartition() {
        assertTrue(HotPartition.judge(partitions(new long[] {600, 150, 150, 100}, EVEN_LATENCY, new Long[] {900L, 200L, 0L, 0L})).isEmpty(),
                "another partition is behind too: the consumers, not one partition");
        assertTrue(HotPartition.judge(partitions(new long[] {600, 150, 150, 100}, EVEN_LATENCY, new Long[] {50L, 0L, 0L, 0L})).isEmpty(),
                "under 100 messages is noise (in flight, transaction markers)");
        assertTrue(HotPartition.judge(partitions(new long[] {600, 150, 150, 100}, EVEN_LATENCY, new Long[] {900L, null, 0L, 0L})).isEmpty());
        assertTrue(HotPartition.judge(partitions(new long[] {600, 150, 150, 100}, new Double[] {2000.0, 15_000.0, 2100.0, 1900.0},
                new Long[] {0L, 0L, 0L, 0L})).isEmpty(), "13 ms above the others is under the floor of 20 ms");
        assertTrue(HotPartition.judge(null).isEmpty());
    }
}
