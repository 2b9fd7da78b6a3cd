package io.kbench.workload;

import java.time.Duration;

/**
 * Command-line changes to every workload of a run, applied before validation (nulls change nothing).
 *
 * @param testDuration replaces the measurement length (and a message count)
 * @param warmup replaces the warmup length
 */
public record WorkloadOverrides(Duration testDuration, Duration warmup) {

    public static final WorkloadOverrides NONE = new WorkloadOverrides(null, null);

    Workload applyTo(Workload w) {
        return testDuration == null && warmup == null ? w : w.withDurations(testDuration, warmup);
    }
}
