package io.kbench.sweep;

import io.kbench.workload.ShareGroupSpec;
import io.kbench.workload.SubscriptionSpec;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.workload.Workload;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One varied parameter of a sweep: what it sets and the values it takes. Read from the sweep file
 * by its form alone; whether the driver knows its prefix is checked once the drivers are known
 * ({@link ParameterForms}).
 *
 * @param name the name as written, e.g. {@code messageSize} or {@code producer.batch.size}
 * @param kind which form the name has
 * @param key the workload field, the driver field, or the setting inside the driver's field
 * @param values the values in file order (scalars)
 * @param line the parameter's line in the sweep file, or null when unknown
 */
public record Parameter(String name, Kind kind, String key, List<JsonNode> values, Integer line) {

    /** The forms of a parameter name. */
    public enum Kind {
        /** a field of the workload file: a name without a dot, or a field of its subscription section ({@code subscription.type}) */
        WORKLOAD,
        /** {@code driver.<field>}: a top-level scalar field of the driver file */
        DRIVER_FIELD,
        /** {@code <prefix>.<key>}: one setting in a field the driver declares for the prefix */
        DRIVER_SETTING;

        boolean editsDriver() {
            return this != WORKLOAD;
        }
    }

    /** The prefix of the framework's own form, {@code driver.<field>}. */
    static final String DRIVER_PREFIX = "driver";

    /** Workload fields a sweep can vary (every field but the name). */
    public static final List<String> WORKLOAD_FIELDS = Arrays.stream(Workload.class.getRecordComponents())
            .map(RecordComponent::getName).filter(n -> !n.equals("name")).toList();

    /** The workload's sections whose fields a sweep may vary one at a time, e.g. {@code subscription.type}. */
    static final Map<String, List<String>> WORKLOAD_SECTIONS = Map.of(
            "subscription", fields(SubscriptionSpec.class),
            "subscription.shareGroup", fields(ShareGroupSpec.class));

    private static List<String> fields(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    }

    public Parameter {
        values = List.copyOf(values);
    }

    /** True for a workload field a sweep may vary: a top-level field, or a field of one of {@link #WORKLOAD_SECTIONS}. */
    public static boolean isWorkloadField(String key) {
        int dot = key.lastIndexOf('.');
        if (dot < 0) {
            return WORKLOAD_FIELDS.contains(key);
        }
        return WORKLOAD_SECTIONS.getOrDefault(key.substring(0, dot), List.of()).contains(key.substring(dot + 1));
    }

    /** Like {@link #of(String, List, Integer)} without a line. */
    public static Parameter of(String name, List<JsonNode> values) {
        return of(name, values, null);
    }

    /**
     * Reads a parameter name by its form and checks its values.
     *
     * @throws IllegalArgumentException with a message for the user (without the file and line)
     */
    public static Parameter of(String name, List<JsonNode> values, Integer line) {
        Parameter p = parseName(name, values == null ? List.of() : values, line);
        p.checkValues();
        return p;
    }

    private static Parameter parseName(String name, List<JsonNode> values, Integer line) {
        int dot = name.indexOf('.');
        if (dot < 0) {
            if (name.equals("name")) {
                throw new IllegalArgumentException("the workload's name cannot be varied: every run keeps the base workload's name");
            }
            return new Parameter(name, Kind.WORKLOAD, name, values, line);
        }
        String prefix = name.substring(0, dot);
        String key = name.substring(dot + 1);
        if (WORKLOAD_SECTIONS.containsKey(prefix) || WORKLOAD_SECTIONS.containsKey(name.substring(0, name.lastIndexOf('.')))) {
            return new Parameter(name, Kind.WORKLOAD, name, values, line);
        }
        boolean driverField = prefix.equals(DRIVER_PREFIX);
        if (key.isBlank()) {
            throw new IllegalArgumentException("parameter '" + name + "' names no setting: write " + prefix
                    + (driverField ? ".<field>" : ".<key>"));
        }
        return new Parameter(name, driverField ? Kind.DRIVER_FIELD : Kind.DRIVER_SETTING, key, values, line);
    }

    /** The prefix of a {@link Kind#DRIVER_SETTING}, e.g. {@code producer}; null for the other forms. */
    public String prefix() {
        return kind == Kind.DRIVER_SETTING ? name.substring(0, name.indexOf('.')) : null;
    }

    private void checkValues() {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("parameter '" + name + "' has no values: give a list, e.g. " + name + ": [1, 10]");
        }
        Set<String> seen = new HashSet<>();
        for (JsonNode v : values) {
            if (v == null || v.isNull() || v.isMissingNode()) {
                throw new IllegalArgumentException("parameter '" + name + "' has an empty value: each value must be a number, "
                        + "text or true/false");
            }
            if (v.isContainerNode()) {
                throw new IllegalArgumentException("parameter '" + name + "' has a " + (v.isArray() ? "list" : "mapping")
                        + " as a value: each value must be a number, text or true/false");
            }
            if (!seen.add(text(v))) {
                throw new IllegalArgumentException("parameter '" + name + "' lists " + text(v) + " twice");
            }
        }
    }

    /** A value as it is written into properties text, tables and labels. */
    public static String text(JsonNode value) {
        if (value.isFloatingPointNumber()) {
            return value.decimalValue().stripTrailingZeros().toPlainString();
        }
        return value.asText();
    }
}
