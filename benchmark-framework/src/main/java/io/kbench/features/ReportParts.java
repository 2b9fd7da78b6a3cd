package io.kbench.features;

import io.kbench.page.Section;
import io.kbench.page.TableSpec;

/** Where a feature puts its parts of a run's HTML report. */
public interface ReportParts {

    /** A table of the run's details: after the per-worker breakdown. */
    void table(TableSpec table);

    /** A table of the run's overview: right after its time series, before the per-worker breakdown. */
    void overviewTable(TableSpec table);

    /** A sub-section of the run's overview (e.g. a search's charts), where {@link #overviewTable} goes. */
    void section(Section section);

    /**
     * A mark on the run's time-series charts.
     *
     * @param atSeconds seconds since the load started
     * @param label what happened, e.g. "fault: broker-kill broker 1"
     */
    void mark(double atSeconds, String label);

    /**
     * A stretch shaded on the run's time-series charts: a light band from {@code fromSeconds} to {@code toSeconds}, e.g.
     * while an operation ran. Where a report cannot shade, its start and end are marked.
     *
     * @param fromSeconds seconds since the load started
     * @param toSeconds likewise; not before {@code fromSeconds}
     * @param label what it was, e.g. "operation: rolling-restart (done)"
     */
    default void span(double fromSeconds, double toSeconds, String label) {
        mark(fromSeconds, label + " started");
        mark(toSeconds, label + " ended");
    }

    /**
     * A row of the report's summary table.
     *
     * @param cls how the cell is shown: "good", "warn", "bad" or "" for plain
     */
    void summaryRow(String name, String text, String cls);
}
