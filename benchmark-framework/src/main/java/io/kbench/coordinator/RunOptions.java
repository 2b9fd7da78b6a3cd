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
 * @param lease how long remote workers keep running without word from the coordinator; also
 *     how long a silent worker is tolerated before the run fails
 * @param coordinatorName who runs the coordinator (host and process), shown by busy workers
 */
public record RunOptions(
        boolean keepTopics,
        Duration progressInterval,
        Duration drainTimeout,
        Duration readinessTimeout,
        int topicBatchSize,
        String topicPrefix,
        Duration lease,
        String coordinatorName) {

    public static RunOptions defaults() {
        return new RunOptions(false, Duration.ofSeconds(5), Duration.ofSeconds(60), Duration.ofSeconds(120), 100, "kbench",
                Duration.ofSeconds(15), ProcessHandle.current().pid() + "@" + hostName());
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "unknown-host";
        }
    }

    public RunOptions withProgressInterval(Duration interval) {
        return new RunOptions(keepTopics, interval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix, lease, coordinatorName);
    }

    public RunOptions withKeepTopics(boolean keep) {
        return new RunOptions(keep, progressInterval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix, lease, coordinatorName);
    }

    public RunOptions withDrainTimeout(Duration timeout) {
        return new RunOptions(keepTopics, progressInterval, timeout, readinessTimeout, topicBatchSize, topicPrefix, lease, coordinatorName);
    }

    public RunOptions withLease(Duration newLease) {
        return new RunOptions(keepTopics, progressInterval, drainTimeout, readinessTimeout, topicBatchSize, topicPrefix, newLease, coordinatorName);
    }
}
