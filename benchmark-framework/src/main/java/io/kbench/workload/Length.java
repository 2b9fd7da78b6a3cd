package io.kbench.workload;

import java.time.Duration;

/**
 * How long a run measures: the file's testDuration, testDurationMinutes, warmup fields,
 * messageCount and prefillMessages read once by {@link Workload#length()} into one of these.
 */
public sealed interface Length {

    /** A warmup (zero: none), then a measurement of a set time (OMB's way). */
    record Timed(Duration warmup, Duration measure) implements Length {}

    /** Every message measured until this many are sent in all, like kafka-producer-perf-test --num-records. */
    record Count(long messages) implements Length {}

    /** This many messages produced unmeasured, then consumed while measured, like kafka-consumer-perf-test. */
    record Prefill(long messages) implements Length {}

    /** The warmup before the measurement; zero for counted and consume-only runs. */
    default Duration warmup() {
        return this instanceof Timed t ? t.warmup() : Duration.ZERO;
    }

    /** The measurement's set time; zero when it ends on a count. */
    default Duration measure() {
        return this instanceof Timed t ? t.measure() : Duration.ZERO;
    }
}
