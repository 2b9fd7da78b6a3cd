package io.kbench.stats;

/**
 * Failures of one error class, e.g. 412 {@code TimeoutException}s.
 *
 * @param errorClass the client's exception class, simple name
 * @param count how many sends failed with it
 * @param example the message of the first one (what the client said)
 */
public record ErrorCount(String errorClass, long count, String example) {

    /** "412 × TimeoutException: Expiring 5 record(s) ...". */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%,d × %s%s", count, errorClass,
                example == null || example.isBlank() ? "" : ": " + example);
    }
}
