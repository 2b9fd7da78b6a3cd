package io.kbench.workload;

/**
 * A workload file read, bound, validated, with its payloads ready to describe to workers.
 *
 * @param file the path as the user gave it
 * @param workload the validated workload
 * @param payload how to build the payloads
 */
public record LoadedWorkload(String file, Workload workload, PayloadSpec payload) {}
