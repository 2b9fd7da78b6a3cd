package io.kbench.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.driver.TopicSpec;
import io.kbench.plan.ConsumerSpec;
import io.kbench.plan.LoadSpec;
import io.kbench.plan.StampMode;
import io.kbench.plan.ProducerSpec;
import io.kbench.workload.KeyDistributorType;
import io.kbench.workload.PayloadSpec;
import io.kbench.workload.Workload;
import io.kbench.workload.Workloads;
import io.kbench.workload.spec.RunSpecs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import io.kbench.plan.TopicLayout;
class TopicLayoutTest {

    private static final PayloadSpec PAYLOAD = new PayloadSpec(100, null, false, 0, 0, 1);

    @Test
    void namesTopicsGroupsAndIndexesProducers() {
        Workload w = Workloads.parse("""
                topics: 2
                partitionsPerTopic: 6
                subscriptionsPerTopic: 2
                consumerPerSubscription: 3
                producersPerTopic: 2
                producerRate: 1000
                keyDistributor: KEY_ROUND_ROBIN
                testDuration: 1m
                """);
        TopicLayout layout = TopicLayout.of(RunSpecs.of(w), PAYLOAD, "kbench", "r1");

        assertEquals(List.of(new TopicSpec("kbench-r1-0", 6), new TopicSpec("kbench-r1-1", 6)), layout.topics());
        assertEquals(Map.of("kbench-r1-0-sub-0", 6, "kbench-r1-0-sub-1", 6, "kbench-r1-1-sub-0", 6, "kbench-r1-1-sub-1", 6),
                layout.partitionsPerSubscription());
        assertEquals(12, layout.consumers().size(), "2 topics x 2 subscriptions x 3 consumers");
        assertEquals(List.of(
                new ConsumerSpec("kbench-r1-0", "kbench-r1-0-sub-0"),
                new ConsumerSpec("kbench-r1-0", "kbench-r1-0-sub-0"),
                new ConsumerSpec("kbench-r1-0", "kbench-r1-0-sub-0"),
                new ConsumerSpec("kbench-r1-0", "kbench-r1-0-sub-1")), layout.consumers().subList(0, 4));
        // Producer-major over topics, indexes 0..3 across the run.
        assertEquals(List.of(
                new ProducerSpec("kbench-r1-0", 0, 6, null),
                new ProducerSpec("kbench-r1-1", 1, 6, null),
                new ProducerSpec("kbench-r1-0", 2, 6, null),
                new ProducerSpec("kbench-r1-1", 3, 6, null)), layout.producers(), "each with its topic's partitions");
        assertEquals(new LoadSpec(1000, 4, 0, PAYLOAD, KeyDistributorType.KEY_ROUND_ROBIN, 0), layout.load());
    }

    @Test
    void topicNumbersArePaddedToSortInOrder() {
        Workload w = Workloads.parse("topics: 11\nproducersPerTopic: 1\nsubscriptionsPerTopic: 0\nproducerRate: -1\nmessageCount: 500\n");
        TopicLayout layout = TopicLayout.of(RunSpecs.of(w), PAYLOAD, "bench", "x");
        assertEquals("bench-x-00", layout.topics().get(0).name());
        assertEquals("bench-x-10", layout.topics().get(10).name());
        assertEquals(1, layout.topics().get(3).partitions(), "default partitionsPerTopic");
        assertEquals(List.of(), layout.consumers());
        assertEquals(Map.of(), layout.partitionsPerSubscription());
        assertEquals(11, layout.producers().size());
        assertEquals(new LoadSpec(-1, 11, 500, PAYLOAD, KeyDistributorType.NO_KEY, 0, StampMode.NONE), layout.load(),
                "unthrottled, the message count split over all producers, no send time carried (nobody consumes)");
    }

    @Test
    void oneTopicHasNoPadding() {
        TopicLayout layout = TopicLayout.of(RunSpecs.of(Workloads.parse("producerRate: 10\n")), PAYLOAD, "kbench", "abc");
        assertEquals(List.of(new TopicSpec("kbench-abc-0", 1)), layout.topics());
        assertEquals(List.of(new ConsumerSpec("kbench-abc-0", "kbench-abc-0-sub-0")), layout.consumers());
        assertEquals(List.of(new ProducerSpec("kbench-abc-0", 0, 1, null)), layout.producers());
    }
}
