package io.kbench.kafka;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.SendCompletion;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.RecordMetadata;

/** Sends to one topic through its own {@link KafkaProducer}. */
final class KafkaBenchmarkProducer implements BenchmarkProducer {

    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final KafkaProducer<byte[], byte[]> producer;
    private final StampedRecords records;

    KafkaBenchmarkProducer(KafkaProducer<byte[], byte[]> producer, String topic, List<ProducerOptions.Header> headers) {
        this.producer = producer;
        this.records = new StampedRecords(topic, headers, () -> producer.partitionsFor(topic).size());
    }

    @Override
    public void sendAsync(byte[] key, byte[] payload, int partition, MessageStamp stamp, SendCompletion completion) {
        producer.send(records.record(key, payload, partition, stamp), (metadata, error) -> completion.completed(partitionOf(metadata), error));
    }

    /** The partition Kafka wrote to (or meant to, for a failed send), or {@link SendCompletion#UNKNOWN_PARTITION}. */
    static int partitionOf(RecordMetadata metadata) {
        return metadata == null || metadata.partition() < 0 ? SendCompletion.UNKNOWN_PARTITION : metadata.partition();
    }

    @Override
    public void close() {
        // Bounded: the broker may be gone already. Messages still unacknowledged by now were
        // counted as undelivered before the framework closed the clients.
        producer.close(CLOSE_TIMEOUT);
    }
}
