package io.kbench.model;

import io.kbench.stats.Counts;
import io.kbench.stats.LatencySummary;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * How the producers' transactions went in the measured window, across all workers. Commits that
 * close the producers' last transactions, after they stopped, are counted too: they carry the
 * window's last messages.
 *
 * @param committed transactions committed
 * @param aborted transactions that ended without committing
 * @param commitsPerSecond committed transactions per second over the window
 * @param abortedMessages acknowledged messages of aborted transactions: consumers never got them
 * @param commitLatency how long each commit took (asking the client to commit to its answer)
 */
public record TransactionFigures(
        long committed,
        long aborted,
        double commitsPerSecond,
        long abortedMessages,
        LatencySummary commitLatency) {

    /** The figures of a window, or null when the producers sent no transaction. */
    public static TransactionFigures of(Counts counts, Histogram commitMicros, long windowMicros) {
        if (!counts.hasTransactions()) {
            return null;
        }
        return new TransactionFigures(counts.transactionsCommitted(), counts.transactionsAborted(),
                Units.perSecond(counts.transactionsCommitted(), windowMicros), counts.messagesAborted(),
                LatencySummary.of(commitMicros));
    }

    /** One line for the final report. */
    public String line() {
        String abortedPart = aborted == 0 ? "none aborted"
                : String.format(Locale.ROOT, "%,d aborted (%,d acknowledged messages in them never reached the consumers)",
                        aborted, abortedMessages);
        return String.format(Locale.ROOT, "Transactions: %,d committed, %,.1f commits/s, commit avg %.3f ms, p99 %.3f ms; %s.",
                committed, commitsPerSecond, commitLatency.avgMicros() / 1e3, commitLatency.p99Micros() / 1e3, abortedPart);
    }
}
