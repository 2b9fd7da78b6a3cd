package io.kbench.warning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How often one kind of warning was logged since the warnings were last reset (io.kbench.logging.ClientWarnings counts them).
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

    /** The same without the raw example: what travels from workers and goes into results. */
    public WarningSummary withoutExample() {
        return new WarningSummary(kind, count, firstEpochMillis, lastEpochMillis, null);
    }

    /** Several processes' warnings combined by kind: counts added, the earliest first and the latest last time kept. */
    public static List<WarningSummary> merge(List<List<WarningSummary>> lists) {
        Map<String, WarningSummary> byKind = new LinkedHashMap<>();
        for (List<WarningSummary> list : lists) {
            for (WarningSummary w : list) {
                byKind.merge(w.kind(), w.withoutExample(), (a, b) -> new WarningSummary(a.kind(), a.count() + b.count(),
                        Math.min(a.firstEpochMillis(), b.firstEpochMillis()), Math.max(a.lastEpochMillis(), b.lastEpochMillis()), null));
            }
        }
        List<WarningSummary> out = new ArrayList<>(byKind.values());
        out.sort(Comparator.comparingLong(WarningSummary::count).reversed());
        return out;
    }

    /** E.g. "broker 127.0.0.1:39447 unreachable: 412 warnings". */
    public String line() {
        return kind + ": " + String.format(Locale.ROOT, "%,d", count) + (count == 1 ? " warning" : " warnings");
    }
}
