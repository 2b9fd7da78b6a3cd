package io.kbench.cli;

/**
 * What a run prints and writes at its end besides the result JSON.
 *
 * @param printMetrics print every client metric (--print-metrics)
 * @param htmlReport write {@code <result>.html} next to the result (a sweep writes one report of all its runs instead)
 * @param serviceVersion the result's version label (--service-version), or null for the default
 * @param keepJournal keep the run journal once the result is written (--keep-journal)
 * @param deleteLeftTopics delete the topics that earlier runs which lost their coordinator left (--delete-left-topics)
 */
record FinalOutputs(boolean printMetrics, boolean htmlReport, String serviceVersion, boolean keepJournal,
                    boolean deleteLeftTopics) {

    FinalOutputs(boolean printMetrics, boolean htmlReport, String serviceVersion) {
        this(printMetrics, htmlReport, serviceVersion, false, false);
    }
}
