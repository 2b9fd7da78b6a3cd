/**
 * The figures and verdicts of a run, at the bottom of the framework: units, measurements, period
 * summaries, phases, diagnoses and run status. Imports nothing of kbench but stats, time and driver-api,
 * so every feature can use it and none has to use another.
 *
 * <p>Glossary: a <em>period</em> ({@link io.kbench.model.PeriodSummary}) is one progress interval merged
 * over the workers; a <em>measurement</em> ({@link io.kbench.model.Measurement}) is the whole measured
 * window; a <em>diagnosis</em> says what limited a run (clients, cluster, quota); a <em>status</em> says
 * how it ended. Sizes count in powers of 1,024 ({@link io.kbench.model.Units}). A
 * {@link io.kbench.model.ResultSection} is an optional part of a run's result that a feature owns;
 * {@link io.kbench.model.ClientMetrics} is the one kept here. The transactions' figures
 * ({@link io.kbench.model.TransactionFigures}) sit in the measurement, where results have always had them.
 */
package io.kbench.model;
