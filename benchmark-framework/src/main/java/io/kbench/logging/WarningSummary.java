package io.kbench.logging;

/**
 * How often one kind of warning was logged since the last {@link ClientWarnings#reset()}.
 *
 * @param kind             what happened, as one sentence for users: no exception class names, no
 *                         client ids (e.g. "broker 127.0.0.1:39447 unreachable")
 * @param count            warnings of this kind, at least 1
 * @param firstEpochMillis when the first one was logged (milliseconds since the Unix epoch)
 * @param lastEpochMillis  when the latest one was logged
 * @param exampleRaw       the first one as the library logged it (level, logger, message, exception
 *                         chain), secrets masked; for the log file and --verbose, not the plain console
 */
public record WarningSummary(String kind, long count, long firstEpochMillis, long lastEpochMillis, String exampleRaw) {

    /** E.g. "broker 127.0.0.1:39447 unreachable: 412 warnings". */
    public String line() {
        return kind + ": " + String.format(java.util.Locale.ROOT, "%,d", count) + (count == 1 ? " warning" : " warnings");
    }
}
