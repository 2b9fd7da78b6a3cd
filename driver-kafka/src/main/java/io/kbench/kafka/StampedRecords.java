package io.kbench.kafka;

import io.kbench.driver.MessageStamp;
import java.nio.ByteBuffer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Makes one producer's records, each message's {@link MessageStamp} in the {@link SendTimeHeader}.
 *
 * <p>{@link KafkaProducer#send} writes a record's key, value and headers into the batch before it
 * returns, and nothing in the client keeps the record after that (it takes the timestamp and the
 * partition anew for each send when the record has none). So the header is built once per producer,
 * its value bytes rewritten for every message, and a record without a key is reused for the next
 * message with the same payload array (the framework sends a few prepared payloads over and over):
 * no record, header list or header per message. (A {@code ProducerInterceptor} that kept records for
 * later would see later stamps; none is set by the benchmark.) Not thread-safe: one per producer,
 * used by its sending thread, as the driver SPI promises.
 */
final class StampedRecords {

    /** Records kept for reuse, by payload array (direct-mapped on its identity hash). */
    private static final int CACHED = 64;

    private final String topic;
    private final byte[] timeOnly = new byte[MessageStamp.TIME_ONLY_BYTES];
    private final byte[] full = new byte[MessageStamp.FULL_BYTES];
    private final ByteBuffer timeOnlyBytes = ByteBuffer.wrap(timeOnly); // big-endian, as MessageStamp#encode
    private final ByteBuffer fullBytes = ByteBuffer.wrap(full);
    private final RecordHeaders timeOnlyHeaders = headers(timeOnly);
    private final RecordHeaders fullHeaders = headers(full);
    @SuppressWarnings("unchecked")
    private final ProducerRecord<byte[], byte[]>[] cached = new ProducerRecord[CACHED];
    /** The headers each cached record was made with (timeOnlyHeaders, fullHeaders or null). */
    private final RecordHeaders[] cachedHeaders = new RecordHeaders[CACHED];

    StampedRecords(String topic) {
        this.topic = topic;
    }

    private static RecordHeaders headers(byte[] value) {
        RecordHeaders h = new RecordHeaders();
        h.add(new RecordHeader(SendTimeHeader.KEY, value));
        return h;
    }

    /**
     * The record of one message, its stamp in the header (the same bytes as {@link MessageStamp#encode()});
     * without a stamp (nobody consumes) no header, nor its bytes on the wire.
     */
    ProducerRecord<byte[], byte[]> record(byte[] key, byte[] payload, MessageStamp stamp) {
        RecordHeaders headers = null;
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
        if (key != null) {
            return new ProducerRecord<>(topic, null, null, key, payload, headers);
        }
        int slot = System.identityHashCode(payload) & (CACHED - 1);
        ProducerRecord<byte[], byte[]> r = cached[slot];
        // The record's own header list holds our header objects, whose bytes were just rewritten.
        if (r == null || r.value() != payload || cachedHeaders[slot] != headers) {
            r = new ProducerRecord<>(topic, null, null, null, payload, headers); // copies the list (not the headers)
            cached[slot] = r;
            cachedHeaders[slot] = headers;
        }
        return r;
    }
}
