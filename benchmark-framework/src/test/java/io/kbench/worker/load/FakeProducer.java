package io.kbench.worker.load;

import io.kbench.driver.BenchmarkProducer;
import io.kbench.driver.MessageStamp;
import io.kbench.driver.SendCompletion;
import io.kbench.time.BenchmarkClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A producer that records what it is given and completes each send at once (or fails it), after
 * an optional hook that may advance the clock to simulate a slow client.
 */
final class FakeProducer implements BenchmarkProducer {

    /** One call to {@link #sendAsync}. */
    record Send(int producer, long n, byte[] key, byte[] payload, long intendedEpochMicros, MessageStamp stamp, long nanoTimeAtCall) {}

    /** {@link Send#intendedEpochMicros()} of a send without a stamp. */
    static final long NO_STAMP = Long.MIN_VALUE;

    interface Hook {
        /** Runs inside sendAsync before the completion; {@code n} is this producer's 0-based send number. */
        void onSend(long n) throws Exception;
    }

    final int id;
    private final BenchmarkClock clock;
    final List<Send> sends = Collections.synchronizedList(new ArrayList<>());
    /** Every send of every producer sharing this log, in call order. */
    private final List<Send> log;
    volatile Hook hook = n -> { };
    /** Null: acknowledge; else fail the completion with it. */
    volatile RuntimeException completeWith;
    /** Non-null: throw it from sendAsync instead of completing. */
    volatile RuntimeException throwOnSend;
    volatile boolean closed;
    /** Which sends are acknowledged and then reported aborted, as a failed transaction makes them. */
    volatile java.util.function.LongPredicate abortAfterAck = n -> false;
    /** Runs inside {@link #deliverPending}. */
    volatile Runnable onDeliver = () -> { };
    final java.util.concurrent.atomic.AtomicInteger deliverCalls = new java.util.concurrent.atomic.AtomicInteger();
    final java.util.concurrent.atomic.AtomicInteger idleCalls = new java.util.concurrent.atomic.AtomicInteger();

    FakeProducer(int id, BenchmarkClock clock) {
        this(id, clock, Collections.synchronizedList(new ArrayList<>()));
    }

    FakeProducer(int id, BenchmarkClock clock, List<Send> sharedLog) {
        this.id = id;
        this.clock = clock;
        this.log = sharedLog;
    }

    @Override
    public void sendAsync(byte[] key, byte[] payload, int partition, MessageStamp stamp, SendCompletion completion) {
        long n = sends.size();
        Send send = new Send(id, n, key, payload, stamp == null ? NO_STAMP : stamp.intendedSendEpochMicros(), stamp, clock.nanoTime());
        sends.add(send);
        log.add(send);
        try {
            hook.onSend(n);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        if (throwOnSend != null) {
            throw throwOnSend;
        }
        completion.completed(Math.max(0, partition), completeWith); // the partition asked for, else partition 0
        if (completeWith == null && abortAfterAck.test(n)) {
            completion.aborted();
        }
    }

    @Override
    public void deliverPending() {
        deliverCalls.incrementAndGet();
        onDeliver.run();
    }

    @Override
    public void idle() {
        idleCalls.incrementAndGet();
    }

    @Override
    public void close() {
        closed = true;
    }

    List<Long> intendedEpochMicros() {
        synchronized (sends) {
            return sends.stream().map(Send::intendedEpochMicros).toList();
        }
    }
}
