package io.kbench.features.faults;

/**
 * A fault of the workload and what became of it, for the result and the report.
 *
 * @param type e.g. "broker-kill"
 * @param broker the broker asked for, or null for the default
 * @param durationMillis how long a pause or freeze was to last, or null
 * @param plannedAfterMillis when it was planned, from the start of the measurement
 * @param appliedAfterMillis when it was applied, from the start of the measurement; null if it was not
 * @param appliedElapsedMicros when it was applied on the periods' time axis (from the start of the load); null if not
 * @param appliedAt when it was applied, ISO-8601; null if not
 * @param outcome what the cluster did ("killed broker 1 (127.0.0.1:40123)"), or why nothing was done
 * @param applied whether the cluster applied it
 */
public record FaultEvent(
        String type,
        Integer broker,
        Long durationMillis,
        long plannedAfterMillis,
        Long appliedAfterMillis,
        Long appliedElapsedMicros,
        String appliedAt,
        String outcome,
        boolean applied) {}
