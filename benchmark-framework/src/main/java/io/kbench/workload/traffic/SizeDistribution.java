package io.kbench.workload.traffic;

/** A distribution of payload sizes, as its quantile function: what {@link SizeTable} samples at fixed steps. */
public interface SizeDistribution {

    /**
     * The size, in bytes, below which a share {@code u} of the messages fall.
     *
     * @param u from 0 (inclusive) to 1 (exclusive)
     * @return a size from the smallest to the largest the distribution allows
     */
    int sizeAt(double u);

    /** The largest size it can give, bytes. */
    int maxBytes();

    /** What it is, in a few words with units, e.g. "log-normal, mean 2,048 B, stddev 4,096 B, 64 B to 1,048,576 B". */
    String describe();
}
