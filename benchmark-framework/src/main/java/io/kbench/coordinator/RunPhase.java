package io.kbench.coordinator;

import io.kbench.features.FeaturePhase;
import io.kbench.workload.Length;
import java.time.Duration;

/** One phase of a {@link RunPlan}, run in order by {@link PhaseRunner}; each adds what it measured to the result. */
sealed interface RunPhase {

    /** Produce this many messages unmeasured, then close the producers (a consume-only run). */
    record Prefill(long messages) implements RunPhase {}

    /**
     * Create the consumers (every partition assigned) and the producers, and start the load.
     *
     * @param ratePerSecond the rate to start at, or null for the workload's
     * @param measureFromStart no warmup: the measurement window opens with the first message
     */
    record StartLoad(Double ratePerSecond, boolean measureFromStart) implements RunPhase {}

    /** Warm up for this long, longer until steady unless the warmup is fixed; the measurement window opens after it. */
    record Warmup(Duration planned) implements RunPhase {}

    /**
     * A feature's phase (a backlog's build and drain, a search's steps).
     *
     * @param opensMeasurement it runs as the measurement window opens: the timeline starts with it
     */
    record Feature(FeaturePhase phase, boolean opensMeasurement) implements RunPhase {}

    /** Measure for the length: a set time, until a count is sent, or until every prefilled message is consumed. */
    record Measure(Length length) implements RunPhase {}

    /** Stop the producers and wait (bounded) for what is in flight and unconsumed. */
    record Drain(Duration timeout, String after) implements RunPhase {}
}
