package io.kbench.workload;

/**
 * A workload file read, bound, validated, with its payloads ready to describe to workers.
 *
 * @param file the path as the user gave it
 * @param workload the validated workload
 * @param payload how to build the payloads
 * @param faultsLine the line of the {@code faults:} field, for errors found once the driver is known; null without it
 */
public record LoadedWorkload(String file, Workload workload, PayloadSpec payload, Integer faultsLine) {

    public LoadedWorkload(String file, Workload workload, PayloadSpec payload) {
        this(file, workload, payload, null);
    }
}
