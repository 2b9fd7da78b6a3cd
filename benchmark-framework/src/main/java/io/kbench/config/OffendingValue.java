package io.kbench.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.io.IOException;
import java.math.BigInteger;
import org.apache.commons.lang3.StringUtils;

/**
 * What the user wrote where Jackson failed, described for an error message ("got ..."). Never reveals a value
 * substituted from a placeholder: it shows the placeholder text instead, or "a value from a placeholder".
 */
final class OffendingValue {

    private static final int MAX_SHOWN = 60;

    private final JacksonException error;
    private final PlaceholderResolver resolver;

    OffendingValue(JacksonException error, PlaceholderResolver resolver) {
        this.error = error;
        this.resolver = resolver;
    }

    /** The token the failure happened at, or null. */
    JsonToken token() {
        if (error instanceof MismatchedInputException m && m.getCurrentToken() != null) {
            return m.getCurrentToken();
        }
        JsonParser parser = parser();
        return parser == null ? null : parser.currentToken();
    }

    /** Text of the offending scalar if the parser still sits on it, else null. May be a substituted value. */
    String text() {
        JsonParser parser = parser();
        JsonToken token = token();
        if (parser == null || token == null || parser.currentToken() != token || !token.isScalarValue()) {
            return null;
        }
        try {
            return parser.getText();
        } catch (IOException | RuntimeException ignored) {
            return null;
        }
    }

    /** True if the offending value is an integer (so a failure for a whole-number field means out of range). */
    boolean isWholeNumber() {
        String text = text();
        if (text == null) {
            return false;
        }
        try {
            new BigInteger(text.trim());
            return true;
        } catch (NumberFormatException notInteger) {
            return false;
        }
    }

    /** ", got <what the user wrote>", or "" when unknown. */
    String suffix() {
        JsonToken token = token();
        if (token == null) {
            return "";
        }
        switch (token) {
            case START_OBJECT:
                return ", got a mapping";
            case START_ARRAY:
                return ", got a list";
            case VALUE_NULL:
                return ", got an empty value";
            case VALUE_STRING:
                return ", got " + describeString();
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
            case VALUE_TRUE:
            case VALUE_FALSE: {
                String text = text();
                return text == null ? "" : ", got " + shorten(text);
            }
            default:
                return "";
        }
    }

    private JsonParser parser() {
        return error != null && error.getProcessor() instanceof JsonParser parser ? parser : null;
    }

    private String describeString() {
        try {
            if (parser() instanceof ResolvingParser resolving && resolving.currentToken() == JsonToken.VALUE_STRING
                    && resolving.currentValueExpanded()) {
                return "the value of \"" + shorten(resolving.rawText()) + "\"";
            }
        } catch (IOException | RuntimeException ignored) {
            return "text";
        }
        String text = text();
        if (text == null) {
            return "text";
        }
        if (text.isEmpty()) {
            return "an empty value";
        }
        if (containsSubstitutedValue(text)) {
            return "a value from a placeholder";
        }
        return "\"" + shorten(text) + "\"";
    }

    private boolean containsSubstitutedValue(String text) {
        for (String secret : resolver.substitutedValues()) {
            if (text.contains(secret)) {
                return true;
            }
        }
        return false;
    }

    private static String shorten(String text) {
        String oneLine = text.replace("\r", "").replace('\n', ' ');
        return StringUtils.abbreviate(oneLine, MAX_SHOWN);
    }
}
