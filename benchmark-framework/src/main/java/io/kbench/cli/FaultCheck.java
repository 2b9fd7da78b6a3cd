package io.kbench.cli;

import io.kbench.workload.FaultSpec;
import io.kbench.workload.LoadedWorkload;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Checks, before anything starts, that a workload's faults can be injected into the cluster of a
 * driver file (it must be one the run starts, with enough brokers), and tells the driver which
 * kinds of fault to prepare for.
 */
final class FaultCheck {

    private FaultCheck() {}

    /** @return the problem, naming the workload file, line and driver file; null when the faults can run */
    static String problem(DriverSession session, LoadedWorkload workload) {
        List<FaultSpec> faults = workload.workload().faults();
        if (faults.isEmpty()) {
            return null;
        }
        List<String> problems = session.faultProblems(workload.workload());
        if (!problems.isEmpty()) {
            return workload.file() + (workload.faultsLine() == null ? "" : ":" + workload.faultsLine()) + ": faults cannot run on "
                    + session.fileName() + ": " + String.join("; ", problems);
        }
        session.expectFaults(faults.stream().map(FaultSpec::faultType).collect(Collectors.toSet()));
        return null;
    }
}
