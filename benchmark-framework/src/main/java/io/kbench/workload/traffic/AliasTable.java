package io.kbench.workload.traffic;

/**
 * Draws an index in proportion to fixed weights in constant time, from one random {@code long} and without
 * allocating (Walker's alias method, built as Vose describes it): the table is made once, then every
 * producer thread draws from it with its own random numbers. Immutable, so shared freely.
 */
public final class AliasTable {

    private static final double TWO_TO_32 = 4294967296.0;

    /**
     * Per column, in one long so that a draw reads one entry (one cache miss on a large table): the high 32 bits are
     * the threshold (of 2^32) below which the draw is the column itself, the low 32 bits the column's alias.
     */
    private final long[] columns;

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
        columns = new long[n];
        while (smalls > 0 && larges > 0) {
            int s = small[--smalls];
            int l = large[--larges];
            columns[s] = column(Math.min(FULL, Math.round(scaled[s] * TWO_TO_32)), l);
            scaled[l] = scaled[l] + scaled[s] - 1;
            if (scaled[l] < 1) {
                small[smalls++] = l;
            } else {
                large[larges++] = l;
            }
        }
        // What is left is full (rounding aside): itself, whatever the coin (its alias is itself too).
        while (larges > 0) {
            int l = large[--larges];
            columns[l] = column(FULL, l);
        }
        while (smalls > 0) {
            int s = small[--smalls];
            columns[s] = column(FULL, s);
        }
    }

    /** The largest threshold 32 bits hold: with the column as its own alias, a full column. */
    private static final long FULL = 0xFFFFFFFFL;

    private static long column(long threshold, int alias) {
        return (threshold << 32) | (alias & 0xFFFFFFFFL);
    }

    /** How many indexes the table draws from. */
    public int size() {
        return columns.length;
    }

    /**
     * An index from 0 to {@link #size()} − 1, drawn with probability proportional to its weight.
     *
     * @param random 64 uniformly random bits: the high half picks the column, the low half tosses its coin
     */
    public int sample(long random) {
        int column = (int) (((random >>> 32) * columns.length) >>> 32);
        long entry = columns[column];
        return (random & 0xFFFFFFFFL) < (entry >>> 32) ? column : (int) entry;
    }

    /** The probability of each index, as the table draws it (for tests and the expected shares of a result). */
    public double[] probabilities() {
        int n = columns.length;
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            int alias = (int) columns[i];
            double own = alias == i ? 1.0 : (columns[i] >>> 32) / TWO_TO_32;
            p[i] += own / n;
            p[alias] += (1 - own) / n;
        }
        return p;
    }
}
