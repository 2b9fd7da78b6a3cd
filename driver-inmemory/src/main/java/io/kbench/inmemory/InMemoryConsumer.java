package io.kbench.inmemory;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClientMetric.Aggregation;
import io.kbench.driver.ConsumerCallback;
import io.kbench.driver.ConsumerOptions;
import io.kbench.driver.GroupMembership;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A member of a consumer group, delivering on its own thread: it takes a batch of messages from
 * the partitions it holds, hands them to the callback one at a time, and sleeps until a producer
 * appends to the topic when there is nothing to read.
 */
final class InMemoryConsumer implements BenchmarkConsumer {

    static final int BATCH = 100;
    /** Longest sleep between looks at the partitions; an append wakes the thread sooner. */
    static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);
    /** Kafka's default session.timeout.ms. */
    static final Duration DEFAULT_SESSION_TIMEOUT = Duration.ofSeconds(45);

    private final InMemoryCluster cluster;
    private final Topic topic;
    private final ConsumerGroup group;
    private final String instanceId;
    private final GroupMembership membership;
    private final long sessionNanos;
    private final ConsumerCallback callback;
    private final AtomicLong lastAnswerMillis;
    private final Consumer<Object> onClose;
    private final Thread thread;
    /** Held while a batch is delivered, so pause() can return once delivery has stopped. */
    private final ReentrantLock delivering = new ReentrantLock();
    private volatile boolean paused;
    private volatile boolean closed;
    /** Set once by close or closeAsCrash: the other then does nothing. */
    private boolean ended;
    private volatile long consumed;

    /**
     * @param options {@code fromEnd}: a group new to the topic starts at the end of each partition, not at its start;
     *     a group instance id makes a static member; the session timeout (default {@link #DEFAULT_SESSION_TIMEOUT})
     *     is how long a crashed or static member keeps its partitions; the protocol changes nothing here
     */
    InMemoryConsumer(InMemoryCluster cluster, Topic topic, String groupName, ConsumerOptions options, ConsumerCallback callback,
                     AtomicLong lastAnswerMillis, Consumer<Object> onClose) {
        this.cluster = cluster;
        this.topic = topic;
        this.group = topic.group(groupName, options.fromEnd());
        this.instanceId = options.groupInstanceId();
        // Its groups behave as Kafka's consumer protocol's do whatever is asked: unasked, that is what it reports.
        this.membership = options.protocol() != null
                ? new GroupMembership(options.protocol(), GroupMembership.Source.OPTIONS, instanceId != null)
                : new GroupMembership(ConsumerOptions.GroupProtocol.CONSUMER, GroupMembership.Source.DEFAULT, instanceId != null);
        this.sessionNanos = (options.sessionTimeout() == null ? DEFAULT_SESSION_TIMEOUT : options.sessionTimeout()).toNanos();
        this.callback = callback;
        this.lastAnswerMillis = lastAnswerMillis;
        this.onClose = onClose;
        this.thread = new Thread(this::deliver, "kbench-inmemory-consumer-" + topic.name + "-" + groupName);
        this.thread.setDaemon(true);
    }

    /** The protocol asked for (it changes nothing here), else consumer's, which this driver's groups behave like. */
    @Override
    public GroupMembership groupMembership() {
        return membership;
    }

    /** Joins the group (which hands this member its share of the partitions) and starts delivering. */
    void start() {
        group.join(this, instanceId, sessionNanos);
        topic.addReader(thread);
        thread.start();
    }

    private void deliver() {
        while (!closed) {
            if (paused || cluster.frozen()) {
                LockSupport.parkNanos(IDLE_NANOS);
                continue;
            }
            delivering.lock();
            try {
                if (paused || closed) {
                    continue;
                }
                List<ConsumerGroup.Taken> batch = group.take(this, BATCH);
                if (batch.isEmpty()) {
                    LockSupport.parkNanos(IDLE_NANOS);
                    continue;
                }
                lastAnswerMillis.set(System.currentTimeMillis());
                callback.batchArrived();
                for (ConsumerGroup.Taken m : batch) {
                    callback.messageReceived(m.message().payloadSizeBytes(), m.partition(), m.position(), m.message().stamp());
                }
                consumed += batch.size();
            } finally {
                delivering.unlock();
            }
        }
    }

    @Override
    public int assignedPartitionCount() {
        return closed ? 0 : group.partitionsOf(this);
    }

    /** Returns once no message is being delivered; none is delivered until {@link #resume()}. */
    @Override
    public void pause() {
        paused = true;
        delivering.lock(); // waits for the batch under way
        delivering.unlock();
    }

    @Override
    public void resume() {
        paused = false;
        LockSupport.unpark(thread);
    }

    List<ClientMetric> metrics() {
        return List.of(new ClientMetric("inmemory-consumer:records-consumed-total", consumed, Aggregation.SUM));
    }

    /**
     * Stops delivering (no callback runs after this returns) and leaves the group, whose other members
     * take over; a static member's partitions wait for it until its session timeout.
     */
    @Override
    public void close() throws InterruptedException {
        if (!stop()) {
            return;
        }
        group.leave(this);
        onClose.accept(this);
    }

    /**
     * Stops delivering without leaving: the group keeps this member's partitions, unread, until its
     * session timeout. Nothing is delivered twice (the group's positions count as committed when taken).
     */
    @Override
    public void closeAsCrash() throws InterruptedException {
        if (!stop()) {
            return;
        }
        group.crash(this);
        onClose.accept(this);
    }

    /** @return false when the consumer was closed (or closed as a crash) already */
    private boolean stop() throws InterruptedException {
        synchronized (this) {
            if (ended) {
                return false;
            }
            ended = true;
        }
        closed = true;
        LockSupport.unpark(thread);
        if (Thread.currentThread() != thread) {
            thread.join(CLOSE_TIMEOUT.toMillis());
        }
        topic.removeReader(thread);
        return true;
    }
}
