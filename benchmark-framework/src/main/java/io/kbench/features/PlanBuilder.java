package io.kbench.features;

/** How a feature adds phases to a run's plan ({@link RunPart#plan}). */
public interface PlanBuilder {

    /**
     * Runs {@code phase} when the measurement window opens, before the measured test duration: its
     * figures are inside the measurement, as OpenMessaging Benchmark measures a backlog.
     */
    void atMeasurementStart(FeaturePhase phase);

    /**
     * Runs {@code phase} instead of the warmup and the measurement (a max-rate search). The load starts
     * at {@code startRatePerSecond}; afterwards the producers stop and the run drains, the drain's line
     * starting with {@code afterLine} ("Search over; producers stopped"). The run then has no timeline.
     */
    void insteadOfMeasurement(FeaturePhase phase, double startRatePerSecond, String afterLine);
}
