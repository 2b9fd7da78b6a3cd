package io.kbench.config;

import static org.apache.commons.lang3.exception.ExceptionUtils.throwableOfType;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import io.kbench.driver.NearestName;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Turns whatever Jackson or SnakeYAML threw into a {@link ConfigException} phrased for the user: the source,
 * line, field path and what is allowed, never class names or substituted (possibly secret) values.
 */
final class ErrorTranslator {

    private final ConfigSource source;
    private final LineIndex index;
    private final List<Object> prefix;
    private final PlaceholderResolver resolver;

    /**
     * @param index  lines of the document, or null when unknown (errors then carry no line unless Jackson has one)
     * @param prefix path of the bound value inside the document (non-empty when binding a nested subset)
     */
    ErrorTranslator(ConfigSource source, LineIndex index, List<Object> prefix, PlaceholderResolver resolver) {
        this.source = source;
        this.index = index;
        this.prefix = prefix;
        this.resolver = resolver;
    }

    /** The user-facing exception; the original is attached as its cause (for debug logs, not for users). */
    ConfigException translate(Throwable error) {
        ConfigException already = throwableOfType(error, ConfigException.class);
        if (already != null) {
            return already;
        }
        ConfigException translated = describe(error);
        translated.initCause(error);
        return translated;
    }

    private ConfigException describe(Throwable error) {
        InvalidDefinitionException definition = throwableOfType(error, InvalidDefinitionException.class);
        if (definition != null) {
            // A programming error in a config record, not something the user can fix.
            throw new IllegalStateException("cannot bind " + source.name() + ": " + definition.getMessage(), error);
        }
        MarkedYAMLException marked = throwableOfType(error, MarkedYAMLException.class);
        if (marked != null) {
            return malformed(marked);
        }
        JsonMappingException mapping = throwableOfType(error, JsonMappingException.class);
        List<Object> path = LineIndex.concat(prefix, mapping == null ? List.of() : pathOf(mapping));
        UnrecognizedPropertyException unknown = throwableOfType(error, UnrecognizedPropertyException.class);
        if (unknown != null) {
            return unknownField(unknown, path);
        }
        ValueInstantiationException instantiation = throwableOfType(error, ValueInstantiationException.class);
        if (instantiation != null) {
            return rejectedByRecord(instantiation, path);
        }
        InputCoercionException coercion = throwableOfType(error, InputCoercionException.class);
        if (coercion != null) {
            return outOfRange(coercion, coercion.getTargetType(), path);
        }
        FieldProblem problem = throwableOfType(error, FieldProblem.class);
        if (problem != null) {
            return at(path, problem, subject(path) + " " + problem.reason() + got(problem).suffix());
        }
        MismatchedInputException mismatch = throwableOfType(error, MismatchedInputException.class);
        if (mismatch != null) {
            return mismatch(mismatch, path);
        }
        StreamConstraintsException limits = throwableOfType(error, StreamConstraintsException.class);
        if (limits != null) {
            return at(path, limits, "the document is too large or nested too deeply");
        }
        StreamReadException read = throwableOfType(error, StreamReadException.class);
        if (read != null && mapping == null) {
            return at(path, read, "malformed YAML: " + firstLine(read.getOriginalMessage()));
        }
        JacksonException jackson = throwableOfType(error, JacksonException.class);
        return at(path, jackson, subject(path) + " has an invalid value" + got(jackson).suffix());
    }

    // --- the kinds of problems ---

    private ConfigException malformed(MarkedYAMLException e) {
        Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        String problem = e.getProblem() != null ? e.getProblem() : firstLine(e.getMessage());
        Integer line = mark == null ? null : mark.getLine() + 1;
        String column = mark == null ? "" : " (column " + (mark.getColumn() + 1) + ")";
        return ConfigException.at(source.name(), line, null, "malformed YAML: " + problem + column);
    }

    private ConfigException unknownField(UnrecognizedPropertyException e, List<Object> path) {
        String name = e.getPropertyName();
        List<String> valid = validFields(e);
        StringBuilder message = new StringBuilder("unknown field '").append(LineIndex.describe(path)).append('\'');
        NearestName.find(name, valid).ifPresent(s -> message.append("; did you mean '").append(s).append("'?"));
        if (!valid.isEmpty()) {
            message.append(message.charAt(message.length() - 1) == '?' ? " " : ". ");
            message.append("Valid fields: ").append(String.join(", ", valid));
        }
        return at(path, e, message.toString());
    }

    private ConfigException rejectedByRecord(ValueInstantiationException e, List<Object> path) {
        Throwable cause = e.getCause();
        while ((cause instanceof InvocationTargetException || cause instanceof JsonMappingException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        String reason = cause == null || cause == e ? null : cause.getMessage();
        if (cause instanceof NullPointerException && reason != null && reason.contains("because \"")) {
            reason = null; // the JDK's description of a bug in the record, not a message for the user
        }
        if (reason == null || reason.isBlank()) {
            reason = path.isEmpty() ? "invalid settings" : "invalid settings in '" + LineIndex.describe(path) + "'";
        }
        // Point at the field the message talks about ("topics must be positive"), if it is in the source.
        List<Object> target = path;
        String mentioned = mentionedComponent(e.getType() == null ? null : e.getType().getRawClass(), reason);
        if (mentioned != null && index != null) {
            List<Object> fieldPath = new ArrayList<>(path);
            fieldPath.add(mentioned);
            if (index.lineOf(fieldPath) != null) {
                target = fieldPath;
            }
        }
        return at(target, e, reason);
    }

    /** The record component named (as a whole word) earliest in {@code message}, or null. */
    private static String mentionedComponent(Class<?> type, String message) {
        if (type == null || !type.isRecord()) {
            return null;
        }
        String best = null;
        int bestAt = Integer.MAX_VALUE;
        for (RecordComponent component : type.getRecordComponents()) {
            Matcher m = Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(component.getName()) + "(?![A-Za-z0-9_])")
                    .matcher(message);
            if (m.find() && m.start() < bestAt) {
                best = component.getName();
                bestAt = m.start();
            }
        }
        return best;
    }

    private ConfigException outOfRange(JacksonException e, Class<?> target, List<Object> path) {
        String range = TypeWords.range(target);
        String what = range == null ? TypeWords.expected(target) : "a whole number " + range;
        return at(path, e, subject(path) + " is out of range: must be " + what + got(e).suffix());
    }

    private ConfigException mismatch(MismatchedInputException e, List<Object> path) {
        Class<?> target = e.getTargetType();
        OffendingValue value = got(e);
        JsonToken token = value.token();
        boolean absent = token == null || token == JsonToken.END_OBJECT || token == JsonToken.FIELD_NAME;
        if (absent && !path.isEmpty()) {
            return at(path, e, "missing required field '" + LineIndex.describe(path) + "' ("
                    + TypeWords.expected(target) + ")");
        }
        if (TypeWords.range(target) != null && value.isWholeNumber()) {
            return outOfRange(e, target, path);
        }
        StringBuilder message = new StringBuilder(subject(path)).append(" must be ")
                .append(TypeWords.expected(target)).append(value.suffix());
        String text = value.text();
        if (target != null && target.isEnum() && token == JsonToken.VALUE_STRING && text != null) {
            Optional<String> nearest = NearestName.find(text, Arrays.stream(target.getEnumConstants())
                    .map(c -> ((Enum<?>) c).name()).collect(Collectors.toList()));
            nearest.ifPresent(n -> message.append("; did you mean ").append(n).append('?'));
        }
        return at(path, e, message.toString());
    }

    // --- helpers ---

    private ConfigException at(List<Object> path, JacksonException e, String problem) {
        Integer line = index == null ? null : index.lineOf(path);
        if (line == null) {
            line = lineOf(e);
        }
        if (line == null && index != null) {
            line = index.nearest(path);
        }
        return ConfigException.at(source.name(), line, LineIndex.describe(path), problem);
    }

    private OffendingValue got(JacksonException e) {
        return new OffendingValue(e, resolver);
    }

    private static Integer lineOf(JacksonException e) {
        JsonLocation location = e == null ? null : e.getLocation();
        return location != null && location.getLineNr() > 0 ? location.getLineNr() : null;
    }

    private static String subject(List<Object> path) {
        return path.isEmpty() ? "the document" : "field '" + LineIndex.describe(path) + "'";
    }

    private static List<Object> pathOf(JsonMappingException e) {
        List<Object> path = new ArrayList<>();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                path.add(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.add(ref.getIndex());
            }
        }
        return path;
    }

    private static List<String> validFields(UnrecognizedPropertyException e) {
        Class<?> owner = e.getReferringClass();
        if (owner != null && owner.isRecord()) {
            return Arrays.stream(owner.getRecordComponents()).map(RecordComponent::getName).toList();
        }
        if (e.getKnownPropertyIds() == null) {
            return List.of();
        }
        return e.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }
}
