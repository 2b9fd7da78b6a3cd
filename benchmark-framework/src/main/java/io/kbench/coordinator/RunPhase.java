package io.kbench.coordinator;

import io.kbench.search.SearchSettings;
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

    /** Build the workload's backlog with the consumers paused, then let them drain it (OMB's consumerBacklogSizeGB). */
    record BacklogBuild() implements RunPhase {}

    /** Measure for the length: a set time, until a count is sent, or until every prefilled message is consumed. */
    record Measure(Length length) implements RunPhase {}

    /** Search for the highest rate within the objective, in measured steps, then confirm it. */
    record Search(SearchSettings settings) implements RunPhase {}

    /** Stop the producers and wait (bounded) for what is in flight and unconsumed. */
    record Drain(Duration timeout, String after) implements RunPhase {}
}
