package io.kbench.inmemory;

import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.ClientMetric;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * What every consumer of the in-memory driver does alike, a consumer group's member or a share group's:
 * a thread of its own that takes a batch from its group, hands it over, and sleeps until a producer
 * appends to the topic when there is nothing to take; pause and resume; close, which leaves the group,
 * and close as a crash, which does not. A subclass says how it joins, takes, delivers, leaves and crashes.
 *
 * @param <T> one item of a batch, as the group hands it out
 */
abstract class InMemoryMember<T> implements BenchmarkConsumer {

    /** Longest sleep between looks at the partitions; an append wakes the thread sooner. */
    static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private final InMemoryCluster cluster;
    final Topic topic;
    private final MemberGroup group;
    private final AtomicLong lastAnswerMillis;
    private final Consumer<Object> onClose;
    private final Thread thread;
    /** Held while a batch is delivered (and acknowledged), so pause() can return once that is done. */
    private final ReentrantLock delivering = new ReentrantLock();
    private volatile boolean paused;
    private volatile boolean closed;
    /** Set by closeAsCrash before it stops the thread: the batch under way stops, unacknowledged. */
    private volatile boolean crashed;
    /** Set once by close or closeAsCrash: the other then does nothing. */
    private boolean ended;

    /**
     * @param lastAnswerMillis set to the wall-clock time of every batch taken (the driver's last server contact)
     * @param onClose runs once the member is closed (the driver forgets it)
     */
    InMemoryMember(InMemoryCluster cluster, Topic topic, MemberGroup group, String threadName, AtomicLong lastAnswerMillis,
                   Consumer<Object> onClose) {
        this.cluster = cluster;
        this.topic = topic;
        this.group = group;
        this.lastAnswerMillis = lastAnswerMillis;
        this.onClose = onClose;
        this.thread = new Thread(this::deliver, threadName);
        this.thread.setDaemon(true);
    }

    /** Joins the group (which hands this member its share of the partitions) and starts delivering. */
    final void start() {
        join();
        topic.addReader(thread);
        thread.start();
    }

    /** Joins the group, before the thread starts. */
    abstract void join();

    /** Up to a batch of items from the group for this member; empty when there is nothing to take. */
    abstract List<T> take();

    /** Hands a batch to the callback, on the member's thread, holding the delivery lock; stops early once {@link #closed()}. */
    abstract void deliver(List<T> batch);

    abstract List<ClientMetric> metrics();

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
                List<T> batch = take();
                if (batch.isEmpty()) {
                    LockSupport.parkNanos(IDLE_NANOS);
                    continue;
                }
                lastAnswerMillis.set(System.currentTimeMillis());
                deliver(batch);
            } finally {
                delivering.unlock();
            }
        }
    }

    /** True once close or closeAsCrash began: no more records are handed over. */
    final boolean closed() {
        return closed;
    }

    /** True once closeAsCrash began: nothing more is acknowledged. */
    final boolean crashed() {
        return crashed;
    }

    @Override
    public final int assignedPartitionCount() {
        return closed ? 0 : group.partitionsOf(this);
    }

    /** Returns once no batch is being delivered; nothing more is taken until {@link #resume()}. */
    @Override
    public final void pause() {
        paused = true;
        delivering.lock(); // waits for the batch under way
        delivering.unlock();
    }

    @Override
    public final void resume() {
        paused = false;
        LockSupport.unpark(thread);
    }

    /**
     * Stops delivering (no callback runs after this returns), then leaves the group: a consumer group's
     * other members take over its partitions (a static member's wait for it until its session timeout); a
     * share group's member has committed what it acknowledged, and what it holds besides is released.
     */
    @Override
    public final void close() throws InterruptedException {
        if (stop()) {
            group.leave(this);
            onClose.accept(this);
        }
    }

    /**
     * Stops delivering at once, acknowledging nothing more, and stays in the group as a crashed process
     * would: the group keeps this member and its partitions until its session timeout (a share group keeps
     * its records locked until their lock expires). A consumer group delivers nothing twice (its positions
     * count as committed when taken).
     */
    @Override
    public final void closeAsCrash() throws InterruptedException {
        crashed = true;
        if (stop()) {
            group.crash(this);
            onClose.accept(this);
        }
    }

    /** @return false when the member was closed (or closed as a crash) already */
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
