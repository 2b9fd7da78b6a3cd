/**
 * Trends in a series of figures, distribution-free and robust to spikes: the Theil–Sen slope ({@link
 * io.kbench.stats.trend.TheilSen}) and the Mann–Kendall test with its correction for neighbours that move together
 * ({@link io.kbench.stats.trend.MannKendall}). Pure math on arrays, no policy: the drift feature judges a finished
 * run's periods with it, the coordinator's live view the periods measured so far.
 */
package io.kbench.stats.trend;
