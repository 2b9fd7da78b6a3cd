package io.kbench.coordinator;

/** The phases of a run in which load flows; only MEASURE makes the result's figures. */
public enum Phase {
    PREFILL("prefill"),
    WARMUP("warmup"),
    BACKLOG_BUILD("backlog"),
    BACKLOG_DRAIN("drain-backlog"),
    MEASURE("measure"),
    DRAIN("drain");

    private final String label;

    Phase(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
