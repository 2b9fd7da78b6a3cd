package io.kbench.kafka;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.ShareConsumerCallback;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.errors.InvalidRecordStateException;
import org.apache.kafka.common.errors.WakeupException;

/**
 * One member of a share group, polling a {@link KafkaShareConsumer} on its own thread: each record of a
 * batch goes to the callback (which may take its time: the batch's acquisition locks run meanwhile),
 * then the batch is acknowledged.
 * <ul>
 *   <li>Explicit mode: every record gets the callback's answer and the batch is committed at once with
 *       {@code commitSync}, whose answer, per partition, becomes the {@link AcknowledgementCommit}s;
 *       {@code commitMicros} is that call's round trip.</li>
 *   <li>Implicit mode: the next poll carries the batch's acknowledgements, as Kafka intends, and the
 *       client reports them to an {@code AcknowledgementCommitCallback} inside a later poll, on this
 *       thread; {@code commitMicros} runs from the poll that carried them until then, so it is an upper
 *       bound that includes the processing of the batch in between.</li>
 * </ul>
 *
 * <p>{@link KafkaMember} runs the poll thread. {@link #closeAsCrash()} is as close to a crash as Kafka 4.3.1's share consumer
 * allows: it has no close option that stays in the group (the classic consumer's
 * {@code REMAIN_IN_GROUP}), so the poll thread stops at once without acknowledging the rest of its
 * batch and closes with no time to spare: whatever the client still sends (the acknowledgements made,
 * its leave), the records it held unacknowledged go back to the group as the broker sees fit (at once
 * when it learns the member left or its connection closed, else when their locks expire).
 */
final class KafkaShareBenchmarkConsumer extends KafkaMember {

    private static final long RETRY_MILLIS = 50;

    /** An implicit batch: when the poll that carries its acknowledgements started; 0 before. */
    private static final class Batch {
        long sentNanos;
    }

    private final KafkaShareConsumer<byte[], byte[]> consumer;
    private final String topic;
    private final String group;
    private final String clientId;
    private final boolean explicit;
    private final ShareConsumerCallback callback;
    private final GroupAdmin groups;
    /** Implicit mode: the batch of each record not reported yet, by partition and offset; only touched on the poll thread. */
    private final Map<Integer, Map<Long, Batch>> pending = new HashMap<>();
    /** The implicit batch the next poll acknowledges, or null. */
    private Batch unsent;

    KafkaShareBenchmarkConsumer(KafkaShareConsumer<byte[], byte[]> consumer, String topic, String group, String clientId,
                                AcknowledgementMode mode, ShareConsumerCallback callback, GroupAdmin groups) {
        super("share consumer", topic, RETRY_MILLIS);
        this.consumer = consumer;
        this.topic = topic;
        this.group = group;
        this.clientId = clientId;
        this.explicit = mode == AcknowledgementMode.EXPLICIT;
        this.callback = callback;
        this.groups = groups;
    }

    @Override
    void subscribe() {
        if (!explicit) {
            consumer.setAcknowledgementCommitCallback(this::committed);
        }
        consumer.subscribe(List.of(topic));
    }

    @Override
    void pollOnce() {
        if (unsent != null) {
            unsent.sentNanos = System.nanoTime(); // this poll carries the implicit batch's acknowledgements
            unsent = null;
        }
        ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL_TIMEOUT);
        if (records.isEmpty()) {
            return;
        }
        long receivedNanos = System.nanoTime();
        Batch batch = new Batch();
        Map<Integer, long[]> answered = new HashMap<>();
        for (ConsumerRecord<byte[], byte[]> record : records) {
            if (crashing()) {
                return; // a crash acknowledges nothing more
            }
            Acknowledgement ack = answer(record, receivedNanos);
            if (explicit) {
                consumer.acknowledge(record, typeOf(ack));
                answered.computeIfAbsent(record.partition(), p -> new long[3])[ack.ordinal()]++;
            } else {
                pending.computeIfAbsent(record.partition(), p -> new HashMap<>()).put(record.offset(), batch);
            }
        }
        if (explicit) {
            commit(answered);
        } else {
            unsent = batch;
        }
    }

    /** Explicit mode: commits the batch's acknowledgements and reports what each partition's leader answered. */
    private void commit(Map<Integer, long[]> answered) {
        long start = System.nanoTime();
        Map<TopicIdPartition, Optional<KafkaException>> result;
        try {
            result = consumer.commitSync(COMMIT_TIMEOUT);
        } catch (WakeupException e) {
            throw e;
        } catch (RuntimeException e) {
            warnOnce("share consumer commit failed: ", e);
            long[] all = new long[3];
            answered.values().forEach(c -> add(all, c));
            report(all, (System.nanoTime() - start) / 1000, e);
            return;
        }
        long micros = (System.nanoTime() - start) / 1000;
        long[] taken = new long[3];
        Map<String, long[]> refused = new HashMap<>();
        Map<String, KafkaException> errors = new HashMap<>();
        for (Map.Entry<TopicIdPartition, Optional<KafkaException>> e : result.entrySet()) {
            long[] counts = answered.get(e.getKey().partition());
            if (counts == null) {
                continue;
            }
            if (e.getValue().isEmpty()) {
                add(taken, counts);
            } else {
                KafkaException error = e.getValue().get();
                String kind = error.getClass().getName();
                add(refused.computeIfAbsent(kind, k -> new long[3]), counts);
                errors.putIfAbsent(kind, error);
            }
        }
        report(taken, micros, null);
        refused.forEach((kind, counts) -> report(counts, micros, errors.get(kind)));
    }

    private static void add(long[] to, long[] counts) {
        for (int i = 0; i < to.length; i++) {
            to[i] += counts[i];
        }
    }

    private void report(long[] counts, long micros, Exception error) {
        if (counts[0] + counts[1] + counts[2] == 0) {
            return;
        }
        AcknowledgementCommit commit = new AcknowledgementCommit(counts[0], counts[1], counts[2], Math.max(0, micros), error,
                error instanceof InvalidRecordStateException);
        try {
            callback.acknowledgementsCommitted(commit);
        } catch (RuntimeException e) {
            warnOnce("share consumer commit callback failed: ", e);
        }
    }

    private Acknowledgement answer(ConsumerRecord<byte[], byte[]> record, long receivedNanos) {
        if (!explicit) {
            call(record, receivedNanos);
            return Acknowledgement.ACCEPT;
        }
        Acknowledgement ack = call(record, receivedNanos);
        return ack == null ? Acknowledgement.RELEASE : ack;
    }

    /** The callback's answer; a callback that throws releases the record, so it comes back. */
    private Acknowledgement call(ConsumerRecord<byte[], byte[]> record, long receivedNanos) {
        try {
            return callback.messageReceived(record.serializedValueSize() < 0 ? 0 : record.serializedValueSize(), record.partition(),
                    record.offset(), SendTimeHeader.decode(record.headers()), record.deliveryCount().orElse((short) 1), receivedNanos);
        } catch (RuntimeException e) {
            warnOnce("share consumer callback failed (record released): ", e);
            return Acknowledgement.RELEASE;
        }
    }

    private static AcknowledgeType typeOf(Acknowledgement ack) {
        return switch (ack) {
            case ACCEPT -> AcknowledgeType.ACCEPT;
            case RELEASE -> AcknowledgeType.RELEASE;
            case REJECT -> AcknowledgeType.REJECT;
        };
    }

    /** Implicit mode: the client's report of one commit (every record accepted), on this thread, inside a poll or close. */
    private void committed(Map<TopicIdPartition, Set<Long>> offsets, Exception error) {
        long now = System.nanoTime();
        long accepted = 0;
        long sentNanos = now;
        for (Map.Entry<TopicIdPartition, Set<Long>> e : offsets.entrySet()) {
            Map<Long, Batch> ofPartition = pending.get(e.getKey().partition());
            for (Long offset : e.getValue()) {
                Batch b = ofPartition == null ? null : ofPartition.remove(offset);
                if (b != null && b.sentNanos != 0) {
                    sentNanos = Math.min(sentNanos, b.sentNanos);
                }
                accepted++;
            }
        }
        report(new long[] {accepted, 0, 0}, (now - sentNanos) / 1000, error);
    }

    /** Paused: the acknowledgements still held go out now (else their locks would run out), then no fetch until resumed. */
    @Override
    void whilePaused() {
        if (unsent != null) {
            unsent.sentNanos = System.nanoTime();
            unsent = null;
            try {
                consumer.commitSync(COMMIT_TIMEOUT);
            } catch (WakeupException e) {
                throw e;
            } catch (RuntimeException e) {
                warnOnce("share consumer commit failed: ", e);
            }
        }
        sleepQuietly(RETRY_MILLIS);
    }

    @Override
    void wakeup() {
        consumer.wakeup();
    }

    /** A crash closes at once, without waiting for what the client still sends; else with up to 5 s for it. */
    @Override
    void closeClient(boolean crash) {
        quietly("closing share consumer", () -> consumer.close(crash ? Duration.ZERO : CLOSE_TIMEOUT));
    }

    /** The partitions the group assigned this member, from the share group's description (several members may hold one). */
    @Override
    int heldPartitions() {
        return groups.sharePartitionsOf(group, clientId);
    }
}
