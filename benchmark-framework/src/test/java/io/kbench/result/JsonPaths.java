package io.kbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The fields of a JSON document as paths with their JSON types, for comparing result files by shape:
 * {@code measurement.publishLatency.p99Micros: integer}, {@code periods[].phase: string}. Array
 * elements share one path ({@code []}); the keys of maps whose keys are data (client metrics, versions,
 * quantiles) are {@code <key>}; the driver file's fields are not looked into. A field that is null somewhere
 * has type null there.
 */
public final class JsonPaths {

    /** Paths whose children are keyed by data, not by name. */
    static final Set<String> MAPS = Set.of("clientMetrics", "versions", "units",
            "aggregatedPublishLatencyQuantiles", "aggregatedPublishDelayLatencyQuantiles", "aggregatedEndToEndLatencyQuantiles",
            "workloadConfig.partitionWeights");

    /** Paths whose content is the user's, not the result's: the driver file's fields, as written. */
    static final Set<String> OPAQUE = Set.of("driverInfo.config");

    private JsonPaths() {}

    /** Every path of the document with the types found there (several when they differ between array elements). */
    public static Map<String, Set<String>> of(JsonNode root) {
        Map<String, Set<String>> out = new TreeMap<>();
        walk("", root, out);
        return out;
    }

    /**
     * What {@code expected} has that {@code actual} lacks: a path missing, or present with another type. A null on either
     * side matches any type (a field may be null in one run and set in another); objects and arrays must stay what they were.
     * The elements of a list that is empty in {@code actual} (no warnings in this run) are not missing.
     */
    public static List<String> missing(Map<String, Set<String>> expected, Map<String, Set<String>> actual) {
        List<String> problems = new ArrayList<>();
        expected.forEach((path, types) -> {
            Set<String> found = actual.get(path);
            if (found == null) {
                if (!inEmptyList(path, actual)) {
                    problems.add(path + " (" + String.join("|", types) + ") is missing");
                }
                return;
            }
            for (String type : types) {
                if (!type.equals("null") && !found.contains(type) && !(found.equals(Set.of("null")) && !isContainer(type))) {
                    problems.add(path + " was " + type + ", is " + String.join("|", found));
                }
            }
        });
        return problems;
    }

    private static boolean inEmptyList(String path, Map<String, Set<String>> actual) {
        for (int i = path.indexOf("[]"); i >= 0; i = path.indexOf("[]", i + 2)) {
            String list = path.substring(0, i);
            if (actual.containsKey(list) && !actual.containsKey(list + "[]")) {
                return true;
            }
        }
        return false;
    }

    private static boolean isContainer(String type) {
        return type.equals("object") || type.equals("array");
    }

    private static void walk(String path, JsonNode node, Map<String, Set<String>> out) {
        if (!path.isEmpty()) {
            out.computeIfAbsent(path, p -> new TreeSet<>()).add(type(node));
        }
        String prefix = path.isEmpty() ? "" : path + ".";
        if (OPAQUE.contains(path)) {
            return;
        }
        if (node.isObject()) {
            boolean map = MAPS.contains(path.replace("[]", ""));
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                walk(prefix + (map ? "<key>" : e.getKey()), e.getValue(), out);
            }
        } else if (node.isArray()) {
            node.forEach(element -> walk(path + "[]", element, out));
        }
    }

    private static String type(JsonNode node) {
        return switch (node.getNodeType()) {
            case OBJECT -> "object";
            case ARRAY -> "array";
            case STRING -> "string";
            case BOOLEAN -> "boolean";
            case NUMBER -> node.isIntegralNumber() ? "integer" : "number";
            default -> "null";
        };
    }

    /**
     * Where {@code actual} does not hold {@code expected}'s values: every field of {@code expected} must be in
     * {@code actual} with an equal value (lists element by element); {@code actual} may have more fields.
     */
    public static List<String> differences(JsonNode expected, JsonNode actual) {
        List<String> out = new ArrayList<>();
        compare("", expected, actual, out);
        return out;
    }

    private static void compare(String path, JsonNode expected, JsonNode actual, List<String> out) {
        if (actual == null || expected.getNodeType() != actual.getNodeType()) {
            out.add(path + ": " + expected + " became " + actual);
        } else if (expected.isObject()) {
            expected.fields().forEachRemaining(e -> compare(path + "." + e.getKey(), e.getValue(), actual.get(e.getKey()), out));
        } else if (expected.isArray() && expected.size() == actual.size()) {
            for (int i = 0; i < expected.size(); i++) {
                compare(path + "[" + i + "]", expected.get(i), actual.get(i), out);
            }
        } else if (!expected.equals(actual)) {
            out.add(path + ": " + expected + " became " + actual);
        }
    }
}
