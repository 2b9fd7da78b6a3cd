package io.kbench.stats;

import io.kbench.warning.WarningClassifier;
import java.util.Locale;

/**
 * Failures of one error class, e.g. 412 {@code TimeoutException}s.
 *
 * @param errorClass the client's exception class, simple name
 * @param count how many sends failed with it
 * @param example the message of the first one (what the client said)
 */
public record ErrorCount(String errorClass, long count, String example) {

    /** "412 × TimeoutException: Expiring 5 record(s) ...", for files and results. */
    public String describe() {
        return String.format(Locale.ROOT, "%,d × %s%s", count, errorClass,
                example == null || example.isBlank() ? "" : ": " + example);
    }

    /** "412 × timeout: Expiring 5 record(s) ...", for the console: the class in words, no class names. */
    public String describeInWords() {
        String said = example == null ? "" : WarningClassifier.readable(example);
        return String.format(Locale.ROOT, "%,d × %s%s", count, inWords(errorClass), said.isBlank() ? "" : ": " + said);
    }

    /** An error class in words: "NotEnoughReplicasException" becomes "not enough replicas". */
    public static String inWords(String errorClass) {
        String name = errorClass.replaceAll("(Exception|Error)$", "");
        String words = name.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("([A-Z]+)([A-Z][a-z])", "$1 $2");
        return words.isBlank() ? errorClass : words.toLowerCase(Locale.ROOT);
    }
}
