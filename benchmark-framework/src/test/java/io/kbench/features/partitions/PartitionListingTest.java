package io.kbench.features.partitions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.kbench.features.partitions.PartitionFindings.Consumed;
import io.kbench.features.partitions.PartitionFindings.Offsets;
import io.kbench.features.partitions.PartitionFindings.Produced;
import io.kbench.features.partitions.Partitions.GroupLag;
import io.kbench.features.partitions.Partitions.PartitionLag;
import io.kbench.features.partitions.Partitions.Row;
import io.kbench.model.Diagnosis;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * 20,000 partitions over two topics (12,000 and 8,000), merged as the coordinator merges them: the result lists the
 * busiest 100 and the two that stand out, and everything it concludes stays over all 20,000.
 */
class PartitionListingTest {

    private static final int A = 12_000;
    private static final int B = 8_000;
    /** Consumer group g is 5,000 messages behind on a/5 and at most 2 on each other partition of a. */
    private static final int BEHIND = 5;
    /** a/7's mean publish latency is 200 ms, every other partition's 2 ms. */
    private static final int SLOW = 7;

    /** Partition {@code p} of a carries {@code p} messages, partition {@code p} of b carries {@code A + p}. */
    private static PartitionFindings findings() {
        long[] aMessages = IntStream.range(0, A).mapToLong(p -> p).toArray();
        long[] bMessages = IntStream.range(0, B).mapToLong(p -> A + p).toArray();
        long[] aEnd = new long[A];
        long[] aNext = new long[A];
        for (int p = 0; p < A; p++) {
            aEnd[p] = 10_000 + p;
            aNext[p] = aEnd[p] - (p == BEHIND ? 5_000 : p % 3);
        }
        return new PartitionFindings(List.of(new Produced("a", aMessages, times(aMessages, 100), latencySums(aMessages, SLOW)),
                new Produced("b", bMessages, times(bMessages, 100), latencySums(bMessages, -1))),
                List.of(new Consumed("g", "a", false, aMessages, times(aMessages, 100), aNext)),
                List.of(new Offsets("a", new long[A], aEnd)), null);
    }

    private static long[] times(long[] a, long factor) {
        return Arrays.stream(a).map(x -> x * factor).toArray();
    }

    /** The sums of publish latencies of a topic's partitions: a mean of 2 ms, and of 200 ms on {@code slow} (or none). */
    private static long[] latencySums(long[] messages, int slow) {
        long[] sums = new long[messages.length];
        for (int p = 0; p < messages.length; p++) {
            sums[p] = messages[p] * (p == slow ? 200_000 : 2_000);
        }
        return sums;
    }

    private static Partitions all() {
        Map<String, Integer> topics = new LinkedHashMap<>();
        topics.put("a", A);
        topics.put("b", B);
        return PartitionMerge.merge(List.of(findings()), topics, 5_000.0, 2_500.0);
    }

    @Test
    void theDistributionIsOverEveryPartition() {
        Partitions p = all();
        assertEquals(20_000, p.partitionCount());
        assertEquals(20_000, p.listedPartitions(), "the merge lists every partition; the listing cuts");
        Partitions.Distribution d = p.distribution();
        // Messages 0 to 19,999, one partition each: nearest rank p of 20,000 values is the value (p × 200) − 1.
        assertEquals(new Spread(20_000, 0, 1_999, 9_999, 17_999, 19_799, 19_999), d.producedMessages());
        assertEquals(new Spread(20_000, 0, 199_900, 999_900, 1_799_900, 1_979_900, 1_999_900), d.producedBytes());
        assertEquals(new Spread(19_999, 2_000, 2_000, 2_000, 2_000, 2_000, 200_000), d.publishLatencyMeanMicros(),
                "over the 19,999 partitions with messages");
        assertEquals(new Spread(20_000, 0, 0, 1_999, 9_999, 11_799, 11_999), d.consumedMessages(),
                "8,001 partitions consumed nothing (b's and a/0), then 1 to 11,999");
        assertEquals(1, d.partitionsNotProducedTo());
        assertEquals(B + 1, d.partitionsNotConsumedFrom());

        GroupLag g = p.lag().get(0);
        assertEquals(A, g.partitionCount());
        assertEquals(8_000, g.partitionsBehind(), "a lag of 1 or 2 on two partitions in three, and a/5");
        assertEquals(4_000L * 3 - 2 + 5_000, g.totalMessages());
        assertEquals(new Spread(A, 0, 0, 1, 2, 2, 5_000), g.lagMessagesSpread());
    }

    @Test
    void aLargeRunListsTheBusiestAndThePartitionsThatStandOutAndConcludesOverAll() throws Exception {
        Partitions all = all();
        List<HotPartition.Finding> found = HotPartition.findings(all);
        assertEquals(List.of("a/5", "a/7"), found.stream().map(f -> f.topic() + "/" + f.partition()).toList(),
                "the lag and the latency of one partition each stand out against all the others");

        Partitions listed = PartitionListing.of(all, Partitions.MAX_LISTED_PARTITIONS,
                found.stream().map(f -> new PartitionListing.Key(f.topic(), f.partition())).toList());

        assertEquals(20_000, listed.partitionCount());
        assertEquals(102, listed.listedPartitions(), "the 100 busiest, a/5 and a/7");
        assertEquals(List.of("a", "b"), listed.topics().stream().map(Partitions.TopicFigures::topic).toList());
        assertEquals(A, listed.topics().get(0).partitionCount());
        assertEquals(List.of(BEHIND, SLOW), listed.topics().get(0).partitions().stream().map(Row::partition).toList());
        assertEquals(IntStream.range(B - 100, B).boxed().toList(), listed.topics().get(1).partitions().stream().map(Row::partition).toList(),
                "b's last 100 carry the most, in partition order");
        for (Partitions.TopicFigures t : listed.topics()) {
            for (Row r : t.partitions()) {
                assertEquals(all.row(t.topic(), r.partition()), r, "a listed row is the row of the whole merge");
            }
        }
        GroupLag g = listed.lag().get(0);
        assertEquals(List.of(BEHIND, SLOW), g.partitions().stream().map(PartitionLag::partition).toList(), "the lag of a's listed partitions");
        assertEquals(all.lag().get(0).totalMessages(), g.totalMessages());
        assertEquals(all.lag().get(0).lagMessagesSpread(), g.lagMessagesSpread());
        assertEquals(all.lag().get(0).partitionsBehind(), g.partitionsBehind());

        assertEquals(all.skew(), listed.skew());
        assertEquals(19_999 / (199_990_000 / 20_000.0), listed.skew(), 1e-9);
        assertEquals(all.busiest(), listed.busiest());
        assertEquals(all.distribution(), listed.distribution());
        assertEquals(all.line(), listed.line(), "the summary line reads the same");
        assertTrue(listed.line().startsWith("Partitions: 20000, skew 2.00 (busiest over mean, messages produced); busiest: b/7999 (0.010%), "
                + "b/7998 (0.010%)"), "a small share in two significant digits: " + listed.line());
        assertTrue(listed.line().endsWith("the most on a/5 (5,000)"), listed.line());
        Diagnosis d = HotPartition.diagnosis(found).orElseThrow();
        assertTrue(d.reason().startsWith("partition 5 of topic a: consumer group g was 5,000 messages behind on it at the end, and at most 2 on "
                + "each of the topic's 11999 other partitions"), d.reason());

        ObjectMapper json = new ObjectMapper();
        byte[] written = json.writeValueAsBytes(listed);
        assertTrue(written.length < 40_000, "102 partitions listed of 20,000: " + written.length + " bytes");
        assertEquals(listed, json.readValue(written, Partitions.class), "it reads back as written");

        String report = PartitionCharts.section(listed).json().toString();
        assertTrue(report.length() < 40_000, "the report's part: " + report.length() + " chars");
        assertTrue(report.contains("Per partition: the 102 listed of 20,000"), report);
    }

    @Test
    void aRunOfAtMostTheListedNumberListsEveryPartition() {
        Map<String, Integer> topics = Map.of("a", Partitions.MAX_LISTED_PARTITIONS);
        long[] m = IntStream.range(0, Partitions.MAX_LISTED_PARTITIONS).mapToLong(p -> p).toArray();
        Partitions p = PartitionMerge.merge(List.of(new PartitionFindings(List.of(new Produced("a", m, m, m)), List.of(), List.of(), null)),
                topics, null, null);
        assertSame(p, PartitionListing.of(p, Partitions.MAX_LISTED_PARTITIONS, List.of()));
        assertEquals(Partitions.MAX_LISTED_PARTITIONS, p.topics().get(0).partitions().size());
        assertTrue(p.listsEvery());
    }

    @Test
    void aSectionWrittenBeforeTheCountsWereKeptReadsAsListingEveryPartition() throws Exception {
        String old = """
                {"skew": 1.5, "skewOf": "produced", "busiest": [{"topic": "t", "partition": 1, "messages": 3, "share": 0.75}],
                 "topics": [{"topic": "t", "partitions": [
                   {"partition": 0, "producedMessages": 1, "producedBytes": 10, "consumedMessages": 1, "consumedBytes": 10},
                   {"partition": 1, "producedMessages": 3, "producedBytes": 30, "consumedMessages": 2, "consumedBytes": 20}]}],
                 "lag": [{"group": "g", "topic": "t", "totalMessages": 1, "partitions": [
                   {"partition": 0, "endOffset": 1, "consumedUpTo": 1, "lagMessages": 0},
                   {"partition": 1, "endOffset": 3, "consumedUpTo": 2, "lagMessages": 1}]}]}
                """;
        Partitions p = new ObjectMapper().readValue(old, Partitions.class);
        assertEquals(2, p.partitionCount());
        assertEquals(2, p.listedPartitions());
        assertTrue(p.listsEvery());
        assertEquals(2, p.topics().get(0).partitionCount());
        assertEquals(2, p.lag().get(0).partitionCount());
        assertEquals(1, p.lag().get(0).partitionsBehind());
        assertTrue(p.distribution() == null && p.lag().get(0).lagMessagesSpread() == null, "not kept then: not made up now");
        assertTrue(p.line().startsWith("Partitions: 2, skew 1.50"), p.line());
        assertTrue(PartitionCharts.section(p).json().toString().contains("Per partition: t"), "the report draws it as before");
    }
}
