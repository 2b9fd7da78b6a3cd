/**
 * Recording on the hot path: per-thread buffers, HdrHistograms and counters, merged per worker.
 * No policy and no printing.
 *
 * <p>Glossary: {@link io.kbench.stats.LatencyHistograms} are the histograms of the measurement contract
 * (microseconds); a {@link io.kbench.stats.LatencySummary} is the usual figures of one histogram
 * (microseconds); {@link io.kbench.stats.Counts} are message and byte counts over a window;
 * <em>run totals</em> are counts since the run started.
 */
package io.kbench.stats;
