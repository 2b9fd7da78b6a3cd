package io.kbench.coordinator;

import io.kbench.worker.DriverFile;
import io.kbench.workload.PayloadSpec;
import io.kbench.workload.Workload;
import io.kbench.workload.spec.RunSpec;
import io.kbench.time.ClockOffset;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One run, fully described and validated: what the coordinator executes and the result records.
 *
 * @param runId unique id, also part of topic and group names
 * @param workload the validated workload, in the file's form (what the result records)
 * @param spec the same, normalised once (what the engine reads)
 * @param workloadFile the workload file as the user gave it
 * @param payload how workers build payloads
 * @param driverFile the driver file the workers load (for a local cluster: pointing at it)
 * @param driverName the driver file's name field
 * @param driverConfigForResult the driver's fields with secrets redacted
 * @param cluster description of a cluster the run started, or null
 * @param versions tool and library versions for the result
 * @param options coordinator options
 * @param workerClocks each remote worker's clock offset from the coordinator's (empty for a local run)
 * @param deliveryTimeout how long the driver's client keeps trying to deliver a message, or null if unknown
 */
public record CoordinatorInput(
        String runId,
        Workload workload,
        RunSpec spec,
        String workloadFile,
        PayloadSpec payload,
        DriverFile driverFile,
        String driverName,
        Map<String, Object> driverConfigForResult,
        String cluster,
        Map<String, String> versions,
        CoordinatorOptions options,
        List<ClockOffset> workerClocks,
        Duration deliveryTimeout) {

    /** The cluster as named in reasons: the cluster the run started, else the driver file that points at it. */
    public String clusterName() {
        // A description's trailing remark, such as where a local cluster keeps its data, is not its name.
        return cluster != null ? cluster.replaceFirst(" \\([^()]*\\)$", "")
                : "the cluster of " + driverFile.name() + " (" + driverName + ")";
    }
}
