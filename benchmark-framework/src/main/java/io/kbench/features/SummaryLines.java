package io.kbench.features;

import io.kbench.stats.LatencySummary;

/**
 * Where a feature writes its lines of the summary printed when a run ends. The summary has fixed
 * places; within one, the features' lines follow their registration order.
 */
public interface SummaryLines {

    /** The places of the summary that features write to, in the order printed. */
    enum Slot {
        /** Right after the run's status line, before anything measured (a search's steps and answer). */
        HEADLINE,
        /** After the throughput lines (a backlog's catch-up). */
        THROUGHPUT,
        /** Rows of the latency table, after the run's own rows (see {@link #latencyRow}). */
        LATENCY,
        /** After what became of the messages: the consumers' groups, events and share groups. */
        CONSUMERS,
        /** Right before the diagnosis: verdicts on the messages (integrity). */
        VERDICT,
        /** The last lines, also printed when nothing was measured (the CKU check). */
        CLOSING
    }

    void line(Slot slot, String text);

    /** A row of the latency table: in milliseconds, over {@code over} (e.g. "acked messages, drain only"). */
    void latencyRow(String name, LatencySummary latency, String over);
}
