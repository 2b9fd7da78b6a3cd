package io.kbench.features.operations;

import io.kbench.driver.ClusterOperations;
import io.kbench.driver.PartitionHealth;
import io.kbench.time.BenchmarkClock;
import io.kbench.time.Poller;
import java.util.ArrayList;
import java.util.List;

/**
 * Polls the health of the run's partitions through the cluster's admin interface (so on any cluster) on a thread of
 * its own, from the load's start to the end of the phases: under-replicated, offline and reassigning partitions over
 * time. The series stays bounded on a run of days: past {@link #MAX_POINTS} every other point is dropped and the
 * interval doubles. A poll the cluster does not answer is left out and counted. Each poll also asks the epochs of the
 * run's consumer groups ({@link GroupEpochs}), kept as bounded; a poll of them the cluster does not answer is left out.
 */
final class HealthPoller {

    static final int MAX_POINTS = 2_000;

    private final ClusterOperations cluster;
    private final List<String> topics;
    private final BenchmarkClock clock;
    private final long loadStartNanos;
    private final List<HealthPoint> points = new ArrayList<>();
    private final List<String> groups;
    private final List<GroupEpochs.Poll> epochs = new ArrayList<>();
    private long intervalNanos;
    private int failedPolls;
    private String lastFailure;
    private final Poller poller;

    /** @param groups the run's consumer groups, whose epochs are polled too */
    HealthPoller(ClusterOperations cluster, List<String> topics, List<String> groups, BenchmarkClock clock, long loadStartNanos,
                 long intervalNanos) {
        this.cluster = cluster;
        this.topics = List.copyOf(topics);
        this.groups = List.copyOf(groups);
        this.clock = clock;
        this.loadStartNanos = loadStartNanos;
        this.intervalNanos = intervalNanos;
        this.poller = new Poller("kbench-partition-health", clock, this::intervalNanos, this::pollOnce);
    }

    void start() {
        poller.start();
    }

    /** The interval now: it doubles each time the points are thinned. */
    private synchronized long intervalNanos() {
        return intervalNanos;
    }

    /** Asks the cluster once and keeps the answer; returns it, or null when the cluster did not answer. */
    PartitionHealth pollOnce() {
        pollEpochs();
        PartitionHealth h;
        try {
            h = cluster.health(topics);
        } catch (RuntimeException e) {
            synchronized (this) {
                failedPolls++;
                lastFailure = e.getMessage();
            }
            return null;
        }
        long at = (clock.nanoTime() - loadStartNanos) / 1_000;
        synchronized (this) {
            points.add(new HealthPoint(at, h.underReplicated(), h.offline(), h.reassigning()));
            if (points.size() > MAX_POINTS) {
                List<HealthPoint> kept = new ArrayList<>();
                for (int i = 0; i < points.size(); i += 2) {
                    kept.add(points.get(i));
                }
                points.clear();
                points.addAll(kept);
                intervalNanos *= 2;
            }
        }
        return h;
    }

    private void pollEpochs() {
        if (groups.isEmpty()) {
            return;
        }
        java.util.Map<String, Integer> e;
        try {
            e = cluster.groupEpochs(groups);
        } catch (RuntimeException ex) {
            return; // unknown at this poll: the windows use the polls around it
        }
        long at = (clock.nanoTime() - loadStartNanos) / 1_000;
        synchronized (this) {
            epochs.add(new GroupEpochs.Poll(at, java.util.Map.copyOf(e)));
            if (epochs.size() > MAX_POINTS) {
                List<GroupEpochs.Poll> kept = GroupEpochs.thinned(epochs);
                epochs.clear();
                epochs.addAll(kept);
            }
        }
    }

    /** The groups' epochs polled so far. */
    synchronized GroupEpochs epochs() {
        return new GroupEpochs(groups, epochs);
    }

    /** Stops polling; waits a little for a poll under way. */
    void stop() {
        poller.stop();
    }

    synchronized List<HealthPoint> points() {
        return List.copyOf(points);
    }

    synchronized int failedPolls() {
        return failedPolls;
    }

    synchronized String lastFailure() {
        return lastFailure;
    }
}
