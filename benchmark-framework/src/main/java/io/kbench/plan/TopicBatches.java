package io.kbench.plan;

import io.kbench.driver.TopicSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a run's topics into the calls the coordinator makes to create them: at most
 * {@code maxTopics} topics and {@code maxPartitions} partitions per call (a topic larger than that
 * is a call of its own). A call returns once its partitions are served, so its size bounds how
 * long the console waits between progress lines and how long a worker call lasts; the driver splits
 * each call further into requests its cluster accepts.
 *
 * @param maxTopics the most topics per call
 * @param maxPartitions the most partitions per call
 */
public record TopicBatches(int maxTopics, int maxPartitions) {

    /**
     * Partitions per call: a busy broker on 2 cores takes new partitions at about 200 to 300 a second, so a
     * call of 2,000 answers within about 10 s.
     */
    public static final int DEFAULT_MAX_PARTITIONS = 2_000;

    /**
     * How long a worker may take over one creation call of {@code partitions} partitions: 2 min, plus 100 ms a
     * partition (twice what the Kafka driver allows a partition to be served in).
     */
    public static java.time.Duration callTimeout(long partitions) {
        return java.time.Duration.ofSeconds(120).plusMillis(100 * partitions);
    }

    public TopicBatches {
        if (maxTopics < 1 || maxPartitions < 1) {
            throw new IllegalArgumentException("batch limits must be at least 1");
        }
    }

    /** The calls, in the topics' order. */
    public List<List<TopicSpec>> split(List<TopicSpec> topics) {
        List<List<TopicSpec>> calls = new ArrayList<>();
        List<TopicSpec> call = new ArrayList<>();
        long partitions = 0;
        for (TopicSpec t : topics) {
            if (!call.isEmpty() && (call.size() >= maxTopics || partitions + t.partitions() > maxPartitions)) {
                calls.add(List.copyOf(call));
                call = new ArrayList<>();
                partitions = 0;
            }
            call.add(t);
            partitions += t.partitions();
        }
        if (!call.isEmpty()) {
            calls.add(List.copyOf(call));
        }
        return List.copyOf(calls);
    }

    /** All partitions of these topics. */
    public static long partitions(List<TopicSpec> topics) {
        return topics.stream().mapToLong(TopicSpec::partitions).sum();
    }

    /** "topic a (12,000 partitions)" or "topics a to c (3 topics, 3,000 partitions)". */
    public static String describe(List<TopicSpec> call) {
        return call.size() == 1 ? String.format(Locale.ROOT, "topic %s (%,d partitions)", call.get(0).name(), call.get(0).partitions())
                : String.format(Locale.ROOT, "topics %s to %s (%d topics, %,d partitions)", call.get(0).name(),
                        call.get(call.size() - 1).name(), call.size(), partitions(call));
    }
}
