package io.kbench.coordinator;

import io.kbench.result.StatusRules;
import io.kbench.features.FeatureSettings;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;

/**
 * How the coordinator runs, independent of the workload.
 *
 * @param keepTopics leave the topics in place after the run
 * @param progressInterval how often workers' stats are collected and a progress line printed
 * @param drainTimeout longest wait after producers stop for in-flight and unconsumed messages
 * @param readinessTimeout longest wait for consumers to be assigned every partition
 * @param topicBatchSize topics created per request
 * @param topicPrefix start of every topic name
 * @param lease how long remote workers keep running without word from the coordinator; also
 *     how long a silent worker is tolerated before the run fails
 * @param coordinatorName who runs the coordinator (host and process), shown by busy workers
 * @param stallTimeout the run fails when messages are in flight and none is acknowledged for this
 *     long (at most the client's delivery timeout: the shorter applies)
 * @param maxUnackedRatio failed plus undelivered messages a run may have, as a share of those sent,
 *     and still count as completed
 * @param checkIntegrity stamp messages with producer id and sequence and check them on the consumers
 * @param sampleInterval the length of the periods the result keeps (OMB's tools assume 10 s)
 * @param fixedWarmup warm up exactly as long as the workload says, without waiting for steady state
 * @param maxWarmup the longest a warmup may be extended to while waiting for steady state; null for
 *     {@value #WARMUP_CAP_FACTOR} times the workload's warmup
 * @param features settings for the run's features (a max-rate search's from find-max)
 * @param leftTopics topics that earlier runs which lost their coordinator left on the cluster, deleted before this run
 * @param sampleIntervalGiven the sample interval was asked for (--sample-interval): a workload's sampleRateMillis does
 *     not replace it
 */
@RecordBuilder
public record CoordinatorOptions(
        boolean keepTopics,
        Duration progressInterval,
        Duration drainTimeout,
        Duration readinessTimeout,
        int topicBatchSize,
        String topicPrefix,
        Duration lease,
        String coordinatorName,
        Duration stallTimeout,
        double maxUnackedRatio,
        boolean checkIntegrity,
        Duration sampleInterval,
        boolean fixedWarmup,
        Duration maxWarmup,
        FeatureSettings features,
        List<String> leftTopics,
        boolean sampleIntervalGiven) implements CoordinatorOptionsBuilder.With {

    public CoordinatorOptions {
        leftTopics = leftTopics == null ? List.of() : List.copyOf(leftTopics);
        features = features == null ? FeatureSettings.NONE : features;
    }

    public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_SAMPLE_INTERVAL = Duration.ofSeconds(10);
    public static final int WARMUP_CAP_FACTOR = 5;

    public static CoordinatorOptions defaults() {
        return new CoordinatorOptions(false, Duration.ofSeconds(5), Duration.ofSeconds(60), Duration.ofSeconds(120), 100, "kbench",
                Duration.ofSeconds(15), ProcessHandle.current().pid() + "@" + hostName(), DEFAULT_STALL_TIMEOUT,
                StatusRules.DEFAULT_MAX_UNACKED_RATIO, true, DEFAULT_SAMPLE_INTERVAL, false, null, FeatureSettings.NONE, List.of(), false);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown-host";
        }
    }

    public CoordinatorOptions withWarmup(boolean fixed, Duration max) {
        return with(b -> b.fixedWarmup(fixed).maxWarmup(max));
    }

    /** These options with a feature's settings for the run (replacing any of their type). */
    public CoordinatorOptions withSettings(Object settings) {
        return withFeatures(features.with(settings));
    }

    /**
     * These options for a run of {@code s}: its sampleRateMillis (the Redpanda fork's) sets the sample interval unless one was
     * asked for; a run too long for {@link PeriodBudget#MAX_SAMPLED_PERIODS} of them gets longer periods.
     */
    public CoordinatorOptions forRun(io.kbench.workload.spec.RunSpec s) {
        return withSampleInterval(PeriodBudget.sampleInterval(askedSampleInterval(s), s.length()));
    }

    /** Says so when a run of {@code s} gets longer periods than these options (before {@link #forRun}) ask for. */
    public java.util.Optional<String> periodsWidened(io.kbench.workload.spec.RunSpec s) {
        Duration asked = askedSampleInterval(s);
        Duration sample = PeriodBudget.sampleInterval(asked, s.length());
        Duration progress = PeriodBudget.fit(progressInterval, s.length().measure(), PeriodBudget.MAX_PROGRESS_PERIODS);
        return progress.equals(progressInterval) && sample.equals(asked) ? java.util.Optional.empty()
                : java.util.Optional.of(PeriodBudget.widenedLine(progress, sample));
    }

    private Duration askedSampleInterval(io.kbench.workload.spec.RunSpec s) {
        return sampleIntervalGiven || s.features().sampleInterval().isEmpty() ? sampleInterval : s.features().sampleInterval().get();
    }

    /** The longest a warmup of {@code planned} may last while waiting for steady state. */
    public Duration warmupCap(Duration planned) {
        return maxWarmup != null ? maxWarmup : planned.multipliedBy(WARMUP_CAP_FACTOR);
    }

    /** The stall timeout in effect: never longer than the client's delivery timeout (null: unknown). */
    public Duration effectiveStallTimeout(Duration deliveryTimeout) {
        return deliveryTimeout != null && deliveryTimeout.compareTo(stallTimeout) < 0 ? deliveryTimeout : stallTimeout;
    }
}
