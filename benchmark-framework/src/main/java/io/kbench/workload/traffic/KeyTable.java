package io.kbench.workload.traffic;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * The keys of a {@link KeySpec}, made once per worker, and how often each is drawn. Key {@code i} is
 * {@code sizeBytes} ASCII bytes: letters, then {@code i} in base 36; every worker makes the same keys, so a key
 * lands in the same partition whoever sends it. Immutable: every producer of a worker shares it through its own
 * {@link #chooser}.
 */
public final class KeyTable {

    /** The longest key a workload may ask for. */
    public static final int MAX_SIZE_BYTES = 1024 * 1024;

    private final byte[][] keys;
    private final AliasTable draw;

    private KeyTable(byte[][] keys, AliasTable draw) {
        this.keys = keys;
        this.draw = draw;
    }

    /** @throws IllegalArgumentException for a spec {@link KeyShapes#issues} finds wrong */
    public static KeyTable of(KeySpec spec) {
        KeyShape shape = KeyShapes.byName(spec.distribution()).orElseThrow(() -> new IllegalArgumentException(
                "unknown key distribution " + spec.distribution()));
        if (!KeyShapes.issues(spec).isEmpty()) {
            throw new IllegalArgumentException(KeyShapes.issues(spec).get(0).message());
        }
        int digits = minSizeBytes(spec.count());
        byte[][] keys = new byte[spec.count()][];
        for (int i = 0; i < keys.length; i++) {
            byte[] key = new byte[spec.sizeBytes()];
            SplittableRandom letters = new SplittableRandom(0x6b6579L * 31 + i);
            int fill = key.length - digits;
            for (int b = 0; b < fill; b++) {
                key[b] = (byte) ('a' + letters.nextInt(26));
            }
            String id = Integer.toString(i, 36);
            for (int b = 0; b < digits; b++) {
                int from = b - (digits - id.length());
                key[fill + b] = from < 0 ? (byte) '0' : (byte) id.charAt(from);
            }
            keys[i] = key;
        }
        return new KeyTable(keys, new AliasTable(shape.weights(spec)));
    }

    /** The fewest bytes that tell {@code count} keys apart: the base-36 digits of {@code count − 1}. */
    public static int minSizeBytes(int count) {
        return Integer.toString(Math.max(0, count - 1), 36).length();
    }

    public int count() {
        return keys.length;
    }

    /** Key {@code i}, shared: do not modify it. */
    public byte[] key(int i) {
        return keys[i];
    }

    /** The probability each key is drawn with. */
    public double[] probabilities() {
        return draw.probabilities();
    }

    /** A producer's way of drawing keys, with its own random numbers (the same seed draws the same keys). */
    public KeySource chooser(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return nanoTime -> keys[draw.sample(random.nextLong())];
    }

    @Override
    public String toString() {
        return keys.length + " keys of " + (keys.length == 0 ? 0 : keys[0].length) + " bytes, e.g. "
                + new String(keys[0], StandardCharsets.US_ASCII);
    }
}
