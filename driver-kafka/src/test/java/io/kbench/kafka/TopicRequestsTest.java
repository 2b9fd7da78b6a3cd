package io.kbench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.driver.TopicSpec;
import io.kbench.kafka.TopicRequests.Create;
import io.kbench.kafka.TopicRequests.Grow;
import io.kbench.kafka.TopicRequests.Need;
import io.kbench.kafka.TopicRequests.Request;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.junit.jupiter.api.Test;

class TopicRequestsTest {

    private static List<Need> topics(int count, int partitions) {
        List<Need> needs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            needs.add(new Need(new TopicSpec("t" + i, partitions), 0));
        }
        return needs;
    }

    @Test
    void tenTopicsOfAThousandPartitionsAreSplitByTheirRecordsNotTheirNumber() {
        // 10 × (1 topic record + 1,000 partition records) = 10,010 records: one more than the controller writes.
        List<Request> plan = TopicRequests.KAFKA.plan(topics(10, 1000), 0);

        assertEquals(2, plan.size(), plan.toString());
        assertEquals(9, ((Create) plan.get(0)).topics().size());
        assertEquals(9_009, plan.get(0).records());
        assertEquals(1, ((Create) plan.get(1)).topics().size());
        plan.forEach(r -> assertTrue(r.records() <= TopicRequests.MAX_RECORDS, r.toString()));
    }

    @Test
    void topicConfigsCountAsRecords() {
        List<Request> plan = TopicRequests.KAFKA.plan(topics(2, 4_998), 1);

        // 2 × (1 + 1 + 4,998) = 10,000 records: exactly what one request may write.
        assertEquals(1, plan.size(), plan.toString());
        assertEquals(10_000, plan.get(0).records());
        assertEquals(2, TopicRequests.KAFKA.plan(topics(2, 4_999), 1).size());
    }

    @Test
    void aTopicLargerThanOneRequestIsCreatedThenGrownInSteps() {
        List<Request> plan = TopicRequests.KAFKA.plan(topics(1, 25_000), 2);

        assertEquals(List.of(new Create(List.of(new TopicSpec("t0", 9_997)), 2), new Grow("t0", 9_997, 19_997),
                new Grow("t0", 19_997, 25_000)), plan);
        plan.forEach(r -> assertTrue(r.records() <= TopicRequests.MAX_RECORDS, r.toString()));
    }

    @Test
    void theCreateRequestsComeBeforeTheGrowthAndSmallTopicsShareRequests() {
        List<Need> needs = new ArrayList<>(topics(1, 12_000));
        needs.add(new Need(new TopicSpec("small", 10), 0));

        List<Request> plan = TopicRequests.KAFKA.plan(needs, 0);

        assertEquals(List.of(new Create(List.of(new TopicSpec("t0", 9_999)), 0), new Create(List.of(new TopicSpec("small", 10)), 0),
                new Grow("t0", 9_999, 12_000)), plan);
    }

    @Test
    void aReplanSkipsWhatExistsAndGrowsWhatIsPartlyCreated() {
        List<Need> needs = List.of(new Need(new TopicSpec("done", 5), 5), new Need(new TopicSpec("part", 300), 100),
                new Need(new TopicSpec("new", 50), 0));

        List<Request> plan = new TopicRequests(128, 128).plan(needs, 0);

        assertEquals(List.of(new Create(List.of(new TopicSpec("new", 50)), 0), new Grow("part", 100, 228), new Grow("part", 228, 300)),
                plan);
    }

    @Test
    void budgetsHalveDownToAFloor() {
        TopicRequests b = TopicRequests.KAFKA;
        int steps = 0;
        while (b.halved() != null) {
            b = b.halved();
            steps++;
        }
        assertEquals(TopicRequests.MIN_BUDGET, b.recordBudget());
        assertEquals(8, steps);
        assertNull(b.halved());
    }

    @Test
    void theControllersSizeRefusalsAreRecognised() {
        assertTrue(TopicRequests.tooLarge(new PolicyViolationException("Unable to perform excessively large batch operation.")));
        assertTrue(TopicRequests.tooLarge(new PolicyViolationException("Excessively large number of partitions per request.")));
        assertTrue(!TopicRequests.tooLarge(new PolicyViolationException("partition limit reached")));
    }

    @Test
    void aCreateRequestDescribesItsTopics() {
        Create c = new Create(List.of(new TopicSpec("kbench-x-03", 1000), new TopicSpec("kbench-x-04", 1000)), 0);
        assertEquals("2 topics (kbench-x-03 to kbench-x-04), 2,000 partitions", c.describe());
        assertEquals("topic a, 7 partitions", new Create(List.of(new TopicSpec("a", 7)), 0).describe());
    }
}
