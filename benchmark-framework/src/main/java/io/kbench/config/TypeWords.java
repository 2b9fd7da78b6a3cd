package io.kbench.config;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/** Names Java types the way a user writing YAML thinks of them. */
final class TypeWords {

    private TypeWords() {
    }

    /** "a whole number", "true/false", "one of [A, B]", ...; never a class name. */
    static String expected(Class<?> type) {
        if (type == null) {
            return "a different kind of value";
        }
        if (type == String.class || type == CharSequence.class || type == char.class || type == Character.class) {
            return "text";
        }
        if (isWholeNumber(type)) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class
                || type == BigDecimal.class || type == Number.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true/false";
        }
        if (type == Duration.class) {
            return "a duration like 30s";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants())
                    .map(c -> ((Enum<?>) c).name())
                    .collect(Collectors.joining(", ", "[", "]"));
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "a mapping";
        }
        return "a different kind of value";
    }

    static boolean isWholeNumber(Class<?> type) {
        return type == int.class || type == Integer.class || type == long.class || type == Long.class
                || type == short.class || type == Short.class || type == byte.class || type == Byte.class
                || type == BigInteger.class;
    }

    /** "between -2147483648 and 2147483647" for bounded whole-number types, else null. */
    static String range(Class<?> type) {
        if (type == int.class || type == Integer.class) {
            return "between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE;
        }
        if (type == long.class || type == Long.class) {
            return "between " + Long.MIN_VALUE + " and " + Long.MAX_VALUE;
        }
        if (type == short.class || type == Short.class) {
            return "between " + Short.MIN_VALUE + " and " + Short.MAX_VALUE;
        }
        if (type == byte.class || type == Byte.class) {
            return "between " + Byte.MIN_VALUE + " and " + Byte.MAX_VALUE;
        }
        return null;
    }
}
