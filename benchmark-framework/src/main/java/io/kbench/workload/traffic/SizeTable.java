package io.kbench.workload.traffic;

/**
 * A size distribution sampled once at evenly spaced quantiles: entry i is the size at share (i + ½) / n. Drawing an
 * entry uniformly at random then gives the distribution's sizes in their proportions, to 1/n, with one random number
 * and no work per message. Each entry gets a payload of its own, so the table is as long as the memory allows:
 * {@value #MAX_ENTRIES} entries, fewer (a power of two, at least {@value #MIN_ENTRIES}) when their payloads would
 * take more than the budget.
 */
public final class SizeTable {

    public static final int MAX_ENTRIES = 4096;
    public static final int MIN_ENTRIES = 64;

    private SizeTable() {}

    /**
     * @param budgetBytes the most bytes all entries' payloads may take together
     * @return the sizes, a power of two of them
     */
    public static int[] of(SizeDistribution d, long budgetBytes) {
        int n = MAX_ENTRIES;
        while (true) {
            int[] sizes = new int[n];
            long total = 0;
            for (int i = 0; i < n; i++) {
                sizes[i] = d.sizeAt((i + 0.5) / n);
                total += sizes[i];
            }
            if (total <= budgetBytes || n <= MIN_ENTRIES) {
                return sizes;
            }
            n /= 2;
        }
    }

    /** The mean of the table's sizes, bytes. */
    public static double meanBytes(int[] sizes) {
        long total = 0;
        for (int s : sizes) {
            total += s;
        }
        return sizes.length == 0 ? 0 : (double) total / sizes.length;
    }

    /** The largest of the table's sizes, bytes. */
    public static int maxBytes(int[] sizes) {
        int max = 0;
        for (int s : sizes) {
            max = Math.max(max, s);
        }
        return max;
    }
}
