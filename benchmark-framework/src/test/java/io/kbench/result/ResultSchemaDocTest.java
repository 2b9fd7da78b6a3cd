package io.kbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.kbench.features.SectionType;
import io.kbench.stats.ErrorCount;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import io.kbench.workload.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/result-schema.md names every field of the result, as the result's classes write it, with its JSON type: a field
 * added to a class and not to the document, or a field the document names and no class writes, fails here (with the
 * rows to add or remove). Types documented once (a latency summary, an error count) have a table of their own.
 */
class ResultSchemaDocTest {

    static final Path DOC = Path.of("..", "docs", "result-schema.md");

    /** Types with a table of their own in the document; where they are used, the field's type is their name. */
    static final List<Class<?>> SHARED = List.of(LatencySummary.class, ErrorCount.class);

    /** Types the document describes in words (the workload file's fields, documented in the workload reference). */
    static final List<Class<?>> OPAQUE = List.of(Workload.class);

    @Test
    void theSchemaDocumentNamesEveryFieldTheResultWrites() throws Exception {
        Map<String, Map<String, String>> documented = documentedTables(Files.readString(DOC));
        List<String> problems = new ArrayList<>();
        compare("the result", fieldsOf(RunResult.class), documented.getOrDefault("", Map.of()), problems);
        for (Class<?> type : SHARED) {
            compare("type " + type.getSimpleName(), fieldsOf(type), documented.getOrDefault(type.getSimpleName(), Map.of()), problems);
        }
        if (!problems.isEmpty()) {
            fail(DOC + " and the result's classes disagree:\n" + String.join("\n", problems));
        }
    }

    @Test
    void theDocumentStatesTheSchemaVersionWrittenNow() throws Exception {
        String doc = Files.readString(DOC);
        assertTrue(doc.contains("schemaVersion` is " + RunResult.SCHEMA_VERSION), "docs/result-schema.md states the current version");
        assertEquals(RunResult.SCHEMA_VERSION, ResultJson.tree(ResultWriterTest.result("w", "d", 0)).get("schemaVersion").asInt());
    }

    private static void compare(String what, Map<String, String> written, Map<String, String> documented, List<String> problems) {
        written.forEach((field, type) -> {
            if (!documented.containsKey(field)) {
                problems.add("  " + what + ": undocumented field, add: | `" + field + "` | " + type + " | | |");
            } else if (!documented.get(field).equals(type)) {
                problems.add("  " + what + ": `" + field + "` is documented as " + documented.get(field) + ", written as " + type);
            }
        });
        documented.keySet().stream().filter(f -> !written.containsKey(f))
                .forEach(f -> problems.add("  " + what + ": `" + f + "` is documented but not written: remove it"));
    }

    /** Field path → JSON type, as Jackson writes {@code type} with the result's mapping. */
    static Map<String, String> fieldsOf(Class<?> type) {
        Map<String, String> out = new LinkedHashMap<>();
        walk(ResultJson.MAPPER.constructType(type), "", Set.of(), out);
        return out;
    }

    private static void walk(JavaType type, String prefix, Set<String> ignored, Map<String, String> out) {
        if (type.getRawClass() == LatencyHistograms.class) { // written by the result's histogram serializer
            for (String h : List.of("publishLatencyMicros", "sendLatencyMicros", "scheduleDelayMicros", "endToEndLatencyMicros",
                    "commitLatencyMicros")) {
                out.put(prefix + h, "string");
            }
            return;
        }
        JavaType value = jsonValueType(type);
        if (value != null) { // a section written as a list or a map
            describe(value, prefix.substring(0, prefix.length() - 1), out);
            return;
        }
        BeanDescription bean = ResultJson.MAPPER.getSerializationConfig().introspect(type);
        for (BeanPropertyDefinition p : bean.findProperties()) {
            AnnotatedMember m = p.getAccessor();
            if (m == null || ignored.contains(p.getName())) {
                continue;
            }
            JsonUnwrapped unwrapped = m.getAnnotation(JsonUnwrapped.class);
            if (unwrapped != null && unwrapped.enabled()) {
                JsonIgnoreProperties skip = m.getAnnotation(JsonIgnoreProperties.class);
                walk(m.getType(), prefix + unwrapped.prefix(), skip == null ? Set.of() : Set.of(skip.value()), out);
            } else {
                describe(m.getType(), prefix + p.getName(), out);
            }
        }
        if (type.getRawClass() == ResultSections.class) {
            for (SectionType s : ResultSections.TYPES) {
                describe(ResultJson.MAPPER.constructType(s.type()), prefix + s.key(), out);
            }
        }
    }

    /** One field: its type, and its own fields if it is an object described here. */
    private static void describe(JavaType type, String path, Map<String, String> out) {
        out.put(path, typeName(type));
        JavaType element = type;
        String elementPath = path;
        while (element.isCollectionLikeType() || element.isArrayType()) {
            element = element.getContentType();
            elementPath += "[]";
        }
        if (element.isMapLikeType()) {
            return; // keys are data: the type says what the values are
        }
        if (isObject(element)) {
            walk(element, elementPath + ".", Set.of(), out);
        }
    }

    private static boolean isObject(JavaType t) {
        Class<?> c = t.getRawClass();
        return c.getName().startsWith("io.kbench.") && !c.isEnum() && !SHARED.contains(c) && !OPAQUE.contains(c)
                && !(c == ResultSections.class);
    }

    static String typeName(JavaType t) {
        Class<?> c = t.getRawClass();
        if (t.isCollectionLikeType() || t.isArrayType()) {
            return "[" + typeName(t.getContentType()) + "]";
        }
        if (t.isMapLikeType()) {
            return "{" + typeName(t.getContentType()) + "}";
        }
        if (SHARED.contains(c) || OPAQUE.contains(c)) {
            return c.getSimpleName();
        }
        if (c == String.class || c.isEnum() || c == Instant.class || c == Duration.class) {
            return "string";
        }
        if (c == int.class || c == long.class || c == Integer.class || c == Long.class) {
            return "integer";
        }
        if (c == double.class || c == Double.class || c == float.class) {
            return "number";
        }
        if (c == boolean.class || c == Boolean.class) {
            return "boolean";
        }
        if (c == Object.class) {
            return "any";
        }
        JavaType value = jsonValueType(t);
        return value != null ? typeName(value) : "object";
    }

    /** The type a class is written as when it has a {@code @JsonValue} (a section written as a list or a map), else null. */
    private static JavaType jsonValueType(JavaType t) {
        AnnotatedMember value = ResultJson.MAPPER.getSerializationConfig().introspect(t).findJsonValueAccessor();
        return value == null ? null : value.getType();
    }

    private static final Pattern TYPE_HEADING = Pattern.compile("^#+ Type `(\\w+)`");
    private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\| ([^|]+?) \\|(.*)\\|\\s*$");
    private static final Pattern BRACES = Pattern.compile("\\{([^}<]*,[^}]*)\\}");

    /** Rows of the document's tables: "" for the result's own fields, a type's name under "Type `X`" headings. */
    static Map<String, Map<String, String>> documentedTables(String doc) {
        Map<String, Map<String, String>> tables = new LinkedHashMap<>();
        String table = "";
        for (String line : doc.split("\n")) {
            Matcher heading = TYPE_HEADING.matcher(line);
            if (heading.find()) {
                table = heading.group(1);
            } else if (line.startsWith("#")) {
                table = "";
            }
            Matcher row = ROW.matcher(line);
            if (row.find()) {
                String[] unitAndMeaning = row.group(3).split("\\|");
                // A row without its unit and meaning documents nothing: the field counts as missing.
                String type = unitAndMeaning.length == 2 && !unitAndMeaning[1].isBlank() ? row.group(2).trim() : "(no unit or meaning)";
                for (String field : expand(row.group(1))) {
                    tables.computeIfAbsent(table, t -> new LinkedHashMap<>()).put(field, type);
                }
            }
        }
        return tables;
    }

    /** {@code publishLatency{Avg,50pct}} → publishLatencyAvg, publishLatency50pct. */
    static List<String> expand(String field) {
        Matcher m = BRACES.matcher(field);
        if (!m.find()) {
            return List.of(field);
        }
        List<String> out = new ArrayList<>();
        for (String part : m.group(1).split(",")) {
            out.addAll(expand(field.substring(0, m.start()) + part + field.substring(m.end())));
        }
        return out;
    }
}
