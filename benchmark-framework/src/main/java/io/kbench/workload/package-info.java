/**
 * The workload file in OpenMessaging Benchmark's format, read and validated once.
 *
 * <p>Glossary: a <em>workload</em> is what to run (topics, sizes, rates, lengths); the command line's
 * changes to every workload are {@link io.kbench.workload.WorkloadOverrides}.
 */
package io.kbench.workload;
