package io.kbench.kafka.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.BrokerActivity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeActivityTest {

    @Test
    void segmentCountsThatFallOrStartOffsetsThatRiseAreDeletionsOnePerTopic() {
        SegmentWatch watch = new SegmentWatch();
        watch.poll(1_000_000, Map.of("t-0", new SegmentWatch.Reading(5, 0), "t-1", new SegmentWatch.Reading(4, 0),
                "u-0", new SegmentWatch.Reading(3, 0)));
        assertEquals(0, watch.deletionCount(), "the first poll is the baseline");
        // t-0 lost 3 segments; t-1 lost one while one rolled (count unchanged, start offset up); u-0 only rolled
        watch.poll(2_000_000, Map.of("t-0", new SegmentWatch.Reading(2, 300), "t-1", new SegmentWatch.Reading(4, 100),
                "u-0", new SegmentWatch.Reading(4, 0), "v-0", new SegmentWatch.Reading(1, 50)));
        assertEquals(List.of(new BrokerActivity.SegmentDeletion(2_000_000, "t", List.of(0, 1), 4)), watch.deletions());
        assertEquals(1, watch.deletionCount());
        assertEquals(4, watch.segmentsDeleted());
        // the new partition v-0 had its baseline; its next fall counts; a partition gone (moved off) counts nothing
        watch.poll(3_000_000, Map.of("v-0", new SegmentWatch.Reading(0, 60)));
        assertEquals(2, watch.deletionCount());
        assertEquals(new BrokerActivity.SegmentDeletion(3_000_000, "v", List.of(0), 1), watch.deletions().get(1));
    }

    @Test
    void aLineReadsBackAsTheBrokersActivity() {
        NodeGcLog gc = new NodeGcLog();
        gc.add(new BrokerActivity.GcPause(10, 3_000, "G1 Young Generation", "G1 Evacuation Pause"));
        gc.add(new BrokerActivity.GcPause(20, 9_000, "G1 Old Generation", "System.gc()"));
        SegmentWatch segments = new SegmentWatch();
        segments.poll(1, Map.of("my.topic_x-0", new SegmentWatch.Reading(3, 0), "my.topic_x-2", new SegmentWatch.Reading(3, 0)));
        segments.poll(2, Map.of("my.topic_x-0", new SegmentWatch.Reading(1, 9), "my.topic_x-2", new SegmentWatch.Reading(2, 9)));

        BrokerActivity a = NodeActivity.parse(3, NodeActivity.line(12_345, gc, segments));

        assertEquals(new BrokerActivity(3, 12_345, 2, 12_000, List.of(new BrokerActivity.GcPause(20, 9_000, "G1 Old Generation",
                "System.gc()"), new BrokerActivity.GcPause(10, 3_000, "G1 Young Generation", "G1 Evacuation Pause")), 1, 3,
                List.of(new BrokerActivity.SegmentDeletion(2, "my.topic_x", List.of(0, 2), 3))), a);
        assertNull(NodeActivity.parse(3, "gcPauses=x"), "not a line of ours");
    }

    @Test
    void aDeletionFromManyPartitionsListsTheFirstAndCountsThemAll() {
        SegmentWatch segments = new SegmentWatch();
        Map<String, SegmentWatch.Reading> before = new java.util.HashMap<>();
        Map<String, SegmentWatch.Reading> after = new java.util.HashMap<>();
        for (int p = 0; p < 5_000; p++) {
            before.put("t-" + p, new SegmentWatch.Reading(3, 0));
            after.put("t-" + p, new SegmentWatch.Reading(2, 9));
        }
        segments.poll(1, before);
        segments.poll(2, after);

        BrokerActivity a = NodeActivity.parse(1, NodeActivity.line(1, new NodeGcLog(), segments));

        BrokerActivity.SegmentDeletion d = a.deletions().get(0);
        assertEquals(5_000, d.partitionCount());
        assertEquals(5_000, d.segments());
        assertEquals(java.util.stream.IntStream.range(0, BrokerActivity.LISTED_PARTITIONS).boxed().toList(), d.partitions());
        assertEquals(d, NodeActivity.parse(1, "jvmStart=1 del=2,t,5000," + String.join(";", d.partitions().stream().map(String::valueOf)
                .toList()) + ",5000").deletions().get(0), "the count read back");
        assertEquals(2, NodeActivity.parse(1, "jvmStart=1 del=2,t,3,4;7").deletions().get(0).partitionCount(),
                "a line without the count: its list's length");
    }

    @Test
    void theLogKeepsTheLongestPausesAndCountsThemAll() {
        NodeGcLog gc = new NodeGcLog();
        for (int i = 1; i <= NodeGcLog.KEPT + 5; i++) {
            gc.add(new BrokerActivity.GcPause(i, i * 1_000L, "G1 Young Generation", "G1 Evacuation Pause"));
        }
        assertEquals(NodeGcLog.KEPT + 5, gc.count());
        assertEquals(NodeGcLog.KEPT, gc.longest().size());
        assertEquals((NodeGcLog.KEPT + 5) * 1_000L, gc.longest().get(0).durationMicros());
        assertTrue(NodeGcLog.isPause("G1 Young Generation", "end of minor GC"));
        assertTrue(!NodeGcLog.isPause("ZGC Minor Cycles", "end of GC cycle") && NodeGcLog.isPause("ZGC Minor Pauses", "end of GC pause"));
    }
}
