package io.kbench.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Strict binding of YAML documents to immutable records, with errors a user can act on.
 *
 * <ul>
 *   <li>Placeholders in string values are expanded while reading (see {@link PlaceholderResolver}).</li>
 *   <li>Unknown fields, duplicate keys, floats for whole numbers, out-of-range numbers, numbers for enums,
 *       null for primitives, YAML aliases and several documents in one file are errors.</li>
 *   <li>Strings are accepted for numbers and booleans ({@code "10"}, as placeholders produce); scalars are
 *       accepted for text ({@code log.flush.interval.ms: 1000} in a {@code Map<String,String>} gives
 *       {@code "1000"}); enums match case-insensitively; {@link Duration} reads {@code 30s}-style text.</li>
 *   <li>Every failure is a {@link ConfigException} naming the source, line and field.</li>
 * </ul>
 * Thread-safe; one instance can bind many documents.
 */
public final class YamlBinder {

    private final PlaceholderResolver resolver;
    private final YAMLFactory yaml = YAMLFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private final ObjectMapper mapper;

    public YamlBinder(PlaceholderResolver resolver) {
        this.resolver = Objects.requireNonNull(resolver, "resolver");
        this.mapper = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
                .addModule(new SimpleModule("kbench-config").addDeserializer(Duration.class, new DurationDeserializer()))
                .withCoercionConfig(LogicalType.Boolean, c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail))
                .withCoercionConfig(LogicalType.Integer, c -> c.setCoercion(CoercionInputShape.Float, CoercionAction.Fail))
                .build();
    }

    /** Uses the real process environment for placeholders. */
    public YamlBinder() {
        this(new PlaceholderResolver());
    }

    public PlaceholderResolver resolver() {
        return resolver;
    }

    /**
     * Binds the whole document to {@code type} (normally a record).
     *
     * @throws ConfigException for any problem in the document
     */
    public <T> T bind(ConfigSource source, Class<T> type) {
        return readDocument(source, type, (parser, index) -> mapper.readValue(parser, type));
    }

    /**
     * Parses the document into a tree with placeholders expanded. Mappings in the returned tree remember their
     * place in the document, so {@link #bind(ConfigSource, ObjectNode, Class)} on it (or on a mapping inside it,
     * also after removing fields) still reports line numbers.
     *
     * @throws ConfigException if the document is malformed, empty, or not a mapping
     */
    public ObjectNode readTree(ConfigSource source) {
        return readDocument(source, null,
                (parser, index) -> (ObjectNode) mapper.reader().with(new LocatingNodeFactory(parser, index)).readTree(parser));
    }

    /** Reads what comes between the document's start and end. */
    @FunctionalInterface
    private interface DocumentReader<T> {
        T read(ResolvingParser parser, LineIndex index) throws IOException;
    }

    /** One document that must be a mapping (of {@code type}'s fields, if given), read by {@code reader}. */
    private <T> T readDocument(ConfigSource source, Class<?> type, DocumentReader<T> reader) {
        LineIndex index = new LineIndex();
        ErrorTranslator errors = new ErrorTranslator(source, index, List.of(), resolver);
        // Not try-with-resources: errors are translated while the parser still sits on the offending token.
        ResolvingParser parser = null;
        try {
            parser = open(source, index);
            expectMapping(parser, source, type);
            T value = reader.read(parser, index);
            expectEnd(parser, source);
            return value;
        } catch (ConfigException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw errors.translate(e);
        } finally {
            closeQuietly(parser);
        }
    }

    /**
     * Binds part of a document (a mapping from {@link #readTree}, possibly with fields removed) to {@code type},
     * reporting errors against {@code source}. Lines are reported when {@code subset} is a mapping returned by
     * {@code readTree} (or found inside its result); for a mapping built or copied by the caller errors carry the
     * field path but no line.
     *
     * @throws ConfigException for any problem in the subset
     */
    public <T> T bind(ConfigSource source, ObjectNode subset, Class<T> type) {
        LineIndex index = null;
        List<Object> prefix = List.of();
        if (subset instanceof LocatedObjectNode located) {
            index = located.lineIndex();
            prefix = located.path();
        }
        if (subset == null) {
            throw ConfigException.of(source.name(), "expected " + expectedMapping(type));
        }
        ErrorTranslator errors = new ErrorTranslator(source, index, prefix, resolver);
        JsonParser parser = mapper.treeAsTokens(subset);
        try {
            return mapper.readValue(parser, type);
        } catch (ConfigException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw errors.translate(e);
        } finally {
            closeQuietly(parser);
        }
    }

    /**
     * Line of {@code field} inside a mapping returned by {@link #readTree} (or nested in its result), even after
     * the field was removed from it; null if unknown (e.g. the mapping was built or copied by the caller).
     * Useful for errors about fields the caller handles itself, such as a driver file's {@code driverClass}.
     */
    public static Integer lineOf(ObjectNode mapping, String field) {
        return lineOf(mapping, List.of(field));
    }

    /**
     * Line of a nested path below this mapping (field names and list indexes), or of its nearest
     * ancestor below the mapping; null when even the first field is absent.
     */
    public static Integer lineOf(ObjectNode mapping, List<Object> subPath) {
        if (!(mapping instanceof LocatedObjectNode located)) {
            return null;
        }
        List<Object> path = new ArrayList<>(located.path());
        int own = path.size();
        path.addAll(subPath);
        for (int n = path.size(); n > own; n--) {
            Integer line = located.lineIndex().lineOf(path.subList(0, n));
            if (line != null) {
                return line;
            }
        }
        return null;
    }

    private static void closeQuietly(JsonParser parser) {
        if (parser != null) {
            try {
                parser.close();
            } catch (IOException | RuntimeException ignored) {
                // reading a String: nothing to release
            }
        }
    }

    private ResolvingParser open(ConfigSource source, LineIndex index) throws IOException {
        return new ResolvingParser(yaml.createParser(source.text()), resolver, source, index);
    }

    private static void expectMapping(ResolvingParser parser, ConfigSource source, Class<?> type) throws IOException {
        JsonToken first = parser.nextToken();
        if (first == null || first == JsonToken.VALUE_NULL
                || (first == JsonToken.VALUE_STRING && parser.getText().isBlank())) {
            throw ConfigException.of(source.name(), "the document is empty; expected " + expectedMapping(type));
        }
        if (first != JsonToken.START_OBJECT) {
            String got = switch (first) {
                case START_ARRAY -> "a list";
                case VALUE_STRING -> "text";
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
                case VALUE_TRUE, VALUE_FALSE -> "true/false";
                default -> "something else";
            };
            throw ConfigException.at(source.name(), parser.currentTokenLocation().getLineNr(), null,
                    "expected " + expectedMapping(type) + " at the top level, got " + got);
        }
    }

    private static void expectEnd(ResolvingParser parser, ConfigSource source) throws IOException {
        JsonToken next = parser.nextToken();
        if (next != null) {
            throw ConfigException.at(source.name(), parser.currentTokenLocation().getLineNr(), null,
                    "only one YAML document per file is supported, but another one starts here");
        }
    }

    /** "a mapping of fields such as name, topics, partitionsPerTopic, ..." */
    static String expectedMapping(Class<?> type) {
        if (type == null || !type.isRecord() || type.getRecordComponents().length == 0) {
            return "a mapping of fields (key: value lines)";
        }
        List<String> names = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
        String shown = String.join(", ", names.subList(0, Math.min(3, names.size())));
        return "a mapping of fields such as " + shown + (names.size() > 3 ? ", ..." : "");
    }
}
