/**
 * Drift over the measurement: whether the throughput, publish p99, end-to-end p99 and consumer lag rose or fell over
 * the periods after the warmup (Theil–Sen slope, Mann–Kendall test), a section of the result and a summary line
 * ({@link io.kbench.features.drift.Drift}).
 */
package io.kbench.features.drift;
