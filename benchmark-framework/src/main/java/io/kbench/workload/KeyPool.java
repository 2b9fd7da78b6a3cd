package io.kbench.workload;

import io.kbench.workload.traffic.KeySource;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Chooses the key of each message as OMB's key distributors do. Not thread-safe: each producer loop owns one.
 */
public final class KeyPool implements KeySource {

    static final int POOL_SIZE = 10_000;

    private final KeyDistributorType type;
    private final byte[][] keys;
    private int next;

    public KeyPool(KeyDistributorType type, long seed) {
        this.type = type;
        if (type == KeyDistributorType.NO_KEY) {
            this.keys = null;
        } else {
            Random random = new Random(seed);
            this.keys = new byte[POOL_SIZE][];
            for (int i = 0; i < POOL_SIZE; i++) {
                // Made up front, so the send path never formats a key.
                String key = type == KeyDistributorType.INCREMENTING_KEY ? Integer.toString(i)
                        : Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
                keys[i] = key.getBytes(StandardCharsets.US_ASCII);
            }
        }
    }

    /** The key for the next message, or {@code null} for none. */
    @Override
    public byte[] nextKey(long nanoTime) {
        switch (type) {
            case KEY_ROUND_ROBIN:
            case INCREMENTING_KEY:
                byte[] key = keys[next];
                next = next + 1 == POOL_SIZE ? 0 : next + 1;
                return key;
            case RANDOM_NANO:
                return keys[(int) Math.floorMod(nanoTime, (long) POOL_SIZE)];
            default:
                return null;
        }
    }
}
