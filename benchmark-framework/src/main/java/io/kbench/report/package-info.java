/**
 * HTML reports and comparisons, read from result files (any version kbench wrote, and OMB's).
 *
 * <p>Glossary: {@link io.kbench.report.ResultFile} is one result file as read (kbench's, bound to
 * io.kbench.result's classes, or OMB's); {@link io.kbench.report.ReportFigures} its headline figures, each
 * latency as OMB's nine figures in milliseconds (the result's own summaries are in microseconds);
 * {@link io.kbench.report.ReportedRun} a run as the report shows it; {@link io.kbench.report.PercentileCurves}
 * its percentile curves.
 */
package io.kbench.report;
