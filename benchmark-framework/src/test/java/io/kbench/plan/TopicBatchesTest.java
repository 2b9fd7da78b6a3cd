package io.kbench.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.TopicSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopicBatchesTest {

    private static List<TopicSpec> topics(int count, int partitions) {
        List<TopicSpec> topics = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            topics.add(new TopicSpec("t" + i, partitions));
        }
        return topics;
    }

    @Test
    void callsAreBoundedByPartitionsAsWellAsTopics() {
        TopicBatches b = new TopicBatches(100, TopicBatches.DEFAULT_MAX_PARTITIONS);

        assertEquals(List.of(2, 2, 2, 2, 2), b.split(topics(10, 1000)).stream().map(List::size).toList());
        assertEquals(List.of(100, 100, 50), b.split(topics(250, 1)).stream().map(List::size).toList());
        assertEquals(List.of(1), b.split(topics(1, 12_000)).stream().map(List::size).toList(), "a larger topic is a call alone");
    }

    @Test
    void aLargeTopicDoesNotDragItsNeighboursIntoItsCall() {
        List<TopicSpec> topics = List.of(new TopicSpec("a", 10), new TopicSpec("big", 5_000), new TopicSpec("b", 10));

        List<List<TopicSpec>> calls = new TopicBatches(100, 2_000).split(topics);

        assertEquals(List.of(List.of(topics.get(0)), List.of(topics.get(1)), List.of(topics.get(2))), calls);
    }

    @Test
    void callsAreDescribedByTheirTopicsAndPartitions() {
        assertEquals("topic big (12,000 partitions)", TopicBatches.describe(List.of(new TopicSpec("big", 12_000))));
        assertEquals("topics t0 to t2 (3 topics, 3,000 partitions)", TopicBatches.describe(topics(3, 1000)));
    }

    @Test
    void aCallMayLastLongerForMorePartitions() {
        assertEquals(Duration.ofSeconds(120), TopicBatches.callTimeout(0));
        assertEquals(Duration.ofSeconds(1_320), TopicBatches.callTimeout(12_000));
    }

    @Test
    void theSetupLineHasItsUnits() {
        TopicSetup s = new TopicSetup(10, 10_000, 5, 31_234, null).deleted(870);
        assertEquals("Topics: 10 topic(s), 10,000 partitions, created and served in 31.2 s (5 call(s)); deleted in 0.9 s", s.line());
        assertTrue(new TopicSetup(1, 1, 1, 5, null).line().endsWith("(1 call(s))"));
    }
}
