package io.kbench.inmemory;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.ClientMetric;
import io.kbench.driver.ClientMetric.Aggregation;
import io.kbench.driver.DriverException;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.ProducerOptions;
import io.kbench.driver.SendCompletion;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Sends to one topic. {@link #sendAsync} only queues the message; the producer's own thread (as a
 * Kafka producer's I/O thread) stores it in its partition when the acknowledgement is due and runs
 * the completion right then. So a completion never runs inside {@code sendAsync}, runs once, and
 * the framework reads the acknowledgement time when it runs, as with a real client. A message goes to
 * the partition it names, else to its key's hash modulo the partitions, else round-robin; it carries its
 * producer's user headers (one list, shared) and the time {@code sendAsync} took it, as its CreateTime.
 */
final class InMemoryProducer implements BenchmarkProducer {

    /** Messages sent and not yet acknowledged, at most; a full buffer makes sendAsync wait, as Kafka's buffer.memory does. */
    static final int MAX_PENDING = 100_000;
    static final Duration BUFFER_FULL_WAIT = Duration.ofSeconds(5);
    /** How long close waits for acknowledgements still due (a frozen cluster gives none) before failing them. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(3);
    /**
     * The client's work (sendCostMicros) a send may run ahead by before it waits: parking is coarser than one send's cost,
     * and a test's clock may move in steps (10 ms on the one-clock harness) that the work of one step must fit.
     */
    private static final long CLIENT_SLACK_NANOS = 20_000_000;

    private record Pending(Integer keyHash, int partition, int payloadSizeBytes, MessageStamp stamp, long createMillis,
                           SendCompletion completion, long dueNanos) {}

    private final InMemoryCluster cluster;
    private final String topic;
    private final List<ProducerOptions.Header> headers;
    private final long ackLatencyNanos;
    private final double failureRate;
    private final double maxMessagesPerSecond;
    private final long sendCostNanos;
    /** When the sending thread's work so far ends on the cluster's clock (sendCostMicros); guarded by clientLock. */
    private long clientBusyUntilNanos;
    private final Object clientLock = new Object();
    private final AtomicLong lastAnswerMillis;
    private final Consumer<Object> onClose;
    private final BlockingQueue<Pending> pending = new ArrayBlockingQueue<>(MAX_PENDING);
    private final Thread acknowledger;
    private final Object sendLock = new Object();
    /** Set under sendLock, so no message is queued after the acknowledger saw it set and the queue empty. */
    private volatile boolean closed;
    private volatile long giveUpAtNanos = Long.MAX_VALUE;
    /** Written by the acknowledger thread only. */
    private volatile long acked;
    private volatile long failed;
    private int nextPartition;
    /** Sends that reached an existing topic, for the failure rate. */
    private long stored;

    /**
     * @param lastAnswerMillis set to the wall-clock time of every acknowledgement (the driver's last server contact)
     * @param onClose runs once the producer is closed (the driver forgets it)
     */
    InMemoryProducer(InMemoryCluster cluster, String topic, ProducerOptions options, InMemoryConfig config, AtomicLong lastAnswerMillis,
                     Consumer<Object> onClose) {
        this.cluster = cluster;
        this.topic = topic;
        this.headers = options.headers();
        this.ackLatencyNanos = TimeUnit.MICROSECONDS.toNanos(config.ackLatencyMicros());
        this.failureRate = config.sendFailureRate();
        this.maxMessagesPerSecond = config.maxMessagesPerSecond();
        this.sendCostNanos = TimeUnit.MICROSECONDS.toNanos(config.sendCostMicros());
        this.lastAnswerMillis = lastAnswerMillis;
        this.onClose = onClose;
        this.acknowledger = new Thread(this::acknowledge, "kbench-inmemory-producer-" + topic);
        this.acknowledger.setDaemon(true);
    }

    void start() {
        acknowledger.start();
    }

    @Override
    public void sendAsync(byte[] key, byte[] payload, int partition, MessageStamp stamp, SendCompletion completion) {
        if (partition < ANY_PARTITION) {
            throw new IllegalArgumentException("partition " + partition + " of topic " + topic + ": a partition is 0 or more, or "
                    + ANY_PARTITION + " for the producer's choice");
        }
        if (sendCostNanos > 0) {
            spendClientTime();
        }
        Pending message = new Pending(key == null ? null : Arrays.hashCode(key), partition, payload.length, stamp,
                System.currentTimeMillis(), completion, dueNanos());
        synchronized (sendLock) {
            if (closed) {
                throw new IllegalStateException("this producer of topic " + topic + " is closed");
            }
            try {
                if (!pending.offer(message, BUFFER_FULL_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new DriverException("the producer of topic " + topic + " had " + MAX_PENDING + " unacknowledged messages for "
                            + BUFFER_FULL_WAIT.toSeconds() + " s: " + cluster + " is not acknowledging");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while waiting for room among the producer's unacknowledged messages", e);
            }
        }
    }

    /**
     * The client's own work for one send, on the calling thread: a send waits while the work of the sends before it is not
     * done. It waits only once 20 ms of work have built up, so the average cost is exact however coarse parking or the clock is.
     */
    private void spendClientTime() {
        synchronized (clientLock) {
            clientBusyUntilNanos = Math.max(clientBusyUntilNanos, cluster.nanoTime()) + sendCostNanos;
            long ahead;
            while ((ahead = clientBusyUntilNanos - cluster.nanoTime()) > CLIENT_SLACK_NANOS) {
                // Short real parks: the cluster's clock may run faster than real time (a test's), and a park past the work's
                // end would leave the thread idle and the cost too high.
                LockSupport.parkNanos(Math.min(ahead - CLIENT_SLACK_NANOS, 50_000));
            }
        }
    }

    /** When a send made now is acknowledged: after the latency, and in its turn under a quota (the cluster's lock only then). */
    private long dueNanos() {
        long due = cluster.nanoTime() + ackLatencyNanos;
        return maxMessagesPerSecond > 0 ? cluster.ackSlot(due, maxMessagesPerSecond) : due;
    }

    /** The acknowledger thread: each message in send order, when its acknowledgement is due. */
    private void acknowledge() {
        try {
            while (true) {
                Pending message = pending.poll(100, TimeUnit.MILLISECONDS);
                if (message == null) {
                    if (closed && pending.isEmpty()) {
                        return;
                    }
                    continue;
                }
                if (!awaitDue(message.dueNanos())) {
                    complete(message, message.partition(), new DriverException("the producer was closed before " + cluster
                            + " acknowledged the message"));
                    failRemaining();
                    return;
                }
                store(message);
            }
        } catch (InterruptedException e) {
            failRemaining();
        }
    }

    /**
     * Waits until the acknowledgement is due on the cluster's clock and the cluster answers; false when close() gave up
     * first (after its timeout in real time).
     */
    private boolean awaitDue(long dueNanos) {
        while (true) {
            long now = cluster.nanoTime();
            if (now - dueNanos >= 0 && !cluster.frozen()) {
                return true;
            }
            if (System.nanoTime() - giveUpAtNanos >= 0) {
                return false;
            }
            LockSupport.parkNanos(Math.max(1_000, Math.min(dueNanos - now, 1_000_000)));
        }
    }

    /** Stores the message in its partition and completes it, with the partition chosen, or fails it. */
    private void store(Pending message) {
        Topic t = cluster.topic(topic);
        if (t == null) {
            complete(message, message.partition(), new DriverException("topic " + topic + " does not exist on " + cluster));
            return;
        }
        int partitions = t.partitionCount();
        if (message.partition() >= partitions) {
            complete(message, message.partition(), new DriverException("partition " + message.partition() + " does not exist: topic "
                    + topic + " has " + partitions + " partition(s), 0 to " + (partitions - 1)));
            return;
        }
        int partition = message.partition() != ANY_PARTITION ? message.partition()
                : message.keyHash() == null ? Math.floorMod(nextPartition++, partitions) : Math.floorMod(message.keyHash(), partitions);
        // Of the first n sends, floor(n × rate) fail: evenly spread, and exact (no drift from summing rates).
        long n = stored++;
        if (Math.floor((n + 1) * failureRate + 1e-9) > Math.floor(n * failureRate + 1e-9)) {
            complete(message, partition, new DriverException(cluster + " failed this send on purpose (sendFailureRate " + failureRate + ")"));
            return;
        }
        t.append(partition, new StoredMessage(message.payloadSizeBytes(), message.stamp(), message.createMillis(), headers));
        complete(message, partition, null);
    }

    private void complete(Pending message, int partition, Throwable error) {
        if (error == null) {
            acked++;
        } else {
            failed++;
        }
        lastAnswerMillis.set(System.currentTimeMillis());
        try {
            message.completion().completed(partition, error);
        } catch (RuntimeException e) {
            // A completion that throws must not stop the acknowledgements of the other messages.
        }
    }

    private void failRemaining() {
        Pending message;
        while ((message = pending.poll()) != null) {
            complete(message, message.partition(), new DriverException("the producer was closed before " + cluster
                    + " acknowledged the message"));
        }
    }

    List<ClientMetric> metrics() {
        return List.of(
                new ClientMetric("inmemory-producer:record-send-total", acked + failed, Aggregation.SUM),
                new ClientMetric("inmemory-producer:record-error-total", failed, Aggregation.SUM),
                new ClientMetric("inmemory-producer:buffered-records", pending.size(), Aggregation.SUM));
    }

    /** Acknowledges what is due (failing it after {@link #CLOSE_TIMEOUT} if the cluster does not answer), then stops. */
    @Override
    public void close() throws InterruptedException {
        synchronized (sendLock) {
            closed = true;
        }
        giveUpAtNanos = System.nanoTime() + CLOSE_TIMEOUT.toNanos();
        acknowledger.join(CLOSE_TIMEOUT.plusSeconds(1).toMillis());
        onClose.accept(this);
    }
}
