package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.kbench.workload.Workload;
import java.util.List;
import java.util.Map;

/**
 * What ran, and where: the core of a result that says which run it is.
 *
 * @param runId unique id of the run (also in topic names)
 * @param workloadFile the workload file as given
 * @param workload the workload as run (after overrides, with what the cluster filled in)
 * @param driverInfo the driver file and its settings, secrets masked
 * @param cluster the cluster as described by whoever provided it (e.g. the local cluster), or null
 * @param versions tool, Java, client library, OS, and the user's label ({@link OmbResult#SERVICE_VERSION})
 * @param workerIds the workers that ran the load
 * @param topics names of the topics used
 */
public record RunIdentity(
        String runId,
        String workloadFile,
        @JsonProperty("workloadConfig") Workload workload,
        DriverInfo driverInfo,
        String cluster,
        Map<String, String> versions,
        List<String> workerIds,
        @JsonProperty("topicNames") List<String> topics) {}
