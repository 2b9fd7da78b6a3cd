package io.kbench.workload.traffic;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The workload's {@code messageSizes} section: each message's payload size drawn from a distribution with bounds.
 * (OpenMessaging Benchmark's weighted buckets are the workload's {@code messageSizeDistribution}: {@link SizeBuckets}.)
 *
 * @param distribution the name of a {@link SizeShape} ({@link SizeShapes}): {@code uniform}, {@code normal} or
 *     {@code log-normal}
 * @param min the smallest size, bytes, 0 or more
 * @param max the largest size, bytes, at least min
 * @param mean {@code normal}, {@code log-normal}: the mean size before the bounds cut it, bytes, from min to max
 * @param stddev {@code normal}, {@code log-normal}: the standard deviation of the sizes before the bounds cut them,
 *     bytes, above 0
 */
public record SizeSpec(String distribution, Integer min, Integer max, Double mean, Double stddev) {

    /** The shape's own parameters the file gives, by field name (those beyond min and max). */
    public Map<String, Object> givenParameters() {
        Map<String, Object> given = new LinkedHashMap<>();
        if (mean != null) {
            given.put("mean", mean);
        }
        if (stddev != null) {
            given.put("stddev", stddev);
        }
        return given;
    }
}
