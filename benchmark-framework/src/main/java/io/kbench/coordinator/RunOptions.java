package io.kbench.coordinator;

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
 */
public record RunOptions(
        boolean keepTopics,
        Duration progressInterval,
        Duration drainTimeout,
        Duration readinessTimeout,
        int topicBatchSize,
        String topicPrefix) {

    public static RunOptions defaults() {
        return new RunOptions(false, Duration.ofSeconds(5), Duration.ofSeconds(60), Duration.ofSeconds(120), 100, "kbench");
    }

    public RunOptions withProgressInterval(Duration interval) {
        return new RunOptions(keepTopics, interval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix);
    }

    public RunOptions withKeepTopics(boolean keep) {
        return new RunOptions(keep, progressInterval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix);
    }

    public RunOptions withDrainTimeout(Duration timeout) {
        return new RunOptions(keepTopics, progressInterval, timeout, readinessTimeout, topicBatchSize, topicPrefix);
    }
}
