package io.kbench.inmemory;

import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClientMetric.Aggregation;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.ConsumerCallback.TimestampType;
import io.kbench.driver.ConsumerRequest;
import io.kbench.driver.ConsumerRequest.GroupProtocol;
import io.kbench.driver.GroupMembership;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A member of a consumer group: it takes a batch of messages from the partitions it holds and hands
 * them to the callback one at a time ({@link InMemoryMember} runs the thread).
 */
final class InMemoryConsumer extends InMemoryMember<ConsumerGroup.Taken> {

    static final int BATCH = 100;
    /** Kafka's default session.timeout.ms. */
    static final Duration DEFAULT_SESSION_TIMEOUT = Duration.ofSeconds(45);

    private final ConsumerGroup group;
    private final String instanceId;
    private final GroupMembership membership;
    private final long sessionNanos;
    private final ConsumerCallback callback;
    private volatile long consumed;

    /**
     * @param request its start applies to a group new to the topic; a group instance id makes a static member; the
     *     session timeout (default {@link #DEFAULT_SESSION_TIMEOUT}) is how long a crashed or static member keeps its
     *     partitions; the protocol changes nothing here
     */
    InMemoryConsumer(InMemoryCluster cluster, Topic topic, ConsumerRequest.GroupMember request, AtomicLong lastAnswerMillis,
                     Consumer<Object> onClose) {
        this(cluster, topic, topic.group(request.group(), request.start()), request, lastAnswerMillis, onClose);
    }

    private InMemoryConsumer(InMemoryCluster cluster, Topic topic, ConsumerGroup group, ConsumerRequest.GroupMember request,
                             AtomicLong lastAnswerMillis, Consumer<Object> onClose) {
        super(cluster, topic, group, "kbench-inmemory-consumer-" + topic.name + "-" + request.group(), lastAnswerMillis, onClose);
        this.group = group;
        this.instanceId = request.groupInstanceId().orElse(null);
        // Its groups behave as Kafka's consumer protocol's do whatever is asked: unasked, that is what it reports.
        this.membership = request.protocol()
                .map(p -> new GroupMembership(p, GroupMembership.Source.OPTIONS, instanceId != null))
                .orElse(new GroupMembership(GroupProtocol.CONSUMER, GroupMembership.Source.DEFAULT, instanceId != null));
        this.sessionNanos = request.sessionTimeout().orElse(DEFAULT_SESSION_TIMEOUT).toNanos();
        this.callback = request.callback();
    }

    /** The protocol asked for (it changes nothing here), else consumer's, which this driver's groups behave like. */
    @Override
    public Optional<GroupMembership> groupMembership() {
        return Optional.of(membership);
    }

    @Override
    void join() {
        group.join(this, instanceId, sessionNanos);
    }

    @Override
    List<ConsumerGroup.Taken> take() {
        return group.take(this, BATCH);
    }

    @Override
    void deliver(List<ConsumerGroup.Taken> batch) {
        callback.batchArrived();
        for (ConsumerGroup.Taken m : batch) {
            StoredMessage message = m.message();
            callback.messageReceived(message.payloadSizeBytes(), m.partition(), m.position(), message.stamp(), message.createMillis(),
                    TimestampType.CREATE_TIME);
        }
        consumed += batch.size();
    }

    @Override
    List<ClientMetric> metrics() {
        return List.of(new ClientMetric("inmemory-consumer:records-consumed-total", consumed, Aggregation.SUM));
    }
}
