package io.kbench.features.partitions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.features.partitions.PartitionFindings.Consumed;
import io.kbench.features.partitions.PartitionFindings.Offsets;
import io.kbench.features.partitions.PartitionFindings.Produced;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartitionMergeTest {

    private static final Map<String, Integer> TOPICS = new LinkedHashMap<>(Map.of("t", 4));

    @Test
    void twoWorkersMergeIntoFiguresSkewTheBusiestAndEachPartitionsLag() {
        PartitionFindings a = new PartitionFindings(List.of(new Produced("t", new long[] {100, 300}, new long[] {1000, 3000},
                new long[] {100_000, 900_000})), List.of(new Consumed("g", "t", false, new long[] {100}, new long[] {1000}, new long[] {150})),
                List.of(new Offsets("t", new long[] {0, 0, 0, 0}, new long[] {150, 500, 50, 0})), null);
        PartitionFindings b = new PartitionFindings(List.of(new Produced("t", new long[] {0, 100, 0}, new long[] {0, 1000, 0},
                new long[] {0, 100_000, 0})), List.of(new Consumed("g", "t", false, new long[] {0, 400, 0}, new long[] {0, 4000, 0},
                new long[] {0, 480, 0})), List.of(new Offsets("t", new long[] {0, 0, 0, 0}, new long[] {150, 510, 50, 0})), null);
        Partitions p = PartitionMerge.merge(List.of(a, b), TOPICS, 1000.0, 900.0);

        assertEquals(4, p.partitionCount(), "every partition of the topic, also those nothing went to");
        Partitions.Row one = p.row("t", 1);
        assertEquals(400, one.producedMessages());
        assertEquals(4000, one.producedBytes());
        assertEquals(2500.0, one.publishLatencyMeanMicros(), 1e-9);
        assertEquals(1000.0 * 400 / 500, one.producedMessagesPerSecond(), 1e-9, "the window's rate × the partition's share");
        assertEquals(400 / (500 / 4.0), p.skew(), 1e-9, "the busiest over the mean of 4 partitions");
        assertEquals(List.of(1, 0), p.busiest().subList(0, 2).stream().map(Partitions.Busy::partition).toList());
        assertEquals(0.8, p.busiest().get(0).share(), 1e-9);

        Partitions.GroupLag g = p.lag().get(0);
        assertEquals(List.of(0L, 30L, 50L, 0L), g.partitions().stream().map(Partitions.PartitionLag::lagMessages).toList(),
                "the latest end offset less the furthest position read; a partition never read, from its earliest offset");
        assertEquals(80L, g.totalMessages());
        assertTrue(p.line().startsWith("Partitions: 4, skew 3.20 (busiest over mean, messages produced); busiest: 1 (80.0%), 0 (20.0%)"),
                p.line());
        assertTrue(p.line().endsWith("; lag at the end: 80 messages, the most on partition 2 (50)"), p.line());
    }

    @Test
    void aGroupThatStartedAtTheEndOfAnExistingTopicHasNoKnownLagWhereItReadNothing() {
        PartitionFindings f = new PartitionFindings(List.of(), List.of(new Consumed("g", "t", true, new long[] {5}, new long[] {50},
                new long[] {105})), List.of(new Offsets("t", new long[] {0, 0, 0, 0}, new long[] {105, 70, 0, 0})), null);
        Partitions.GroupLag g = PartitionMerge.merge(List.of(f), TOPICS, null, null).lag().get(0);
        assertEquals(0L, g.partitions().get(0).lagMessages());
        assertNull(g.partitions().get(1).lagMessages());
        assertNull(g.totalMessages());
    }

    @Test
    void aDriverThatCannotReadOffsetsLeavesTheLagUnknownAndSaysWhy() {
        PartitionFindings f = new PartitionFindings(List.of(new Produced("t", new long[] {1}, new long[] {1}, new long[] {1})),
                List.of(new Consumed("g", "t", false, new long[] {1}, new long[] {1}, new long[] {1})), List.of(), "no offsets here");
        Partitions p = PartitionMerge.merge(List.of(f), TOPICS, null, null);
        assertEquals(List.of(), p.lag());
        assertEquals("no offsets here", p.lagUnknown());
        assertNull(p.row("t", 0).producedMessagesPerSecond(), "no window, no rate");
        assertTrue(p.line().endsWith("; lag at the end not known"), p.line());
    }
}
