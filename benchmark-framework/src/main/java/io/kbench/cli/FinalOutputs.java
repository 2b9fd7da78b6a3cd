package io.kbench.cli;

/**
 * What a run prints and writes at its end besides the result JSON.
 *
 * @param printMetrics print every client metric (--print-metrics)
 * @param htmlReport write {@code <result>.html} next to the result (a sweep writes one report of all its runs instead)
 * @param serviceVersion the result's version label (--service-version), or null for the default
 */
record FinalOutputs(boolean printMetrics, boolean htmlReport, String serviceVersion) {}
