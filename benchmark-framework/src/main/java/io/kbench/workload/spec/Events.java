package io.kbench.workload.spec;

import io.kbench.workload.ConsumerEventSpec;
import io.kbench.workload.FaultSpec;
import io.kbench.workload.OperationSpec;
import java.util.List;

/**
 * What happens during the measurement beside the load.
 *
 * @param faults what happens to the cluster (broker kills, restarts, pauses, network freezes); empty for none
 * @param consumerEvents consumers joining, leaving, crashing or restarting; empty for none
 * @param operations changes an operator makes to the cluster (rolling restarts, reassignments, config changes); empty for none
 */
public record Events(List<FaultSpec> faults, List<ConsumerEventSpec> consumerEvents, List<OperationSpec> operations) {

    public Events {
        faults = List.copyOf(faults);
        consumerEvents = List.copyOf(consumerEvents);
        operations = List.copyOf(operations);
    }
}
