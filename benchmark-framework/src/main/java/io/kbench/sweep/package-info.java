/**
 * Sweeps: a workload run once per combination of parameter values, with the table of their results.
 */
package io.kbench.sweep;
