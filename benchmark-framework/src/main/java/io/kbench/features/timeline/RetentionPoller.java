package io.kbench.features.timeline;

import io.kbench.driver.ClusterOperations;
import io.kbench.time.BenchmarkClock;
import io.kbench.time.Poller;
import io.kbench.util.Errors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Polls the log start offsets of the run's partitions through the cluster's admin interface, on a daemon thread of its
 * own, from the load's start to the end of the phases, and records an event each time some rose. The first poll is the
 * baseline: what retention removed before the run does not count. Bounded on a run of days: the first {@link #KEPT}
 * events are kept, the rest only counted.
 */
final class RetentionPoller {

    static final int KEPT = 1_000;

    private final ClusterOperations cluster;
    private final List<String> topics;
    private final BenchmarkClock clock;
    private final long loadStartNanos;
    private final long intervalNanos;
    private final Map<String, List<Long>> last = new HashMap<>();
    private final List<RetentionEvent> events = new ArrayList<>();
    private final Set<String> touched = new HashSet<>();
    private int eventCount;
    private long removed;
    private int polls;
    private int failedPolls;
    private String lastFailure;
    private boolean everKnown;
    private final Poller poller;

    RetentionPoller(ClusterOperations cluster, List<String> topics, BenchmarkClock clock, long loadStartNanos, long intervalNanos) {
        this.cluster = cluster;
        this.topics = List.copyOf(topics);
        this.clock = clock;
        this.loadStartNanos = loadStartNanos;
        this.intervalNanos = intervalNanos;
        this.poller = new Poller("kbench-retention", clock, () -> intervalNanos, this::pollOnce);
    }

    void start() {
        poller.start();
    }

    /** Asks the cluster once and records what rose since the last answer. */
    void pollOnce() {
        Map<String, List<Long>> now;
        try {
            now = cluster.startOffsets(topics);
        } catch (RuntimeException e) {
            synchronized (this) {
                failedPolls++;
                lastFailure = Errors.describeForUser(e);
            }
            return;
        }
        long at = (clock.nanoTime() - loadStartNanos) / 1_000;
        synchronized (this) {
            polls++;
            everKnown |= !now.isEmpty();
            now.forEach((topic, offsets) -> compare(at, topic, last.get(topic), offsets));
            last.putAll(now);
        }
    }

    private void compare(long at, String topic, List<Long> before, List<Long> now) {
        if (before == null) {
            return;
        }
        List<Integer> rose = new ArrayList<>();
        long gone = 0;
        for (int p = 0; p < Math.min(before.size(), now.size()); p++) {
            long delta = now.get(p) - before.get(p);
            if (delta > 0) {
                rose.add(p);
                gone += delta;
                touched.add(topic + "-" + p);
            }
        }
        if (rose.isEmpty()) {
            return;
        }
        eventCount++;
        removed += gone;
        if (events.size() < KEPT) {
            events.add(new RetentionEvent(at, topic, rose, gone));
        }
    }

    /** Stops polling; waits a little for a poll under way. */
    void stop() {
        poller.stop();
    }

    synchronized Retention retention() {
        if (!everKnown) {
            return Retention.notKnown(polls == 0 && lastFailure != null ? "the cluster did not answer: " + lastFailure
                    : "the cluster does not tell its partitions' start offsets");
        }
        return new Retention(true, null, intervalNanos / 1_000_000, polls, failedPolls, removed, touched.size(), eventCount, events);
    }
}
