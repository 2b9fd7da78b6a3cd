package io.kbench.workload.traffic;

/**
 * Draws an index in proportion to fixed weights in constant time, from one random {@code long} and without
 * allocating (Walker's alias method, built as Vose describes it): the table is made once, then every
 * producer thread draws from it with its own random numbers. Immutable, so shared freely.
 */
public final class AliasTable {

    private static final double TWO_TO_32 = 4294967296.0;

    /** Per column: below this (of 2^32) the draw is the column itself, else its alias. */
    private final long[] threshold;
    private final int[] alias;

    /**
     * @param weights one per index, each 0 or more and finite, at least one above 0; they need not sum to 1
     * @throws IllegalArgumentException for an empty array, a negative or non-finite weight, or all zeros
     */
    public AliasTable(double[] weights) {
        int n = weights.length;
        if (n == 0) {
            throw new IllegalArgumentException("no weights");
        }
        double sum = 0;
        for (double w : weights) {
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("a weight must be 0 or more and finite, got " + w);
            }
            sum += w;
        }
        if (sum <= 0) {
            throw new IllegalArgumentException("the weights are all 0");
        }
        double[] scaled = new double[n];
        int[] small = new int[n];
        int[] large = new int[n];
        int smalls = 0;
        int larges = 0;
        for (int i = 0; i < n; i++) {
            scaled[i] = weights[i] * n / sum;
            if (scaled[i] < 1) {
                small[smalls++] = i;
            } else {
                large[larges++] = i;
            }
        }
        threshold = new long[n];
        alias = new int[n];
        while (smalls > 0 && larges > 0) {
            int s = small[--smalls];
            int l = large[--larges];
            threshold[s] = Math.round(scaled[s] * TWO_TO_32);
            alias[s] = l;
            scaled[l] = scaled[l] + scaled[s] - 1;
            if (scaled[l] < 1) {
                small[smalls++] = l;
            } else {
                large[larges++] = l;
            }
        }
        // What is left is full (rounding aside): always itself.
        while (larges > 0) {
            int l = large[--larges];
            threshold[l] = 1L << 32;
            alias[l] = l;
        }
        while (smalls > 0) {
            int s = small[--smalls];
            threshold[s] = 1L << 32;
            alias[s] = s;
        }
    }

    /** How many indexes the table draws from. */
    public int size() {
        return alias.length;
    }

    /**
     * An index from 0 to {@link #size()} − 1, drawn with probability proportional to its weight.
     *
     * @param random 64 uniformly random bits: the high half picks the column, the low half tosses its coin
     */
    public int sample(long random) {
        int column = (int) (((random >>> 32) * alias.length) >>> 32);
        return (random & 0xFFFFFFFFL) < threshold[column] ? column : alias[column];
    }

    /** The probability of each index, as the table draws it (for tests and the expected shares of a result). */
    public double[] probabilities() {
        int n = alias.length;
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            double own = Math.min(1.0, threshold[i] / TWO_TO_32);
            p[i] += own / n;
            p[alias[i]] += (1 - own) / n;
        }
        return p;
    }
}
