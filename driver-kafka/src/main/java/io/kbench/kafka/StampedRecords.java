package io.kbench.kafka;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntSupplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Makes one producer's records: the producer's user headers, then each message's {@link MessageStamp}
 * in the {@link SendTimeHeader}; the partition asked for, if any.
 *
 * <p>{@link KafkaProducer#send} writes a record's key, value and headers into the batch before it
 * returns, and nothing in the client keeps the record after that (it takes the timestamp and the
 * partition anew for each send when the record has none). So the header lists are built once per
 * producer, the stamp's value bytes rewritten for every message, and a record without a key is reused
 * for the next message with the same payload array and partition (the framework sends a few prepared
 * payloads over and over): no record, header list or header per message. A partition is boxed once
 * per partition number, not per message, and checked against the topic's partition count as the client
 * last saw it (asked again only for a partition beyond it): the client itself would block in {@code send}
 * for up to {@code max.block.ms} waiting for a partition the topic does not have. (A {@code ProducerInterceptor} that kept records for later would
 * see later stamps; none is set by the benchmark.) Not thread-safe: one per producer, used by its sending
 * thread, as the driver SPI promises.
 */
final class StampedRecords {

    /**
     * Records kept for reuse, by payload array and partition (direct-mapped on the array's identity hash mixed
     * with the partition): room for a few prepared payloads times some tens of partitions before they collide much.
     */
    private static final int CACHED = 256;

    private final String topic;
    private final ByteBuffer timeOnlyBytes;
    private final ByteBuffer fullBytes;
    /** The user headers and a time-only stamp, the user headers and a full stamp, the user headers alone (null for none). */
    private final RecordHeaders timeOnlyHeaders;
    private final RecordHeaders fullHeaders;
    private final RecordHeaders userHeaders;
    @SuppressWarnings("unchecked")
    private final ProducerRecord<byte[], byte[]>[] cached = new ProducerRecord[CACHED];
    /** The headers each cached record was made with (one of the three above, or null). */
    private final RecordHeaders[] cachedHeaders = new RecordHeaders[CACHED];
    /** Boxed partition numbers, made on first use: ProducerRecord takes an Integer. */
    private Integer[] partitions = new Integer[0];
    private final IntSupplier partitionCount;
    /** The topic's partition count when last asked; 0 before. */
    private int knownPartitions;

    /**
     * @param user the producer's user headers, in order
     * @param partitionCount the topic's partition count as the client knows it (Kafka: {@code partitionsFor(topic).size()},
     *     which waits for metadata only when it has none); asked only for sends to a partition
     */
    StampedRecords(String topic, List<ProducerOptions.Header> user, IntSupplier partitionCount) {
        this.topic = topic;
        this.partitionCount = partitionCount;
        byte[] timeOnly = new byte[MessageStamp.TIME_ONLY_BYTES];
        byte[] full = new byte[MessageStamp.FULL_BYTES];
        this.timeOnlyBytes = ByteBuffer.wrap(timeOnly); // big-endian, as MessageStamp#encode
        this.fullBytes = ByteBuffer.wrap(full);
        this.timeOnlyHeaders = headers(user, timeOnly);
        this.fullHeaders = headers(user, full);
        this.userHeaders = user.isEmpty() ? null : headers(user, null);
    }

    /** The user headers in order, then the stamp header when {@code stamp} is not null (the last one, where the consumer looks first). */
    private static RecordHeaders headers(List<ProducerOptions.Header> user, byte[] stamp) {
        RecordHeaders h = new RecordHeaders();
        for (ProducerOptions.Header u : user) {
            h.add(new RecordHeader(u.name(), u.value()));
        }
        if (stamp != null) {
            h.add(new RecordHeader(SendTimeHeader.KEY, stamp));
        }
        return h;
    }

    /**
     * The record of one message, its stamp in the last header (the same bytes as {@link MessageStamp#encode()});
     * without a stamp (nobody consumes) only the user headers, if any.
     *
     * @param partition 0 or more, or {@link BenchmarkProducer#ANY_PARTITION} for the partitioner's choice
     * @throws IllegalArgumentException for a partition the topic does not have (or below -1)
     */
    ProducerRecord<byte[], byte[]> record(byte[] key, byte[] payload, int partition, MessageStamp stamp) {
        RecordHeaders headers = userHeaders;
        if (stamp != null) {
            if (stamp.checksIntegrity()) {
                fullBytes.putLong(0, stamp.intendedSendEpochMicros());
                fullBytes.putLong(8, stamp.producerId());
                fullBytes.putLong(16, stamp.sequence());
                headers = fullHeaders;
            } else {
                timeOnlyBytes.putLong(0, stamp.intendedSendEpochMicros());
                headers = timeOnlyHeaders;
            }
        }
        Integer boxed = partition == BenchmarkProducer.ANY_PARTITION ? null : boxed(partition);
        if (key != null) {
            return new ProducerRecord<>(topic, boxed, null, key, payload, headers);
        }
        int slot = slot(payload, partition);
        ProducerRecord<byte[], byte[]> r = cached[slot];
        // The record's own header list holds our header objects, whose bytes were just rewritten.
        if (r == null || r.value() != payload || cachedHeaders[slot] != headers || r.partition() != boxed) {
            r = new ProducerRecord<>(topic, boxed, null, null, payload, headers); // copies the list (not the headers)
            cached[slot] = r;
            cachedHeaders[slot] = headers;
        }
        return r;
    }

    private static int slot(byte[] payload, int partition) {
        int h = System.identityHashCode(payload) ^ (partition * 0x9E3779B9); // the golden ratio spreads consecutive partitions
        return (h ^ (h >>> 16)) & (CACHED - 1);
    }

    /** The same Integer for a partition every time. */
    private Integer boxed(int partition) {
        if (partition < 0 || partition >= knownPartitions && partition >= (knownPartitions = partitionCount.getAsInt())) {
            throw new IllegalArgumentException("partition " + partition + " of topic " + topic + " does not exist: it has "
                    + knownPartitions + " partition(s), 0 to " + (knownPartitions - 1));
        }
        if (partition >= partitions.length) {
            partitions = Arrays.copyOf(partitions, Math.max(partition + 1, partitions.length * 2));
        }
        Integer b = partitions[partition];
        if (b == null) {
            b = partition; // boxed once per partition number
            partitions[partition] = b;
        }
        return b;
    }
}
