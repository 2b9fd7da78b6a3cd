package io.kbench.workload.traffic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AliasTableTest {

    @Test
    void drawsEachIndexInProportionToItsWeight() {
        double[] weights = {4, 1, 0, 3, 2};
        AliasTable t = new AliasTable(weights);
        assertArrayEquals(new double[] {0.4, 0.1, 0, 0.3, 0.2}, t.probabilities(), 1e-9, "the table's own probabilities");
        long[] counts = new long[5];
        SplittableRandom r = new SplittableRandom(1);
        int n = 1_000_000;
        for (int i = 0; i < n; i++) {
            counts[t.sample(r.nextLong())]++;
        }
        assertEquals(0, counts[2], "a weight of 0 is never drawn");
        for (int i = 0; i < 5; i++) {
            assertEquals(weights[i] / 10, counts[i] / (double) n, 0.003, "index " + i);
        }
    }

    @Test
    void oneIndexIsAlwaysDrawnAndBadWeightsAreRefused() {
        AliasTable one = new AliasTable(new double[] {7});
        assertEquals(0, one.sample(-1L));
        assertEquals(0, one.sample(0L));
        assertThrows(IllegalArgumentException.class, () -> new AliasTable(new double[] {0, 0}));
        assertThrows(IllegalArgumentException.class, () -> new AliasTable(new double[] {1, -1}));
        assertThrows(IllegalArgumentException.class, () -> new AliasTable(new double[] {1, Double.NaN}));
        assertThrows(IllegalArgumentException.class, () -> new AliasTable(new double[0]));
    }

    @Test
    void theExtremesOfTheRandomBitsStayInRange() {
        AliasTable t = new AliasTable(new double[] {1, 2, 3});
        for (long r : new long[] {0, -1, Long.MAX_VALUE, Long.MIN_VALUE, 0xFFFFFFFFL, 0xFFFFFFFF00000000L}) {
            int i = t.sample(r);
            assertEquals(true, i >= 0 && i < 3, "index " + i + " for " + r);
        }
    }
}
