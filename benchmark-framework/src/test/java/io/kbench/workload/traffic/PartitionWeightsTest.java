package io.kbench.workload.traffic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartitionWeightsTest {

    private static PartitionWeights json(String text) throws Exception {
        return PartitionWeights.of(new ObjectMapper().readTree(text));
    }

    @Test
    void aListGivesEachPartitionItsWeightAndAMapSpreadsTheStarOverTheOthers() throws Exception {
        assertArrayEquals(new double[] {0.5, 0.125, 0.125, 0.125, 0.125}, json("[4, 1, 1, 1, 1]").shares(5), 1e-12);
        assertArrayEquals(new double[] {0.5, 0.5, 0, 0}, json("[1, 1]").shares(4), 1e-12, "partitions past the list get none");
        assertArrayEquals(new double[] {0.05, 0.9, 0.05}, json("{\"1\": 0.9, \"*\": 0.1}").shares(3), 1e-12);
        PartitionSource s = json("[4, 1, 1, 1, 1]").source(5, 3);
        int[] counts = new int[5];
        for (int i = 0; i < 100_000; i++) {
            counts[s.nextPartition()]++;
        }
        assertEquals(0.5, counts[0] / 100_000.0, 0.01);
    }

    @Test
    void badWeightsAreRefusedNamingWhere() throws Exception {
        assertEquals(List.of(new Issue("", "partitionWeights gives every partition weight 0: give at least one partition a weight above 0")),
                json("[0, 0]").issues(2));
        assertEquals(List.of(new Issue("3", "partitionWeights has 4 weights, but the topic has 3 partition(s) (0 to 2): there is no "
                + "partition 3")), json("[1, 1, 1, 1]").issues(3));
        assertEquals(List.of(new Issue("7", "partitionWeights names partition 7, but the topic has 3 partition(s) (0 to 2)")),
                json("{\"7\": 1}").issues(3));
        assertEquals(List.of(new Issue("1", "partitionWeights[1] must be a weight, a number 0 or more; got -2")), json("[1, -2]").issues(2));
        assertEquals(List.of(new Issue("x", "partitionWeights key \"x\" must be a partition number (0, 1, ...) or \"*\" for the "
                + "partitions not named")), json("{\"x\": 1}").issues(3));
        assertEquals(List.of(), json("[1, 1, 1, 1]").issues(null), "partitions not known yet: checked when they are");
        assertEquals("partitionWeights must be a list of weights, one per partition from 0 (e.g. [4, 1, 1, 1, 1]), or a map of partition "
                + "to share (e.g. {\"0\": 0.5, \"*\": 0.5}); got string", json("\"heavy\"").issues(3).get(0).message());
    }
}
