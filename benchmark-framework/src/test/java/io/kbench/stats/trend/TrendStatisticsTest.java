package io.kbench.stats.trend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TrendStatisticsTest {

    @Test
    void theilSenIsTheMedianOfThePairwiseSlopesAndIgnoresOneWildPoint() {
        double[] x = {0, 1, 2, 3, 4};
        assertEquals(2.0, TheilSen.slope(x, new double[] {1, 3, 5, 7, 9}), 1e-12);
        // Least squares would tilt to 9.6 with the last point at 50; the median slope stays at 2.
        assertEquals(2.0, TheilSen.slope(x, new double[] {1, 3, 5, 7, 50}), 1e-12);
        // Slopes 1, 1, 2, 1, 2.5, 4 → sorted 1 1 1 2 2.5 4: the mean of the middle two.
        assertEquals(1.5, TheilSen.slope(new double[] {0, 1, 2, 3}, new double[] {0, 1, 2, 6}), 1e-12);
        assertTrue(Double.isNaN(TheilSen.slope(new double[] {1}, new double[] {1})));
    }

    @Test
    void mannKendallMatchesAHandComputation() {
        // y = 1..10 rising: S = 45, Var = 10·9·25/18 = 125, Z = 44/√125 = 3.9355, p = 8.3e-5.
        MannKendall.Result r = MannKendall.test(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        assertEquals(45, r.s());
        assertEquals(125.0, r.variance(), 1e-9);
        assertEquals(44 / Math.sqrt(125), r.z(), 1e-12);
        assertEquals(8.30e-5, r.pValue(), 0.02e-5);

        // Ties: {1,1,2,2,2,3,...}: groups of 2 and 3 take 2·1·9 + 3·2·11 = 84 off 10·9·25 = 2250: Var = 2166/18 = 120.33.
        MannKendall.Result tied = MannKendall.test(new double[] {1, 1, 2, 2, 2, 3, 4, 5, 6, 7});
        assertEquals(120.333, tied.variance(), 1e-3);
        // 45 pairs minus the 1 + 3 tied ones: S = 41; Z = 40 / √120.33.
        assertEquals(41, tied.s());
        assertEquals(40 / Math.sqrt(2166 / 18.0), tied.z(), 1e-12);

        MannKendall.Result falling = MannKendall.test(new double[] {10, 9, 8, 7, 6, 5, 4, 3, 2, 1});
        assertEquals(-45, falling.s());
        assertEquals(-44 / Math.sqrt(125), falling.z(), 1e-12);
        assertEquals(r.pValue(), falling.pValue(), 1e-15);

        MannKendall.Result constant = MannKendall.test(new double[] {5, 5, 5, 5, 5, 5, 5, 5, 5, 5});
        assertEquals(1.0, constant.pValue());
    }

    @Test
    void theCorrectionForNeighboursThatMoveTogetherSeesTheNoiseNotTheTrend() {
        java.util.Random random = new java.util.Random(1);
        int n = 2_000;
        double[] independent = new double[n];
        double[] correlated = new double[n];
        double[] curvedRise = new double[n];
        double last = 0;
        for (int i = 0; i < n; i++) {
            independent[i] = random.nextGaussian();
            last = 0.5 * last + random.nextGaussian();
            correlated[i] = last;
            curvedRise[i] = Math.pow(i / (double) n, 3) * 50 + random.nextGaussian(); // slow, then fast
        }
        assertEquals(0.0, MannKendall.lagOneFromDifferences(independent), 0.05);
        assertEquals(0.5, MannKendall.lagOneFromDifferences(correlated), 0.05);
        assertEquals(0.5, MannKendall.lagOneFromDifferences(new double[] {1, 2, 3, 5, 8, 13, 21, 34}), 0, "at most 0.5");
        assertEquals(0.0, MannKendall.lagOneFromDifferences(curvedRise), 0.05, "a rise that is not straight is not correlation");
        assertEquals(0.5, MannKendall.lagOneFromDifferences(MannKendall.ranks(correlated)), 0.1, "nor do ranks hide it");
        assertArrayEquals(new double[] {1, 3.5, 3.5, 2, 5}, MannKendall.ranks(new double[] {0.5, 7, 7, 2, 9}));
        // A real run's publish p99 (ms) as its delay ramped from 1 ms to 100 ms each way, with a starved machine's stall
        // near the end: the stall must not pass for a random walk and hide the rise.
        double[] rampWithStall = {184, 223, 69, 163, 344, 78, 399, 127, 120, 213, 138, 286, 319, 331, 168, 213, 219, 441, 322, 222, 230,
            241, 323, 1354, 1332, 1632, 1056, 587, 435, 397};
        assertTrue(MannKendall.corrected(rampWithStall).pValue() < 0.001, MannKendall.corrected(rampWithStall).toString());
        // Another such run, rising smoothly with wiggles: too persistent-looking for an uncapped correction (p 0.16).
        double[] smoothRise = {158, 86, 141, 132, 98, 140, 247, 408, 385, 327, 265, 234, 267, 272, 284, 316, 348, 483, 492, 487, 463, 480,
            499, 525, 541, 613, 620, 585, 606, 623};
        assertTrue(MannKendall.corrected(smoothRise).pValue() < 0.001, MannKendall.corrected(smoothRise).toString());
        // 1 + 2 sum of 0.5^k: 3 for a long series.
        assertEquals(3.0, MannKendall.ar1Factor(0.5, 100_000), 1e-3);
        assertEquals(1.0, MannKendall.ar1Factor(0, 30));
        MannKendall.Result plain = MannKendall.test(correlated);
        MannKendall.Result corrected = MannKendall.corrected(correlated);
        assertEquals(plain.variance() * corrected.varianceFactor(), corrected.variance(), 1e-6 * corrected.variance());
        assertTrue(corrected.varianceFactor() > 2.5 && corrected.varianceFactor() < 3.5, corrected.toString());
    }

    @Test
    void theNormalTailIsRightToSevenDigits() {
        assertEquals(1.0, Normal.twoSidedTail(0), 1e-7);
        assertEquals(0.05, Normal.twoSidedTail(1.959963985), 1e-8);
        assertEquals(0.01, Normal.twoSidedTail(2.575829304), 1e-8);
        assertEquals(0.001, Normal.twoSidedTail(3.290526731), 1e-9);
    }
}
