/**
 * HTML reports and comparisons, read from result files (any version kbench wrote, and OMB's).
 *
 * <p>Glossary: {@link io.kbench.report.ResultFileJson} is one result file as read;
 * {@link io.kbench.report.ReportFigures} its headline figures; {@link io.kbench.report.ReportedRun} a run
 * as the report shows it; {@link io.kbench.report.LatencyMillis} a latency summary in milliseconds (the
 * result's own summaries are in microseconds); {@link io.kbench.report.PercentileCurves} its percentile curves.
 */
package io.kbench.report;
