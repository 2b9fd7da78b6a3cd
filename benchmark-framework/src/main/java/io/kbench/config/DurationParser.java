package io.kbench.config;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Locale;

/**
 * Human durations: {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, {@code 1m30s}, {@code 2.5s}.
 * Units: {@code ms}, {@code s}, {@code m} (or {@code min}), {@code h}; case-insensitive; spaces between parts
 * are allowed. Every number needs a unit and negative durations are rejected.
 */
public final class DurationParser {

    /** Thrown for text that is not a duration; {@link #reason()} reads after "field 'x' ". */
    public static final class InvalidDurationException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String reason;

        InvalidDurationException(String text, String reason) {
            super("invalid duration \"" + text + "\": " + reason);
            this.reason = reason;
        }

        /** The problem without the offending text, e.g. {@code "needs a unit, e.g. 30s or 5m"}. */
        public String reason() {
            return reason;
        }
    }

    static final String NEEDS_UNIT = "needs a unit, e.g. 30s or 5m";
    static final String NOT_A_DURATION = "must be a duration like 30s, 5m, 1h, 1m30s or 500ms";
    private static final BigDecimal MAX_NANOS = BigDecimal.valueOf(Long.MAX_VALUE);

    private DurationParser() {
    }

    /**
     * @throws InvalidDurationException (an {@link IllegalArgumentException}) with a message for the user
     */
    public static Duration parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidDurationException(String.valueOf(text), "is empty; " + NOT_A_DURATION.replace("must be", "expected"));
        }
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.startsWith("-")) {
            throw new InvalidDurationException(text, "must not be negative");
        }
        if (s.startsWith("+")) {
            s = s.substring(1);
        }
        BigDecimal nanos = BigDecimal.ZERO;
        int i = 0;
        while (i < s.length()) {
            i = skipSpaces(s, i);
            int numStart = i;
            while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
                i++;
            }
            String number = s.substring(numStart, i);
            if (number.isEmpty() || number.chars().filter(c -> c == '.').count() > 1
                    || number.equals(".") || number.length() > 30) {
                throw new InvalidDurationException(text, NOT_A_DURATION);
            }
            i = skipSpaces(s, i);
            int unitStart = i;
            while (i < s.length() && Character.isLetter(s.charAt(i))) {
                i++;
            }
            String unit = s.substring(unitStart, i);
            if (unit.isEmpty()) {
                throw new InvalidDurationException(text, i >= s.length() ? NEEDS_UNIT : NOT_A_DURATION);
            }
            long unitNanos = unitNanos(unit);
            if (unitNanos < 0) {
                throw new InvalidDurationException(text, "has unknown unit '" + unit + "'; use ms, s, m (or min) or h");
            }
            nanos = nanos.add(new BigDecimal(number).multiply(BigDecimal.valueOf(unitNanos)));
            if (nanos.compareTo(MAX_NANOS) > 0) {
                throw new InvalidDurationException(text, "is too long");
            }
            i = skipSpaces(s, i);
        }
        return Duration.ofNanos(nanos.setScale(0, RoundingMode.HALF_UP).longValueExact());
    }

    /**
     * Canonical short form: largest units first, zero parts left out: {@code 1h}, {@code 1m30s}, {@code 2s500ms},
     * {@code 0s}. A sub-millisecond remainder is written as a fraction of ms ({@code 1.5ms}). Round-trips through
     * {@link #parse(String)} for non-negative durations.
     */
    public static String format(Duration duration) {
        if (duration.isNegative()) {
            return "-" + format(duration.negated());
        }
        if (duration.isZero()) {
            return "0s";
        }
        long hours = duration.toHours();
        int minutes = duration.toMinutesPart();
        int seconds = duration.toSecondsPart();
        int nanos = duration.toNanosPart();
        StringBuilder sb = new StringBuilder();
        if (hours > 0) {
            sb.append(hours).append('h');
        }
        if (minutes > 0) {
            sb.append(minutes).append('m');
        }
        if (seconds > 0) {
            sb.append(seconds).append('s');
        }
        if (nanos > 0) {
            BigDecimal ms = BigDecimal.valueOf(nanos).movePointLeft(6).stripTrailingZeros();
            sb.append(ms.toPlainString()).append("ms");
        }
        return sb.toString();
    }

    private static int skipSpaces(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static long unitNanos(String unit) {
        return switch (unit) {
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m", "min" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> -1;
        };
    }
}
