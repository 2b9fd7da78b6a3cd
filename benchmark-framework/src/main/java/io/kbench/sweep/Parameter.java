package io.kbench.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.driver.NearestName;
import io.kbench.workload.Workload;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * One varied parameter of a sweep: what it sets and the values it takes.
 *
 * @param name the name as written, e.g. {@code messageSize} or {@code producer.batch.size}
 * @param kind what the name addresses
 * @param key the workload field, the setting inside the properties text or brokerConfig, or the driver field
 * @param values the values in file order (scalars)
 */
public record Parameter(String name, Kind kind, String key, List<JsonNode> values) {

    /** What a parameter sets. */
    public enum Kind {
        /** a field of the workload file */
        WORKLOAD(null, null),
        /** a setting in the driver file's producerConfig */
        PRODUCER("producer", "producerConfig"),
        /** a setting in the driver file's consumerConfig */
        CONSUMER("consumer", "consumerConfig"),
        /** a setting in the driver file's commonConfig */
        COMMON("common", "commonConfig"),
        /** a setting in the driver file's topicConfig */
        TOPIC("topic", "topicConfig"),
        /** localCluster.brokerConfig.&lt;key&gt; of the driver file */
        BROKER("broker", null),
        /** a top-level scalar field of the driver file */
        DRIVER("driver", null);

        final String prefix;
        /** the driver file's properties-text field, for the kinds that edit one */
        final String propertiesField;

        Kind(String prefix, String propertiesField) {
            this.prefix = prefix;
            this.propertiesField = propertiesField;
        }

        boolean editsDriver() {
            return this != WORKLOAD;
        }
    }

    /** Workload fields a sweep can vary (every field but the name). */
    public static final List<String> WORKLOAD_FIELDS = Arrays.stream(Workload.class.getRecordComponents())
            .map(RecordComponent::getName).filter(n -> !n.equals("name")).toList();

    static final String FORMS = "a workload field (messageSize, partitionsPerTopic, producerRate, ...), "
            + "producer.<key>, consumer.<key>, common.<key>, topic.<key> (Kafka settings in the driver file's "
            + "producerConfig, consumerConfig, commonConfig, topicConfig), broker.<key> (localCluster.brokerConfig) "
            + "or driver.<field> (e.g. driver.replicationFactor)";

    public Parameter {
        values = List.copyOf(values);
    }

    /**
     * Reads a parameter name and checks its values.
     *
     * @throws IllegalArgumentException with a message for the user (without the file and line)
     */
    public static Parameter of(String name, List<JsonNode> values) {
        Parameter p = parseName(name, values == null ? List.of() : values);
        p.checkValues();
        return p;
    }

    private static Parameter parseName(String name, List<JsonNode> values) {
        int dot = name.indexOf('.');
        if (dot < 0) {
            if (WORKLOAD_FIELDS.contains(name)) {
                return new Parameter(name, Kind.WORKLOAD, name, values);
            }
            if (name.equals("name")) {
                throw new IllegalArgumentException("the workload's name cannot be varied: every run keeps the base workload's name");
            }
            throw unknown(name, "");
        }
        String prefix = name.substring(0, dot);
        String key = name.substring(dot + 1);
        for (Kind kind : Kind.values()) {
            if (prefix.equals(kind.prefix)) {
                if (key.isBlank()) {
                    throw new IllegalArgumentException("parameter '" + name + "' names no setting: write " + prefix + ".<key>, e.g. "
                            + example(kind));
                }
                if (kind == Kind.DRIVER && key.contains(".")) {
                    throw new IllegalArgumentException("parameter '" + name + "': driver.<field> sets a top-level field of the "
                            + "driver file, such as driver.replicationFactor; for Kafka settings use producer.<key>, "
                            + "consumer.<key>, common.<key>, topic.<key> or broker.<key>");
                }
                return new Parameter(name, kind, key, values);
            }
        }
        throw unknown(name, key);
    }

    private static IllegalArgumentException unknown(String name, String key) {
        List<String> candidates = new ArrayList<>(WORKLOAD_FIELDS);
        if (!key.isEmpty()) {
            for (Kind kind : Kind.values()) {
                if (kind.prefix != null) {
                    candidates.add(kind.prefix + "." + key);
                }
            }
        }
        Optional<String> nearest = NearestName.find(name, candidates);
        StringBuilder b = new StringBuilder("unknown parameter '").append(name).append("'");
        nearest.ifPresent(n -> b.append("; did you mean '").append(n).append("'?"));
        boolean prefixHint = nearest.isEmpty() || (key.isEmpty() && name.equals(name.toLowerCase(Locale.ROOT)));
        if (prefixHint) {
            b.append(nearest.isPresent() ? " (" : "; ").append("Kafka settings take a prefix, e.g. producer.").append(name)
                    .append(nearest.isPresent() ? ")" : "");
        }
        if (nearest.isEmpty() || prefixHint) {
            b.append('.');
        }
        return new IllegalArgumentException(b.append(" Parameters are ").append(FORMS).toString());
    }

    private static String example(Kind kind) {
        return switch (kind) {
            case PRODUCER -> "producer.batch.size";
            case CONSUMER -> "consumer.fetch.min.bytes";
            case COMMON -> "common.client.dns.lookup";
            case TOPIC -> "topic.flush.messages";
            case BROKER -> "broker.log.flush.interval.messages";
            default -> "driver.replicationFactor";
        };
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
