package io.kbench.result;

import io.kbench.warning.WarningSummary;
import java.time.Instant;

/**
 * How often the clients (and other libraries) warned of one kind of trouble during the run, over all workers.
 *
 * @param kind what happened, in words (e.g. "broker 127.0.0.1:39447 unreachable")
 * @param count how many warnings of this kind
 * @param first when the first was logged
 * @param last when the latest was logged
 */
public record ClientWarningCount(String kind, long count, Instant first, Instant last) {

    public static ClientWarningCount of(WarningSummary w) {
        return new ClientWarningCount(w.kind(), w.count(), Instant.ofEpochMilli(w.firstEpochMillis()),
                Instant.ofEpochMilli(w.lastEpochMillis()));
    }

    public WarningSummary toSummary() {
        return new WarningSummary(kind, count, first.toEpochMilli(), last.toEpochMilli(), null);
    }
}
