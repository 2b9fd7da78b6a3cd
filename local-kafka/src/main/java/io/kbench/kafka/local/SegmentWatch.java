package io.kbench.kafka.local;

import io.kbench.driver.BrokerActivity;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The log segment deletions of a node's broker, as the broker's own gauges show them: every second (a second more for
 * each 1,000 partitions it holds) it reads each partition's {@code kafka.log:type=Log,name=NumLogSegments} and
 * {@code LogStartOffset} (Kafka 4 has no meter of deleted segments), on a daemon thread of its own. A partition whose
 * segment count fell, or whose start offset rose, lost segments since the poll before: as many as the count fell, at
 * least one (a segment rolled in the same second hides one deleted). Kafka's internal topics ({@code __...}) are left
 * out. The first poll is the baseline. Bounded: the first {@link #KEPT} deletions are kept, the rest counted.
 */
final class SegmentWatch {

    static final int KEPT = 1_000;
    static final long INTERVAL_MILLIS = 1_000;
    static final int PARTITIONS_PER_INTERVAL = 1_000;

    private static final String SEGMENTS = "kafka.log:type=Log,name=NumLogSegments,*";

    /** One partition's gauges at a poll. */
    record Reading(long segments, long startOffset) {}

    private final Map<String, Reading> last = new HashMap<>();
    private final List<BrokerActivity.SegmentDeletion> deletions = new ArrayList<>();
    private long deletionCount;
    private long segmentsDeleted;
    private boolean baselined;

    /** Starts polling this JVM's broker on a daemon thread, for the JVM's life. */
    static SegmentWatch polling() {
        SegmentWatch watch = new SegmentWatch();
        Thread t = new Thread(() -> {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Map<String, Reading> now = read(server);
                    watch.poll(NodeActivity.nowEpochMicros(), now);
                    Thread.sleep(INTERVAL_MILLIS * Math.max(1, (now.size() + PARTITIONS_PER_INTERVAL - 1) / PARTITIONS_PER_INTERVAL));
                }
            } catch (InterruptedException e) {
                // the JVM ends
            }
        }, "kbench-node-segments");
        t.setDaemon(true);
        t.start();
        return watch;
    }

    /** Each partition's gauges now, "topic-partition" to its reading; a partition gone mid-read is left out. */
    static Map<String, Reading> read(MBeanServer server) {
        Map<String, Reading> out = new HashMap<>();
        Set<ObjectName> names;
        try {
            names = server.queryNames(new ObjectName(SEGMENTS), null);
        } catch (Exception e) {
            return out;
        }
        for (ObjectName name : names) {
            String topic = name.getKeyProperty("topic");
            String partition = name.getKeyProperty("partition");
            if (topic == null || partition == null || topic.startsWith("__")) {
                continue;
            }
            try {
                long segments = ((Number) server.getAttribute(name, "Value")).longValue();
                ObjectName start = new ObjectName(name.getCanonicalName().replace("name=NumLogSegments", "name=LogStartOffset"));
                long startOffset = ((Number) server.getAttribute(start, "Value")).longValue();
                out.put(topic + "-" + partition, new Reading(segments, startOffset));
            } catch (Exception e) {
                // the partition left this broker (or its log was deleted) between the query and the read
            }
        }
        return out;
    }

    /** Compares a poll with the one before and records what fell, one deletion per topic. */
    synchronized void poll(long epochMicros, Map<String, Reading> now) {
        if (!baselined) {
            baselined = true;
            last.putAll(now);
            return;
        }
        Map<String, TreeMap<Integer, Integer>> byTopic = new LinkedHashMap<>();
        now.forEach((key, reading) -> {
            Reading before = last.get(key);
            if (before == null) {
                return; // a new partition here: its first reading is its baseline
            }
            long fell = before.segments() - reading.segments();
            if (fell > 0 || reading.startOffset() > before.startOffset()) {
                int dash = key.lastIndexOf('-');
                byTopic.computeIfAbsent(key.substring(0, dash), k -> new TreeMap<>())
                        .put(Integer.parseInt(key.substring(dash + 1)), (int) Math.max(1, fell));
            }
        });
        last.clear();
        last.putAll(now);
        byTopic.forEach((topic, partitions) -> {
            int segments = partitions.values().stream().mapToInt(Integer::intValue).sum();
            deletionCount++;
            segmentsDeleted += segments;
            if (deletions.size() < KEPT) {
                deletions.add(new BrokerActivity.SegmentDeletion(epochMicros, topic, List.copyOf(partitions.keySet()), segments));
            }
        });
    }

    synchronized long deletionCount() {
        return deletionCount;
    }

    synchronized long segmentsDeleted() {
        return segmentsDeleted;
    }

    synchronized List<BrokerActivity.SegmentDeletion> deletions() {
        return List.copyOf(deletions);
    }
}
