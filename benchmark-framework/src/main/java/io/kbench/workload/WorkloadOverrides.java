package io.kbench.workload;

import java.time.Duration;
import java.util.List;

/**
 * Command-line changes to every workload of a run, applied before validation (nulls change nothing).
 *
 * @param testDuration replaces the measurement length (and a message count)
 * @param warmup replaces the warmup length
 * @param scale multiplies rates, message counts and backlog sizes (not partitions or message sizes),
 *     so a full-size study runs small on a laptop or in CI; null for 1
 * @param rate replaces producerRate (messages per second across all producers, -1 for unthrottled); null keeps it
 * @param cku sets the Confluent Cloud CKU count (--cku), turning on the CKU check; applied before
 *     the scale, so a rate the CKUs set is scaled too
 * @param existingTopics replaces the workload's topics with these existing ones (--existing-topics); null keeps them
 */
public record WorkloadOverrides(Duration testDuration, Duration warmup, Double scale, Integer cku, Double rate,
                                List<String> existingTopics) {

    public static final WorkloadOverrides NONE = new WorkloadOverrides(null, null, null, null, null, null);

    public WorkloadOverrides(Duration testDuration, Duration warmup, Double scale, Integer cku, Double rate) {
        this(testDuration, warmup, scale, cku, rate, null);
    }

    public WorkloadOverrides(Duration testDuration, Duration warmup) {
        this(testDuration, warmup, null, null, null, null);
    }

    public WorkloadOverrides(Duration testDuration, Duration warmup, Double scale, Integer cku) {
        this(testDuration, warmup, scale, cku, null, null);
    }

    Workload applyTo(Workload w) {
        Workload onTopics = existingTopics == null ? w : w.withExistingTopics(existingTopics);
        Workload withRate = rate == null ? onTopics : onTopics.withRate(rate);
        Workload withCku = cku == null ? withRate : withRate.withCku(cku);
        Workload scaled = scale == null ? withCku : withCku.scaled(scale);
        return testDuration == null && warmup == null ? scaled : scaled.withDurations(testDuration, warmup);
    }
}
