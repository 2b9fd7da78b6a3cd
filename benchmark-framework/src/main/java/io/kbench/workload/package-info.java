/**
 * The workload file in OpenMessaging Benchmark's format, read and validated once.
 *
 * <p>Glossary: a <em>workload</em> is what to run (topics, sizes, rates, lengths); the command line's
 * changes to every workload are {@link io.kbench.workload.WorkloadOverrides}. {@link io.kbench.workload.Workload}
 * keeps the file's form (OMB's names, written back into results); {@link io.kbench.workload.Rate} and
 * {@link io.kbench.workload.Length} are what it means, read once; the fields kept only for OMB and its
 * Redpanda fork, and what happens to each, are listed in {@link io.kbench.workload.WorkloadCompatibility}.
 */
package io.kbench.workload;
