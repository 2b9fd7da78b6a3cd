package io.kbench.kafka;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.SendCompletion;
import java.time.Duration;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;

/** Sends to one topic through its own {@link KafkaProducer}. */
final class KafkaBenchmarkProducer implements BenchmarkProducer {

    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;

    KafkaBenchmarkProducer(KafkaProducer<byte[], byte[]> producer, String topic) {
        this.producer = producer;
        this.topic = topic;
    }

    @Override
    public void sendAsync(byte[] key, byte[] payload, MessageStamp stamp, SendCompletion completion) {
        producer.send(record(topic, key, payload, stamp), (metadata, error) -> completion.completed(error));
    }

    /** The record of one message, its stamp in a header. */
    static ProducerRecord<byte[], byte[]> record(String topic, byte[] key, byte[] payload, MessageStamp stamp) {
        // Without consumers nobody reads the stamp: skip the header (and its bytes on the wire).
        Iterable<Header> headers = stamp == null ? null
                : new RecordHeaders(new Header[] {new RecordHeader(SendTimeHeader.KEY, stamp.encode())});
        return new ProducerRecord<>(topic, null, null, key, payload, headers);
    }

    @Override
    public void close() {
        // Bounded: the broker may be gone already. Messages still unacknowledged by now were
        // counted as undelivered before the framework closed the clients.
        producer.close(CLOSE_TIMEOUT);
    }
}
