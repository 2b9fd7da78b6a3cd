package io.kbench.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.kbench.driver.BenchmarkDriver;
import io.kbench.driver.SweepTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Applies a combination's settings to the text of a workload or driver file. The file is read as a
 * plain YAML tree (placeholders such as {@code ${env:NAME}} stay as written, to be resolved where
 * the file is used), edited, and written back; the caller then loads the result through the usual
 * loaders, so an edited file is checked exactly like one written by hand.
 */
public final class SweepEdits {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE))
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            // Exact decimals: a field the edit does not touch is written back as it was (0.50, not 0.5).
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    private SweepEdits() {}

    /** Thrown when a file cannot take a setting; the message is for the user, without the file's name. */
    public static final class EditException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        EditException(String message) {
            super(message, null, false, false);
        }
    }

    /** The workload text with the workload settings applied; unchanged when there are none. */
    public static String workload(String text, List<Setting> settings) {
        List<Setting> mine = settings.stream().filter(s -> s.parameter().kind() == Parameter.Kind.WORKLOAD).toList();
        if (mine.isEmpty()) {
            return text;
        }
        ObjectNode tree = read(text);
        for (Setting s : mine) {
            // A length set by the sweep replaces the file's other way of giving it (as --duration does).
            for (String other : LENGTH_ALTERNATIVES.getOrDefault(s.parameter().key(), List.of())) {
                tree.remove(other);
            }
        }
        for (Setting s : mine) {
            // A section's field (subscription.type) goes into the section, made when the file has none.
            String[] path = s.parameter().key().split("\\.");
            ObjectNode parent = tree;
            for (int i = 0; i < path.length - 1; i++) {
                parent = parent.get(path[i]) instanceof ObjectNode o ? o : parent.putObject(path[i]);
            }
            parent.set(path[path.length - 1], s.value());
        }
        return write(tree);
    }

    /** Workload fields that give the same thing another way: setting one removes the others from the base file. */
    static final Map<String, List<String>> LENGTH_ALTERNATIVES = Map.of(
            "testDuration", List.of("testDurationMinutes", "messageCount"),
            "testDurationMinutes", List.of("testDuration", "messageCount"),
            "messageCount", List.of("testDuration", "testDurationMinutes"),
            "warmupDuration", List.of("warmupDurationMinutes"),
            "warmupDurationMinutes", List.of("warmupDuration"));

    /**
     * The driver text with the driver settings applied; unchanged when there are none. A
     * {@code <prefix>.<key>} setting goes where the driver's target for the prefix says, by its
     * shape; {@code driver.<field>} sets a top-level field. The parameters were checked against
     * the driver beforehand ({@link ParameterForms}).
     *
     * @param targets what the driver declares ({@link BenchmarkDriver#sweepTargets()})
     * @throws EditException e.g. for a setting whose field's parent this driver file lacks
     */
    public static String driver(String text, List<Setting> settings, List<SweepTarget> targets) {
        List<Setting> mine = settings.stream().filter(s -> s.parameter().kind().editsDriver()).toList();
        if (mine.isEmpty()) {
            return text;
        }
        ObjectNode tree = read(text);
        for (Setting s : mine) {
            Parameter p = s.parameter();
            if (p.kind() == Parameter.Kind.DRIVER_FIELD) {
                JsonNode current = tree.get(p.key());
                if (current != null && current.isContainerNode()) {
                    throw new EditException(p.name() + ": " + p.key() + " is not a single value, so it cannot be varied");
                }
                tree.set(p.key(), s.value());
            } else {
                SweepTarget target = targets.stream().filter(t -> t.prefix().equals(p.prefix())).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException(p.name() + ": the driver declares no sweep prefix '"
                                + p.prefix() + "' (check the parameters with ParameterForms first)"));
                set(parentOf(tree, target, p), target, p, s.valueText());
            }
        }
        return write(tree);
    }

    /** The mapping holding the target's field: the file's own, as sweeps do not invent a driver's sections. */
    private static ObjectNode parentOf(ObjectNode tree, SweepTarget target, Parameter p) {
        ObjectNode parent = tree;
        List<String> path = target.path();
        for (int i = 0; i < path.size() - 1; i++) {
            String field = String.join(".", path.subList(0, i + 1));
            JsonNode next = parent.get(path.get(i));
            if (next == null || next.isNull()) {
                throw new EditException(p.name() + " is a " + target.prefix() + " setting, but this driver file has no " + field
                        + ": " + (target.whenParentAbsent() == null ? "add " + field + " to it to vary " + target.field()
                                : target.whenParentAbsent()));
            }
            if (!next.isObject()) {
                throw new EditException(field + " is not a mapping, so " + p.name() + " cannot be set in it");
            }
            parent = (ObjectNode) next;
        }
        return parent;
    }

    private static void set(ObjectNode parent, SweepTarget target, Parameter p, String value) {
        String name = target.path().get(target.path().size() - 1);
        JsonNode current = parent.get(name);
        boolean absent = current == null || current.isNull();
        switch (target.shape()) {
            case PROPERTIES_TEXT -> {
                if (!absent && !current.isTextual()) {
                    throw new EditException(target.field() + " is not key=value text, so " + p.name() + " cannot be set in it");
                }
                parent.put(name, setProperty(absent ? "" : current.asText(), p.key(), value));
            }
            case MAPPING -> {
                if (!absent && !current.isObject()) {
                    throw new EditException(target.field() + " is not a mapping, so " + p.name() + " cannot be set in it");
                }
                (absent ? parent.putObject(name) : (ObjectNode) current).put(p.key(), value);
            }
        }
    }

    private static ObjectNode read(String text) {
        try {
            JsonNode node = YAML.readTree(text);
            if (node instanceof ObjectNode o) {
                return o;
            }
            throw new EditException("expected a mapping of fields (key: value lines) at the top level");
        } catch (JsonProcessingException e) {
            throw new EditException("is not valid YAML: " + e.getOriginalMessage());
        }
    }

    private static String write(ObjectNode tree) {
        try {
            return YAML.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write the edited file", e);
        }
    }

    /**
     * Java-properties text with {@code key} set to {@code value}: the first line setting it is replaced
     * in place, later ones dropped; without one the setting is appended. Comments and other lines stay.
     */
    static String setProperty(String text, String key, String value) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        boolean done = false;
        for (int i = 0; i < lines.length; i++) {
            // A logical line continues while a physical one ends in an odd number of backslashes.
            StringBuilder logical = new StringBuilder(lines[i]);
            List<String> physical = new ArrayList<>(List.of(lines[i]));
            while (continues(physical.get(physical.size() - 1)) && i + 1 < lines.length) {
                i++;
                physical.add(lines[i]);
                logical.append('\n').append(lines[i]);
            }
            if (key.equals(keyOf(logical.toString()))) {
                if (!done) {
                    out.add(escapeKey(key) + "=" + escapeValue(value));
                    done = true;
                }
            } else {
                out.addAll(physical);
            }
        }
        // Drop the empty string after a final newline; it comes back when joining.
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        if (!done) {
            out.add(escapeKey(key) + "=" + escapeValue(value));
        }
        return String.join("\n", out) + "\n";
    }

    private static boolean continues(String line) {
        int n = 0;
        for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
            n++;
        }
        return n % 2 == 1;
    }

    /** The key of a properties line as java.util.Properties reads it, or null for blank and comment lines. */
    static String keyOf(String line) {
        int i = 0;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        if (i >= line.length() || line.charAt(i) == '#' || line.charAt(i) == '!') {
            return null;
        }
        StringBuilder key = new StringBuilder();
        for (; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                key.append(line.charAt(++i));
                continue;
            }
            if (c == '=' || c == ':' || Character.isWhitespace(c)) {
                break;
            }
            key.append(c);
        }
        return key.toString();
    }

    private static String escapeKey(String key) {
        return key.replace("\\", "\\\\").replace("=", "\\=").replace(":", "\\:").replace(" ", "\\ ");
    }

    private static String escapeValue(String value) {
        String v = value.replace("\\", "\\\\").replace("\n", "\\n");
        return v.startsWith(" ") ? "\\" + v : v;
    }
}
