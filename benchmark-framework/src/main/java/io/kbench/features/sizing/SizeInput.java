package io.kbench.features.sizing;

import io.kbench.config.DurationParser;
import io.kbench.model.Units;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the sizing command's values. Each parse method throws {@link IllegalArgumentException}
 * with one line for the user, naming the option and what is allowed.
 *
 * <p>Record sizes count in powers of 1,024, as every size in kbench ({@link Units}): KB and KiB are
 * 1,024 bytes, MB and MiB 1,048,576. A bare number is bytes, like kafka-producer-perf-test's
 * {@code --record-size}.
 */
public final class SizeInput {

    private static final Pattern NUMBER = Pattern.compile("\\d+(\\.\\d+)?|\\.\\d+");
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*([a-z]*)");
    private static final Pattern DAYS = Pattern.compile("^(\\d+(?:\\.\\d+)?)\\s*d(?![a-z])\\s*(.*)$");

    private SizeInput() {}

    /** Events per second: a positive number; thousands separators (, or _) are allowed. */
    public static BigDecimal rate(String text) {
        String s = text == null ? "" : text.strip().replace(",", "").replace("_", "");
        if (!NUMBER.matcher(s).matches() || new BigDecimal(s).signum() <= 0) {
            throw new IllegalArgumentException("--rate must be a positive number of events per second, e.g. 10000; got '"
                    + text + "'");
        }
        return new BigDecimal(s);
    }

    /** A record size in bytes: 2500, 2500B, 2.5KB or 2.5KiB (= 2,560 bytes), 1MB or 1MiB (= 1,048,576 bytes). */
    public static BigDecimal recordBytes(String text) {
        String s = text == null ? "" : text.strip().toLowerCase(Locale.ROOT).replace(",", "");
        Matcher m = SIZE.matcher(s);
        if (!m.matches()) {
            throw new IllegalArgumentException("--record-size must be a size like 2500B, 2.5KB or 1MiB; got '" + text + "'");
        }
        BigDecimal number = new BigDecimal(m.group(1));
        long unit = Units.bytesPerUnit(m.group(2));
        if (unit < 0 || unit > Units.BYTES_PER_MB) {
            throw new IllegalArgumentException("--record-size has an unknown unit in '" + text.strip()
                    + "': use B, KB or KiB (1,024 bytes), MB or MiB (1,048,576 bytes)");
        }
        BigDecimal bytes = number.multiply(BigDecimal.valueOf(unit));
        if (bytes.compareTo(BigDecimal.ONE) < 0) {
            throw new IllegalArgumentException("--record-size must be at least 1 byte; got '" + text + "'");
        }
        return bytes;
    }

    /** A retention: a duration as elsewhere in kbench (30s, 5m, 12h, 1h30m) plus days (7d, 1.5d, 1d12h). */
    public static Duration retention(String text) {
        String s = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        Duration days = Duration.ZERO;
        Matcher m = DAYS.matcher(s);
        if (m.matches()) {
            days = Duration.ofNanos(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(86_400_000_000_000L))
                    .setScale(0, RoundingMode.HALF_UP).longValueExact());
            s = m.group(2);
        }
        try {
            Duration rest = s.isEmpty() ? Duration.ZERO : DurationParser.parse(s);
            Duration total = days.plus(rest);
            if (total.isZero()) {
                throw new IllegalArgumentException("must be longer than zero");
            }
            return total;
        } catch (ArithmeticException | IllegalArgumentException e) {
            throw new IllegalArgumentException("--retention must be a duration like 7d, 36h or 1d12h (units d, h, m, s, ms); got '"
                    + text + "'");
        }
    }

    /** A whole number of at least {@code min}, for --replication-factor and --brokers. */
    public static int atLeast(String option, String text, int min) {
        String s = text == null ? "" : text.strip();
        try {
            int value = Integer.parseInt(s);
            if (value >= min) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " must be a whole number, at least " + min + "; got '" + text + "'");
    }
}
