package io.kbench.kafka;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.SendCompletion;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;

/** Sends to one topic through its own {@link KafkaProducer}. */
final class KafkaBenchmarkProducer implements BenchmarkProducer {

    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;

    KafkaBenchmarkProducer(KafkaProducer<byte[], byte[]> producer, String topic) {
        this.producer = producer;
        this.topic = topic;
    }

    @Override
    public void sendAsync(byte[] key, byte[] payload, long intendedSendEpochMicros, SendCompletion completion) {
        // Without consumers nobody reads the send time: skip the header (and its bytes on the wire).
        Iterable<Header> headers = intendedSendEpochMicros == ConsumerCallback.UNKNOWN_SEND_TIME ? null
                : new RecordHeaders(new Header[] {new RecordHeader(SendTimeHeader.KEY, SendTimeHeader.encode(intendedSendEpochMicros))});
        producer.send(new ProducerRecord<>(topic, null, null, key, payload, headers),
                (metadata, error) -> completion.completed(error));
    }

    @Override
    public void close() {
        producer.close(java.time.Duration.ofSeconds(30)); // bounded: the broker may be gone already
    }
}
