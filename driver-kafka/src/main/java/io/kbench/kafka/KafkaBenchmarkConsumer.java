package io.kbench.kafka;

import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.ConsumerCallback.TimestampType;
import io.kbench.driver.GroupMembership;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

/**
 * One member of a consumer group, polling a {@link CrashableKafkaConsumer} on its own thread
 * ({@link KafkaMember}), so that it can also be closed as a crash.
 */
final class KafkaBenchmarkConsumer extends KafkaMember {

    private static final long RETRY_MILLIS = 200;
    /**
     * Without auto-commit, positions are committed asynchronously at most this often while reading (a
     * commit per poll was a request to the broker every few hundred records), synchronously when
     * partitions are revoked, and once more on close.
     */
    static final long COMMIT_INTERVAL_NANOS = 100_000_000L;

    private final CrashableKafkaConsumer consumer;
    private final String topic;
    private final ConsumerCallback callback;
    private final boolean commitAfterPoll;
    private final GroupMembership membership;
    /** Where a partition the group has no committed offset in starts: 0 for auto.offset.reset, else at most this old. */
    private final long startAgeMillis;
    private volatile int assigned;
    /** Poll thread only: whether the member is paused, and whether it read something since the last commit. */
    private boolean paused;
    private boolean uncommitted;
    private long lastCommitNanos = System.nanoTime();

    /** @param startAgeMillis 0: partitions new to the group start as auto.offset.reset says; else from records at most this old */
    KafkaBenchmarkConsumer(CrashableKafkaConsumer consumer, String topic, ConsumerCallback callback, boolean autoCommit,
                           GroupMembership membership, long startAgeMillis) {
        super("consumer", topic, RETRY_MILLIS);
        this.consumer = consumer;
        this.topic = topic;
        this.callback = callback;
        this.commitAfterPoll = !autoCommit;
        this.membership = membership;
        this.startAgeMillis = startAgeMillis;
    }

    @Override
    public Optional<GroupMembership> groupMembership() {
        return Optional.of(membership);
    }

    @Override
    void subscribe() {
        consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                // Hand over cleanly: the next owner starts where we stopped, not at an older
                // commit, so a rebalance does not deliver messages twice.
                if (commitAfterPoll) {
                    quietly("commit on revocation", () -> consumer.commitSync(COMMIT_TIMEOUT));
                    uncommitted = false;
                }
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                if (paused) {
                    consumer.pause(partitions); // newly assigned partitions start unpaused
                }
                if (startAgeMillis > 0) {
                    AgeStart.seek(consumer, partitions, startAgeMillis, System.currentTimeMillis());
                }
                // Look the starting positions up now, before assignedPartitionCount counts these partitions:
                // else a consumer from the end (auto.offset.reset=latest) could count as ready while its
                // lookup is under way, and skip messages the run sends right after.
                partitions.forEach(consumer::position);
            }
        });
    }

    @Override
    void pollOnce() {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL_TIMEOUT);
        if (!records.isEmpty()) {
            callback.batchArrived(); // the poll's records arrived together: one receive time for all
        }
        for (ConsumerRecord<byte[], byte[]> record : records) {
            TimestampType type = timestampType(record.timestampType());
            callback.messageReceived(Math.max(0, record.serializedValueSize()), record.partition(), record.offset(),
                    SendTimeHeader.decode(record.headers()), type == TimestampType.NONE ? ConsumerCallback.NO_TIMESTAMP : record.timestamp(),
                    type);
        }
        if (commitAfterPoll) {
            uncommitted |= !records.isEmpty();
            long now = System.nanoTime();
            if (uncommitted && now - lastCommitNanos >= COMMIT_INTERVAL_NANOS) {
                consumer.commitAsync();
                uncommitted = false;
                lastCommitNanos = now;
            }
        }
        assigned = consumer.assignment().size();
    }

    /** Kafka's kind of record timestamp as the SPI names it (a switch on constants: nothing allocated). */
    static TimestampType timestampType(org.apache.kafka.common.record.TimestampType type) {
        return switch (type) {
            case CREATE_TIME -> TimestampType.CREATE_TIME;
            case LOG_APPEND_TIME -> TimestampType.LOG_APPEND_TIME;
            case NO_TIMESTAMP_TYPE -> TimestampType.NONE;
        };
    }

    /** Paused: the client's partitions are paused, so its polls fetch nothing while it stays in the group. */
    @Override
    void pausedChanged(boolean pause) {
        if (pause) {
            consumer.pause(consumer.assignment());
        } else {
            consumer.resume(consumer.paused());
        }
        paused = pause;
    }

    @Override
    void wakeup() {
        consumer.wakeup();
    }

    /**
     * Commits what was read since the last commit (close waits, bounded, for it) and closes the client.
     * A crash closes it without a LeaveGroup (classic) or leave heartbeat (consumer protocol): the group
     * keeps the member until its session timeout. That last commit still goes out (and the classic consumer
     * commits on its partitions' revocation): a real crash could lose it and deliver those messages again.
     */
    @Override
    void closeClient(boolean crash) {
        assigned = 0;
        if (crash) {
            consumer.crashOnClose();
        }
        if (uncommitted) {
            quietly("commit before close", consumer::commitAsync);
        }
        quietly("closing consumer", () -> consumer.close(CLOSE_TIMEOUT));
    }

    @Override
    int heldPartitions() {
        return assigned;
    }
}
