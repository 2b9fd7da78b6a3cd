package io.kbench.workload.traffic;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The workload's {@code keys} section: how many distinct keys, how long each is, and how often each is drawn.
 * A missing field is {@code null} when bound and gets its default here.
 *
 * @param distribution the name of a {@link KeyShape} ({@link KeyShapes}): {@code uniform}, {@code zipf} or
 *     {@code hot-set}
 * @param count distinct keys, 1 to {@link #MAX_COUNT} (default 10,000, OMB's pool)
 * @param sizeBytes bytes per key, at least the digits the count needs in base 36 (default 16)
 * @param exponent {@code zipf}: the exponent s, above 0 (1.1 makes a few keys hot)
 * @param hotKeysPercent {@code hot-set}: the share of the keys that are hot, above 0 and below 100
 * @param hotMessagesPercent {@code hot-set}: the share of the messages the hot keys get, above hotKeysPercent, at most 100
 */
public record KeySpec(String distribution, Integer count, Integer sizeBytes, Double exponent, Double hotKeysPercent,
                      Double hotMessagesPercent) {

    public static final int DEFAULT_COUNT = 10_000;
    public static final int DEFAULT_SIZE_BYTES = 16;
    /** The most keys a run draws from: every worker holds them all (about 40 bytes each with a 16-byte key). */
    public static final int MAX_COUNT = 1_000_000;

    public KeySpec {
        count = count == null ? DEFAULT_COUNT : count;
        sizeBytes = sizeBytes == null ? DEFAULT_SIZE_BYTES : sizeBytes;
    }

    /** The shape's own parameters the file gives, by field name (those beyond count and sizeBytes). */
    public Map<String, Object> givenParameters() {
        Map<String, Object> given = new LinkedHashMap<>();
        put(given, "exponent", exponent);
        put(given, "hotKeysPercent", hotKeysPercent);
        put(given, "hotMessagesPercent", hotMessagesPercent);
        return given;
    }

    private static void put(Map<String, Object> m, String name, Object value) {
        if (value != null) {
            m.put(name, value);
        }
    }
}
