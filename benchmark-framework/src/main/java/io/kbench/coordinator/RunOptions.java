package io.kbench.coordinator;

import io.kbench.result.StatusRules;
import java.time.Duration;

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
 */
public record RunOptions(
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
        Duration sampleInterval) {

    public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_SAMPLE_INTERVAL = Duration.ofSeconds(10);

    public static RunOptions defaults() {
        return new RunOptions(false, Duration.ofSeconds(5), Duration.ofSeconds(60), Duration.ofSeconds(120), 100, "kbench",
                Duration.ofSeconds(15), ProcessHandle.current().pid() + "@" + hostName(), DEFAULT_STALL_TIMEOUT,
                StatusRules.DEFAULT_MAX_UNACKED_RATIO, true, DEFAULT_SAMPLE_INTERVAL);
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "unknown-host";
        }
    }

    public RunOptions withProgressInterval(Duration interval) {
        return new RunOptions(keepTopics, interval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix, lease,
                coordinatorName, stallTimeout, maxUnackedRatio, checkIntegrity, sampleInterval);
    }

    public RunOptions withKeepTopics(boolean keep) {
        return new RunOptions(keep, progressInterval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix, lease,
                coordinatorName, stallTimeout, maxUnackedRatio, checkIntegrity, sampleInterval);
    }

    public RunOptions withDrainTimeout(Duration timeout) {
        return new RunOptions(keepTopics, progressInterval, timeout, readinessTimeout, topicBatchSize, topicPrefix, lease,
                coordinatorName, stallTimeout, maxUnackedRatio, checkIntegrity, sampleInterval);
    }

    public RunOptions withLease(Duration newLease) {
        return new RunOptions(keepTopics, progressInterval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix, newLease,
                coordinatorName, stallTimeout, maxUnackedRatio, checkIntegrity, sampleInterval);
    }

    public RunOptions withStallTimeout(Duration timeout) {
        return new RunOptions(keepTopics, progressInterval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix, lease,
                coordinatorName, timeout, maxUnackedRatio, checkIntegrity, sampleInterval);
    }

    public RunOptions withMaxUnackedRatio(double ratio) {
        return new RunOptions(keepTopics, progressInterval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix, lease,
                coordinatorName, stallTimeout, ratio, checkIntegrity, sampleInterval);
    }

    public RunOptions withCheckIntegrity(boolean check) {
        return new RunOptions(keepTopics, progressInterval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix, lease,
                coordinatorName, stallTimeout, maxUnackedRatio, check, sampleInterval);
    }

    public RunOptions withSampleInterval(Duration interval) {
        return new RunOptions(keepTopics, progressInterval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix, lease,
                coordinatorName, stallTimeout, maxUnackedRatio, checkIntegrity, interval);
    }

    /** The stall timeout in effect: never longer than the client's delivery timeout (null: unknown). */
    public Duration effectiveStallTimeout(Duration deliveryTimeout) {
        return deliveryTimeout != null && deliveryTimeout.compareTo(stallTimeout) < 0 ? deliveryTimeout : stallTimeout;
    }
}
