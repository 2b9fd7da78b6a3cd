package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Workload fields of the Redpanda fork of OMB: honoured where they mean something here, else rejected with why. */
class RedpandaWorkloadFieldsTest {

    private static final String BASE = "name: w\nmessageSize: 10\nproducerRate: 10\ntestDuration: 1m\n";

    private static List<String> problems(String yaml) {
        return WorkloadValidator.validate(Workloads.parse(BASE + yaml)).stream().map(p -> p.field() + ": " + p.message()).toList();
    }

    @Test
    void incrementingKeysAreAcceptedAndCycleThroughTheKeyPoolInOrder() {
        assertEquals(List.of(), problems("keyDistributor: INCREMENTING_KEY\n"));
        KeyPool keys = new KeyPool(KeyDistributorType.INCREMENTING_KEY, 3);
        for (int i = 0; i < KeyPool.POOL_SIZE; i++) {
            assertArrayEquals(Integer.toString(i).getBytes(StandardCharsets.US_ASCII), keys.nextKey(0));
        }
        assertArrayEquals("0".getBytes(StandardCharsets.US_ASCII), keys.nextKey(0), "then from 0 again");
    }

    @Test
    void consumerOnlyStopsTheProducersWhileABacklogDrainsAndNeedsOne() {
        assertEquals(List.of(), problems("consumerOnly: false\n"));
        assertEquals(List.of(), problems("consumerOnly: true\nconsumerBacklogSizeGB: 1\n"));
        assertEquals(0.0, Workloads.parse(BASE + "consumerOnly: true\nconsumerBacklogSizeGB: 1\n").drainRate());
        List<String> p = problems("consumerOnly: true\n");
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).startsWith("consumerOnly: consumerOnly stops the producers while a backlog drains, and this workload "
                + "builds none"), p.get(0));
    }

    @Test
    void theForksPartitionWeightsAreHonouredAndAPartitionTheTopicLacksIsRefused() {
        String weights = "partitionWeights:\n  \"3\": 0.9\n  \"*\": 0.1\n";
        assertEquals(List.of(), problems("partitionsPerTopic: 4\n" + weights));
        double[] shares = Workloads.parse(BASE + "partitionsPerTopic: 4\n" + weights).partitionWeights().shares(4);
        assertArrayEquals(new double[] {0.1 / 3, 0.1 / 3, 0.1 / 3, 0.9}, shares, 1e-12, "\"*\" is spread over the partitions not named");
        List<String> p = problems("partitionsPerTopic: 2\n" + weights);
        assertEquals(List.of("partitionWeights: partitionWeights names partition 3, but the topic has 2 partition(s) (0 to 1)"), p);
    }
}
