package io.kbench.inmemory;

import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClientMetric.Aggregation;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.ConsumerOptions;
import io.kbench.driver.GroupMembership;
import java.time.Duration;
import java.util.List;
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
     * @param options {@code fromEnd}: a group new to the topic starts at the end of each partition, not at its start;
     *     a group instance id makes a static member; the session timeout (default {@link #DEFAULT_SESSION_TIMEOUT})
     *     is how long a crashed or static member keeps its partitions; the protocol changes nothing here
     */
    InMemoryConsumer(InMemoryCluster cluster, Topic topic, String groupName, ConsumerOptions options, ConsumerCallback callback,
                     AtomicLong lastAnswerMillis, Consumer<Object> onClose) {
        this(cluster, topic, topic.group(groupName, options.fromEnd()), groupName, options, callback, lastAnswerMillis, onClose);
    }

    private InMemoryConsumer(InMemoryCluster cluster, Topic topic, ConsumerGroup group, String groupName, ConsumerOptions options,
                             ConsumerCallback callback, AtomicLong lastAnswerMillis, Consumer<Object> onClose) {
        super(cluster, topic, group, "kbench-inmemory-consumer-" + topic.name + "-" + groupName, lastAnswerMillis, onClose);
        this.group = group;
        this.instanceId = options.groupInstanceId();
        // Its groups behave as Kafka's consumer protocol's do whatever is asked: unasked, that is what it reports.
        this.membership = options.protocol() != null
                ? new GroupMembership(options.protocol(), GroupMembership.Source.OPTIONS, instanceId != null)
                : new GroupMembership(ConsumerOptions.GroupProtocol.CONSUMER, GroupMembership.Source.DEFAULT, instanceId != null);
        this.sessionNanos = (options.sessionTimeout() == null ? DEFAULT_SESSION_TIMEOUT : options.sessionTimeout()).toNanos();
        this.callback = callback;
    }

    /** The protocol asked for (it changes nothing here), else consumer's, which this driver's groups behave like. */
    @Override
    public GroupMembership groupMembership() {
        return membership;
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
            callback.messageReceived(m.message().payloadSizeBytes(), m.partition(), m.position(), m.message().stamp());
        }
        consumed += batch.size();
    }

    @Override
    List<ClientMetric> metrics() {
        return List.of(new ClientMetric("inmemory-consumer:records-consumed-total", consumed, Aggregation.SUM));
    }
}
