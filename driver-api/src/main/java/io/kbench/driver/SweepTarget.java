package io.kbench.driver;

import java.util.List;

/**
 * One group of settings in a driver file that a sweep may vary one key at a time: the sweep
 * parameter {@code <prefix>.<key>} sets {@code key} inside the field at {@code path}. A driver
 * declares these in {@link BenchmarkDriver#sweepTargets()}, so the framework can edit its files
 * without knowing their fields.
 *
 * @param prefix the parameter prefix, e.g. {@code producer}: no dot, and not {@code driver} (the
 *     framework's own form, {@code driver.<field>}, sets a top-level field)
 * @param path the field in the driver file, from the top, e.g. {@code [producerConfig]} or
 *     {@code [localCluster, brokerConfig]}. The last field is created when absent; the ones before it
 *     must be in the file (a sweep does not invent them) and be mappings
 * @param shape how the field holds its settings
 * @param description what the settings are, for help and errors, e.g. "Kafka producer settings in producerConfig"
 * @param exampleKey a key to show in examples, e.g. {@code batch.size}
 * @param whenParentAbsent what to tell a user whose driver file lacks a field before the last one of
 *     the path (one or two sentences, e.g. what to vary instead), or null to just say it is missing
 */
public record SweepTarget(String prefix, List<String> path, Shape shape, String description, String exampleKey,
                          String whenParentAbsent) {

    /** How a field holds its settings. */
    public enum Shape {
        /** a text field of {@code key=value} lines in Java properties format */
        PROPERTIES_TEXT,
        /** a YAML mapping of {@code key: value} */
        MAPPING
    }

    public SweepTarget {
        if (prefix == null || prefix.isBlank() || prefix.contains(".") || prefix.equals("driver")) {
            throw new IllegalArgumentException("a sweep prefix is a non-blank word without a dot, other than 'driver'"
                    + " (the framework's driver.<field>), got " + (prefix == null ? "null" : "'" + prefix + "'"));
        }
        if (path == null || path.isEmpty() || path.stream().anyMatch(f -> f == null || f.isBlank())) {
            throw new IllegalArgumentException("sweep prefix '" + prefix + "' needs the path of a field in the driver file, got " + path);
        }
        if (shape == null) {
            throw new IllegalArgumentException("sweep prefix '" + prefix + "' needs a shape");
        }
        if (description == null || description.isBlank() || exampleKey == null || exampleKey.isBlank()) {
            throw new IllegalArgumentException("sweep prefix '" + prefix + "' needs a description and an example key");
        }
        path = List.copyOf(path);
    }

    /** Settings in a top-level text field of {@code key=value} lines. */
    public static SweepTarget propertiesText(String prefix, String field, String description, String exampleKey) {
        return new SweepTarget(prefix, List.of(field), Shape.PROPERTIES_TEXT, description, exampleKey, null);
    }

    /** Settings in a YAML mapping at {@code path}. */
    public static SweepTarget mapping(String prefix, List<String> path, String description, String exampleKey,
                                      String whenParentAbsent) {
        return new SweepTarget(prefix, path, Shape.MAPPING, description, exampleKey, whenParentAbsent);
    }

    /** The path as written in messages, e.g. {@code localCluster.brokerConfig}. */
    public String field() {
        return String.join(".", path);
    }
}
