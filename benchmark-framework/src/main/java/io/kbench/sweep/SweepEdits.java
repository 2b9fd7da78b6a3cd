package io.kbench.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
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
            tree.set(s.parameter().key(), s.value());
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
     * The driver text with the driver settings applied; unchanged when there are none.
     *
     * @throws EditException e.g. for broker settings on a driver file without a local cluster
     */
    public static String driver(String text, List<Setting> settings) {
        List<Setting> mine = settings.stream().filter(s -> s.parameter().kind().editsDriver()).toList();
        if (mine.isEmpty()) {
            return text;
        }
        ObjectNode tree = read(text);
        for (Setting s : mine) {
            Parameter p = s.parameter();
            switch (p.kind()) {
                case PRODUCER, CONSUMER, COMMON, TOPIC -> {
                    String field = p.kind().propertiesField;
                    JsonNode current = tree.get(field);
                    if (current != null && !current.isNull() && !current.isTextual()) {
                        throw new EditException(field + " is not key=value text, so " + p.name() + " cannot be set in it");
                    }
                    String properties = current == null || current.isNull() ? "" : current.asText();
                    tree.put(field, setProperty(properties, p.key(), s.valueText()));
                }
                case BROKER -> {
                    JsonNode local = tree.get("localCluster");
                    if (local == null || local.isNull()) {
                        throw new EditException(p.name() + " is a broker setting, but this driver file has no localCluster: "
                                + "kbench only configures brokers it starts itself. On other clusters vary a topic-level "
                                + "setting instead, e.g. topic.flush.messages or topic.flush.ms");
                    }
                    if (!local.isObject()) {
                        throw new EditException("localCluster is not a mapping, so " + p.name() + " cannot be set in it");
                    }
                    JsonNode brokerConfig = local.get("brokerConfig");
                    ObjectNode target;
                    if (brokerConfig == null || brokerConfig.isNull()) {
                        target = ((ObjectNode) local).putObject("brokerConfig");
                    } else if (brokerConfig.isObject()) {
                        target = (ObjectNode) brokerConfig;
                    } else {
                        throw new EditException("localCluster.brokerConfig is not a mapping, so " + p.name() + " cannot be set in it");
                    }
                    target.put(p.key(), s.valueText());
                }
                case DRIVER -> {
                    JsonNode current = tree.get(p.key());
                    String instead = switch (p.key()) {
                        case "producerConfig" -> "producer.<key>";
                        case "consumerConfig" -> "consumer.<key>";
                        case "commonConfig" -> "common.<key>";
                        case "topicConfig" -> "topic.<key>";
                        case "localCluster" -> "broker.<key> (for localCluster.brokerConfig)";
                        default -> null;
                    };
                    if (instead != null) {
                        throw new EditException(p.name() + " would replace the whole " + p.key() + ": set one setting with " + instead);
                    }
                    if (current != null && current.isContainerNode()) {
                        throw new EditException(p.name() + ": " + p.key() + " is not a single value, so it cannot be varied");
                    }
                    tree.set(p.key(), s.value());
                }
                default -> throw new IllegalStateException("not a driver setting: " + p.name());
            }
        }
        return write(tree);
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
