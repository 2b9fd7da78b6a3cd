package io.kbench.inmemory;

import io.kbench.driver.Acknowledgement;
import io.kbench.driver.AcknowledgementCommit;
import io.kbench.driver.AcknowledgementMode;
import io.kbench.driver.BenchmarkConsumer;
import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClientMetric.Aggregation;
import io.kbench.driver.DriverException;
import io.kbench.driver.ShareConsumerCallback;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * A member of a share group, delivering on its own thread: it acquires a small batch of records,
 * hands them to the callback one at a time (the callback may take its time: the records' locks run
 * meanwhile), then commits the batch's acknowledgements at once and reports the group's answer.
 * In implicit mode every record delivered is accepted; in explicit mode the callback's answer counts
 * (a callback that throws or answers null releases the record, so it comes back).
 */
final class InMemoryShareConsumer implements BenchmarkConsumer {

    /** Records acquired at a time: small, so that several members of a busy partition all get some. */
    static final int BATCH = 10;
    static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private record Answer(ShareGroup.Delivery delivery, Acknowledgement ack) {}

    private final InMemoryCluster cluster;
    private final Topic topic;
    private final ShareGroup group;
    private final AcknowledgementMode mode;
    private final ShareConsumerCallback callback;
    private final AtomicLong lastAnswerMillis;
    private final Consumer<Object> onClose;
    private final Thread thread;
    /** Held while a batch is delivered and acknowledged, so pause() can return once that is done. */
    private final ReentrantLock delivering = new ReentrantLock();
    private volatile boolean paused;
    private volatile boolean closed;
    /** Set by closeAsCrash: the batch under way stops and its acknowledgements are never sent. */
    private volatile boolean crashed;
    /** Set once by close or closeAsCrash: the other then does nothing. */
    private boolean ended;
    private volatile long delivered;
    private volatile long lockLost;

    InMemoryShareConsumer(InMemoryCluster cluster, Topic topic, String groupName, AcknowledgementMode mode,
                          ShareConsumerCallback callback, AtomicLong lastAnswerMillis, Consumer<Object> onClose) {
        this.cluster = cluster;
        this.topic = topic;
        this.group = topic.shareGroup(groupName);
        this.mode = mode;
        this.callback = callback;
        this.lastAnswerMillis = lastAnswerMillis;
        this.onClose = onClose;
        this.thread = new Thread(this::deliver, "kbench-inmemory-share-consumer-" + topic.name + "-" + groupName);
        this.thread.setDaemon(true);
    }

    void start() {
        group.join(this);
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
                List<ShareGroup.Delivery> batch = group.acquire(this, BATCH);
                if (batch.isEmpty()) {
                    LockSupport.parkNanos(IDLE_NANOS);
                    continue;
                }
                long receivedNanos = System.nanoTime();
                lastAnswerMillis.set(System.currentTimeMillis());
                List<Answer> answers = new ArrayList<>(batch.size());
                for (ShareGroup.Delivery d : batch) {
                    if (closed) {
                        break; // the records not handed out are released on close, kept locked by a crash
                    }
                    answers.add(new Answer(d, answer(d, receivedNanos)));
                    delivered++;
                }
                if (!crashed) {
                    commit(answers);
                }
            } finally {
                delivering.unlock();
            }
        }
    }

    private Acknowledgement answer(ShareGroup.Delivery d, long receivedNanos) {
        Acknowledgement ack;
        try {
            ack = callback.messageReceived(d.message().payloadSizeBytes(), d.partition(), d.position(), d.message().stamp(),
                    d.deliveryCount(), receivedNanos);
        } catch (RuntimeException e) {
            ack = Acknowledgement.RELEASE;
        }
        if (mode == AcknowledgementMode.IMPLICIT) {
            return Acknowledgement.ACCEPT;
        }
        return ack == null ? Acknowledgement.RELEASE : ack;
    }

    /** Acknowledges the batch and reports one commit for what the group took, one for what it refused. */
    private void commit(List<Answer> answers) {
        long start = System.nanoTime();
        long[] taken = new long[Acknowledgement.values().length];
        long[] refused = new long[Acknowledgement.values().length];
        for (Answer a : answers) {
            boolean ok = group.acknowledge(this, a.delivery().partition(), a.delivery().position(), a.ack());
            (ok ? taken : refused)[a.ack().ordinal()]++;
        }
        long micros = (System.nanoTime() - start) / 1000;
        if (sum(taken) > 0) {
            report(new AcknowledgementCommit(taken[0], taken[1], taken[2], micros, null, false));
        }
        if (sum(refused) > 0) {
            lockLost += sum(refused);
            report(new AcknowledgementCommit(refused[0], refused[1], refused[2], micros, new DriverException(
                    "the acquisition lock of these records expired before they were acknowledged: the share group delivers them again"),
                    true));
        }
    }

    private void report(AcknowledgementCommit commit) {
        try {
            callback.acknowledgementsCommitted(commit);
        } catch (RuntimeException e) {
            // The framework's bookkeeping failed; the group's state is right either way.
        }
    }

    private static long sum(long[] counts) {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    @Override
    public int assignedPartitionCount() {
        return closed ? 0 : group.partitionsOf(this);
    }

    /** Returns once the batch under way is delivered and acknowledged; nothing more is acquired until {@link #resume()}. */
    @Override
    public void pause() {
        paused = true;
        delivering.lock();
        delivering.unlock();
    }

    @Override
    public void resume() {
        paused = false;
        LockSupport.unpark(thread);
    }

    List<ClientMetric> metrics() {
        return List.of(new ClientMetric("inmemory-share-consumer:records-delivered-total", delivered, Aggregation.SUM),
                new ClientMetric("inmemory-share-consumer:acknowledgements-lock-lost-total", lockLost, Aggregation.SUM));
    }

    /** Stops after the record under way; what it acknowledged is committed, what it holds besides is released; then it leaves. */
    @Override
    public void close() throws InterruptedException {
        if (!stop()) {
            return;
        }
        group.leave(this);
        onClose.accept(this);
    }

    /**
     * Stops after the record under way without acknowledging anything of its batch: the group keeps
     * this member (and its partitions) until the share session timeout, and its records locked until
     * their lock expires, as for a member whose process died without a word.
     */
    @Override
    public void closeAsCrash() throws InterruptedException {
        crashed = true;
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
