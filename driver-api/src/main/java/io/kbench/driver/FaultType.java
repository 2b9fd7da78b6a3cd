package io.kbench.driver;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Faults a cluster the run owns can be asked to suffer, declared in a workload's {@code faults:}
 * list like Kafka Trogdor's fault specs.
 */
public enum FaultType {
    /** Kill one broker outright ({@code kill -9}). */
    BROKER_KILL("broker-kill", true, false),
    /** Start a killed broker again, with its data. */
    BROKER_RESTART("broker-restart", true, false),
    /** Freeze one broker (SIGSTOP), then let it go on (SIGCONT) after the duration. */
    BROKER_PAUSE("broker-pause", true, true),
    /** Stop the clients' traffic to every broker for the duration, connections kept open. */
    NETWORK_FREEZE("network-freeze", false, true),
    /** Hold every byte between the clients and every broker for a fixed delay, each way, for the duration. */
    NETWORK_DELAY("network-delay", false, true);

    private final String label;
    private final boolean targetsBroker;
    private final boolean needsDuration;

    FaultType(String label, boolean targetsBroker, boolean needsDuration) {
        this.label = label;
        this.targetsBroker = targetsBroker;
        this.needsDuration = needsDuration;
    }

    /** As written in workload files, e.g. "broker-kill". */
    public String label() {
        return label;
    }

    public boolean targetsBroker() {
        return targetsBroker;
    }

    public boolean needsDuration() {
        return needsDuration;
    }

    public static Optional<FaultType> byLabel(String label) {
        return Arrays.stream(values()).filter(t -> t.label.equals(label)).findFirst();
    }

    public static List<String> labels() {
        return Arrays.stream(values()).map(FaultType::label).toList();
    }
}
