package io.kbench.kafka;

import io.kbench.driver.DriverException;
import io.kbench.driver.TopicOffsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

/**
 * The earliest and end offsets of topics' partitions ({@link TopicOffsets}), through the admin client's
 * {@code listOffsets}: the log start offset, and the high watermark, or the last stable offset when the
 * driver's consumers read committed records only (the end they can reach).
 */
final class OffsetLookup {

    static final long TIMEOUT_SECONDS = 30;

    private final Admin admin;
    private final Function<List<String>, Map<String, Integer>> partitionCounts;
    private final IsolationLevel isolation;

    /**
     * @param partitionCounts each existing topic's partition count (missing topics left out)
     * @param readCommitted the driver's consumers read committed records only
     */
    OffsetLookup(Admin admin, Function<List<String>, Map<String, Integer>> partitionCounts, boolean readCommitted) {
        this.admin = admin;
        this.partitionCounts = partitionCounts;
        this.isolation = readCommitted ? IsolationLevel.READ_COMMITTED : IsolationLevel.READ_UNCOMMITTED;
    }

    Map<String, TopicOffsets> of(List<String> topics) {
        Map<String, Integer> counts = partitionCounts.apply(topics);
        Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        counts.forEach((topic, n) -> {
            for (int p = 0; p < n; p++) {
                earliest.put(new TopicPartition(topic, p), OffsetSpec.earliest());
                latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
        });
        if (counts.isEmpty()) {
            return Map.of();
        }
        Map<TopicPartition, ListOffsetsResultInfo> starts = list(earliest, counts);
        Map<TopicPartition, ListOffsetsResultInfo> ends = list(latest, counts);
        Map<String, TopicOffsets> out = new HashMap<>();
        counts.forEach((topic, n) -> {
            List<TopicOffsets.Partition> partitions = new ArrayList<>(n);
            for (int p = 0; p < n; p++) {
                TopicPartition tp = new TopicPartition(topic, p);
                long start = starts.get(tp).offset();
                partitions.add(new TopicOffsets.Partition(start, Math.max(start, ends.get(tp).offset())));
            }
            out.put(topic, new TopicOffsets(partitions));
        });
        return out;
    }

    private Map<TopicPartition, ListOffsetsResultInfo> list(Map<TopicPartition, OffsetSpec> specs, Map<String, Integer> counts) {
        ListOffsetsOptions options = new ListOffsetsOptions(isolation).timeoutMs((int) TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
        try {
            return admin.listOffsets(specs, options).all().get(TIMEOUT_SECONDS + 5, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new DriverException("could not read the offsets of topics " + counts.keySet() + ": "
                    + KafkaBenchmarkDriver.rootMessage(e), e.getCause());
        } catch (TimeoutException e) {
            throw new DriverException("Kafka did not give the offsets of topics " + counts.keySet() + " within " + TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while reading the offsets of topics " + counts.keySet(), e);
        }
    }
}
