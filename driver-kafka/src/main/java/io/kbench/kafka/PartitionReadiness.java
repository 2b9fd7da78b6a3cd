package io.kbench.kafka;

import io.kbench.driver.DriverException;
import io.kbench.driver.TopicSpec;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits until every partition of new topics is served: in metadata, and its leader answers for it.
 * A leader named in metadata may not have taken the partition yet (it answers
 * NOT_LEADER_OR_FOLLOWER), and an idempotent producer whose first batch failed so can stay stuck
 * retrying (OUT_OF_ORDER_SEQUENCE_NUMBER) until its delivery timeout. Asking each leader for the
 * partition's end offset proves it serves it. Each round asks only for the partitions not served
 * yet, so progress is counted partition by partition.
 *
 * <p>A broker takes new partitions at its own pace (one broker on 2 busy cores took 10,000 in about
 * 30 to 55 s: it creates each partition's files), so the wait is bounded by a base plus a time per
 * partition, and says how far it got when it gives up.
 */
final class PartitionReadiness {

    private static final Logger log = LoggerFactory.getLogger(PartitionReadiness.class);

    /** Allowed per partition, beyond the base: ten times what one busy broker took. */
    static final long MILLIS_PER_PARTITION = 50;
    /** The first wait between rounds; it doubles up to {@link #MAX_POLL_MILLIS}, so a broker busy creating is asked less. */
    private static final long POLL_MILLIS = 250;
    private static final long MAX_POLL_MILLIS = 2_000;
    private static final long LOG_EVERY_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final Admin admin;
    private final long baseSeconds;

    PartitionReadiness(Admin admin, long baseSeconds) {
        this.admin = admin;
        this.baseSeconds = baseSeconds;
    }

    /** How long {@code partitions} new partitions may take to be served. */
    static long allowedMillis(long baseSeconds, long partitions) {
        return TimeUnit.SECONDS.toMillis(baseSeconds) + MILLIS_PER_PARTITION * partitions;
    }

    void await(List<TopicSpec> specs) {
        Set<TopicPartition> pending = new LinkedHashSet<>();
        for (TopicSpec s : specs) {
            for (int p = 0; p < s.partitions(); p++) {
                pending.add(new TopicPartition(s.name(), p));
            }
        }
        int total = pending.size();
        long start = System.nanoTime();
        long allowed = allowedMillis(baseSeconds, total);
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(allowed);
        long nextLog = start + LOG_EVERY_NANOS;
        String lastError = null;
        long pause = POLL_MILLIS;
        while (true) {
            Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
            pending.forEach(tp -> ask.put(tp, OffsetSpec.latest()));
            ListOffsetsResult result = admin.listOffsets(ask,
                    new ListOffsetsOptions().timeoutMs((int) TimeUnit.SECONDS.toMillis(baseSeconds)));
            for (TopicPartition tp : List.copyOf(pending)) {
                try {
                    result.partitionResult(tp).get(baseSeconds, TimeUnit.SECONDS);
                    pending.remove(tp);
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (!(cause instanceof UnknownTopicOrPartitionException) && !(cause instanceof RetriableException)) {
                        throw new DriverException("topics were created but partition " + tp + " cannot be read: "
                                + cause.getMessage(), cause);
                    }
                    lastError = tp + ": " + cause.getMessage();
                } catch (TimeoutException e) {
                    lastError = tp + ": no answer within " + baseSeconds + " s";
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new DriverException("interrupted while waiting for new topics", e);
                }
            }
            long now = System.nanoTime();
            if (pending.isEmpty()) {
                log.info("All {} new partitions served after {} ms", total, TimeUnit.NANOSECONDS.toMillis(now - start));
                return;
            }
            if (now > deadline) {
                throw new DriverException(String.format(Locale.ROOT, "topics were created but %,d of their %,d partitions were "
                        + "not served within %,d s (%,d ms per partition allowed beyond %d s), e.g. %s. The cluster takes new "
                        + "partitions slowly: give its brokers more resources, or use fewer partitions", pending.size(), total,
                        TimeUnit.MILLISECONDS.toSeconds(allowed), MILLIS_PER_PARTITION, baseSeconds, lastError));
            }
            if (now >= nextLog) {
                log.info("{} of {} new partitions served after {} s", total - pending.size(), total,
                        TimeUnit.NANOSECONDS.toSeconds(now - start));
                nextLog = now + LOG_EVERY_NANOS;
            }
            TopicAdmin.sleep(pause);
            pause = Math.min(MAX_POLL_MILLIS, 2 * pause);
        }
    }
}
