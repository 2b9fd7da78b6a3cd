package io.kbench.model;

/**
 * The phases of a run in which load flows. The result's figures come from the measured ones:
 * MEASURE, and, in a backlog run, the backlog's build and drain before it (OpenMessaging
 * Benchmark measures through both). In a max-rate search each step's MEASURE makes that step's
 * figures; PROBE and SETTLE precede steps.
 */
public enum Phase {
    PREFILL("prefill", false),
    WARMUP("warmup", false),
    BACKLOG_BUILD("backlog", true),
    BACKLOG_DRAIN("drain-backlog", true),
    MEASURE("measure", true),
    PROBE("probe", false),
    SETTLE("settle", false),
    DRAIN("drain", false);

    private final String label;
    private final boolean measured;

    Phase(String label, boolean measured) {
        this.label = label;
        this.measured = measured;
    }

    public String label() {
        return label;
    }

    /** Whether the phase's periods are inside the measurement window (and in OMB's per-period lists). */
    public boolean measured() {
        return measured;
    }
}
