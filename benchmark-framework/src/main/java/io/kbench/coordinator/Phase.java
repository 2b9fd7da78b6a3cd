package io.kbench.coordinator;

/**
 * The phases of a run in which load flows; only MEASURE makes the result's figures (in a max-rate
 * search, each step's MEASURE makes that step's figures; PROBE and SETTLE precede steps).
 */
public enum Phase {
    PREFILL("prefill"),
    WARMUP("warmup"),
    BACKLOG_BUILD("backlog"),
    BACKLOG_DRAIN("drain-backlog"),
    MEASURE("measure"),
    PROBE("probe"),
    SETTLE("settle"),
    DRAIN("drain");

    private final String label;

    Phase(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
