package io.kbench.workload;

import java.util.List;

/**
 * How fast the producers send, in messages per second across all of them: the file's six ways
 * (producerRate, producerRate -1, producerRate 0, producerRateRamp, producerRateSteps, cku) read
 * once by {@link Workload#rate()} into one of these.
 */
public sealed interface Rate {

    /** One rate for the whole run (producerRate, or the CKUs' ingress with cku and no producerRate). */
    record Fixed(double perSecond) implements Rate {}

    /** As fast as the clients send (producerRate -1). */
    record Unthrottled() implements Rate {}

    /** A linear ramp from the start of the load (producerRateRamp). */
    record Ramp(RateRamp ramp) implements Rate {}

    /** Rates one after another from the start of the load (producerRateSteps). */
    record Steps(List<RateStep> steps) implements Rate {}

    /**
     * The highest rate within an objective, searched for (producerRate 0, OMB's rate discovery).
     *
     * @param seed the first rate (producerStartRate), or null: a probe finds one
     */
    record Search(Double seed) implements Rate {}

    /** No producers during the measurement (producersPerTopic 0). */
    record None() implements Rate {}
}
