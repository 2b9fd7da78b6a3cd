package io.kbench.workload;

import java.util.List;

/**
 * A workload file read, bound, validated, with its payloads ready to describe to workers.
 *
 * @param file the path as the user gave it
 * @param workload the validated workload
 * @param payload how to build the payloads
 * @param faultsLine the line of the {@code faults:} field, for errors found once the driver is known; null without it
 * @param notes what the user should know about how the file was read (e.g. a stand-in payload), printed before the run
 * @param headersLine the line of the {@code headers:} field, for a record size the driver refuses; null without it
 */
public record LoadedWorkload(String file, Workload workload, PayloadSpec payload, Integer faultsLine, List<String> notes,
                             Integer headersLine) {

    public LoadedWorkload {
        notes = List.copyOf(notes);
    }

    public LoadedWorkload(String file, Workload workload, PayloadSpec payload, Integer faultsLine, List<String> notes) {
        this(file, workload, payload, faultsLine, notes, null);
    }
}
