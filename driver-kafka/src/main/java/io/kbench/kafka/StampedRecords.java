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
 * <p>The header is built once per producer and its value bytes are rewritten for every message:
 * {@link KafkaProducer#send} writes a record's headers into the batch before it returns, and
 * nothing in the client keeps the record after that, so the next message may reuse them. (A
 * {@code ProducerInterceptor} that kept records for later would see later stamps; none is set
 * by the benchmark.) Not thread-safe: one per producer, used by its sending thread, as the driver
 * SPI promises.
 */
final class StampedRecords {

    private final String topic;
    private final byte[] timeOnly = new byte[MessageStamp.TIME_ONLY_BYTES];
    private final byte[] full = new byte[MessageStamp.FULL_BYTES];
    private final ByteBuffer timeOnlyBytes = ByteBuffer.wrap(timeOnly); // big-endian, as MessageStamp#encode
    private final ByteBuffer fullBytes = ByteBuffer.wrap(full);
    private final RecordHeaders timeOnlyHeaders = headers(timeOnly);
    private final RecordHeaders fullHeaders = headers(full);

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
        // The record copies the list of headers (not the header): the client marks its copy read-only.
        return new ProducerRecord<>(topic, null, null, key, payload, headers);
    }
}
