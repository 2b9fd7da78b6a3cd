package io.kbench.workload;

import java.time.Duration;

/**
 * Command-line changes to every workload of a run, applied before validation (nulls change nothing).
 *
 * @param testDuration replaces the measurement length (and a message count)
 * @param warmup replaces the warmup length
 * @param scale multiplies rates, message counts and backlog sizes (not partitions or message sizes),
 *     so a full-size study runs small on a laptop or in CI; null for 1
 * @param cku sets the Confluent Cloud CKU count (--cku), turning on the CKU check; applied before
 *     the scale, so a rate the CKUs set is scaled too
 */
public record WorkloadOverrides(Duration testDuration, Duration warmup, Double scale, Integer cku) {

    public static final WorkloadOverrides NONE = new WorkloadOverrides(null, null, null, null);

    public WorkloadOverrides(Duration testDuration, Duration warmup) {
        this(testDuration, warmup, null, null);
    }

    public WorkloadOverrides(Duration testDuration, Duration warmup, Double scale) {
        this(testDuration, warmup, scale, null);
    }

    Workload applyTo(Workload w) {
        Workload withCku = cku == null ? w : w.withCku(cku);
        Workload scaled = scale == null ? withCku : withCku.scaled(scale);
        return testDuration == null && warmup == null ? scaled : scaled.withDurations(testDuration, warmup);
    }
}
