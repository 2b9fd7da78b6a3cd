package io.kbench.stats;

import io.kbench.time.BenchmarkClock;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * Everything one worker measures: counters and the four latency histograms.
 *
 * <p>The {@code on*} methods are the hot path, called per message from producer, client I/O and
 * consumer threads; they never block. Each thread records into its own {@link IntervalBuffer}
 * for the current phase, inside a {@link WriterReaderPhaser} critical section, with plain writes.
 * Readers flip the phase, which waits for writers still in the old one, then merge the old phase's
 * buffers: so every message's counts and latencies land together on one side of a snapshot or a
 * reset, and a histogram's count always equals its counter.
 */
public final class WorkerStats {

    private static final long NONE = 0;

    private final String workerId;
    private final BenchmarkClock clock;
    private final ProcessCpuMeter cpu = new ProcessCpuMeter();
    private final ErrorTally errors = new ErrorTally();
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private final ThreadBuffers buffers = new ThreadBuffers();
    private boolean evenPhase = true; // the phaser starts in its even phase; only the reader flips it

    private final AtomicLong firstSendNanos = new AtomicLong(NONE);
    private final AtomicLong lastSendNanos = new AtomicLong(NONE);
    private final AtomicLong lastAckNanos = new AtomicLong(NONE);
    private final AtomicLong lastReceiveNanos = new AtomicLong(NONE);
    private volatile long producersStoppedNanos = NONE;
    private volatile long scheduleLagMessages;
    private volatile boolean producersDone;

    // Reader side, guarded by this.
    private Counts runTotals = Counts.ZERO;
    private Counts periodCounts = Counts.ZERO;
    private LatencyHistograms periodLatencies = LatencyHistograms.empty();
    private Counts resetCounts = Counts.ZERO;
    private LatencyHistograms resetLatencies = LatencyHistograms.empty();
    private long periodStartNanos;
    private long periodStartCpuNanos;
    private long resetNanos;
    private long resetCpuNanos;

    private final DrainObserver observer;

    public WorkerStats(String workerId, BenchmarkClock clock) {
        this(workerId, clock, null);
    }

    /** @param observer sees every drained interval, or null */
    public WorkerStats(String workerId, BenchmarkClock clock, DrainObserver observer) {
        this.workerId = workerId;
        this.clock = clock;
        this.observer = observer;
        long now = clock.nanoTime();
        this.periodStartNanos = now;
        this.resetNanos = now;
        this.periodStartCpuNanos = cpu.cpuTimeNanos();
        this.resetCpuNanos = periodStartCpuNanos;
    }

    public String workerId() {
        return workerId;
    }

    // ---- hot path ----

    /** A message was handed to the client at {@code sentNanos}, {@code scheduleDelayNanos} after its intended time. */
    public void onSend(long sentNanos, long scheduleDelayNanos) {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            buffers.current(phase).onSend(scheduleDelayNanos / 1_000);
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
        if (firstSendNanos.get() == NONE) {
            firstSendNanos.compareAndSet(NONE, sentNanos);
        }
        lastSendNanos.lazySet(sentNanos);
    }

    /** The broker acknowledged a message of {@code payloadBytes} at {@code ackNanos}. */
    public void onAck(int payloadBytes, long intendedNanos, long sentNanos, long ackNanos) {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            buffers.current(phase).onAck(payloadBytes, (ackNanos - intendedNanos) / 1_000, (ackNanos - sentNanos) / 1_000);
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
        lastAckNanos.lazySet(ackNanos);
    }

    /** Error class of a send given up because the producers stopped while it was blocked in the client. */
    public static final String ABANDONED_AT_STOP = "AbandonedAtStop";

    /** A send failed; {@code error} is tallied by its class. */
    public void onSendError(Throwable error) {
        countSendError();
        errors.record(error);
    }

    /**
     * A send was still blocked in the client (buffer full, or no metadata: the cluster is not
     * taking messages) when the producers stopped, and was given up.
     */
    public void onSendAbandonedAtStop() {
        countSendError();
        errors.record(ABANDONED_AT_STOP, "the client was still blocking this send (its buffer full or the cluster's "
                + "metadata unavailable) when the producers stopped");
    }

    private void countSendError() {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            buffers.current(phase).onSendError();
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    /**
     * A message was consumed.
     *
     * @param endToEndMicros consume time minus intended send time, or {@code Long.MIN_VALUE} when unknown
     */
    public void onReceive(int payloadBytes, long receiveNanos, long endToEndMicros) {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            buffers.current(phase).onReceive(payloadBytes, endToEndMicros);
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
        lastReceiveNanos.lazySet(receiveNanos);
    }

    /** A transaction committed; the commit took {@code commitMicros}. */
    public void onTransactionCommitted(long commitMicros) {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            buffers.current(phase).onTransactionCommitted(commitMicros);
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    /** A transaction ended without committing. */
    public void onTransactionAborted() {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            buffers.current(phase).onTransactionAborted();
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    /** An acknowledged message's transaction was aborted: it was counted acked, and will never be consumed. */
    public void onAckedMessageAborted() {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            buffers.current(phase).onAckedMessageAborted();
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    // ---- control ----

    public void onProducersStopped(long scheduleLagMessages) {
        this.scheduleLagMessages = scheduleLagMessages;
        this.producersStoppedNanos = clock.nanoTime();
        this.producersDone = true;
    }

    /** Moves what was recorded so far into the totals (and to the observer) without taking a period. */
    public synchronized void flush() {
        drain();
    }

    /** Starts the measurement: counts and latencies from now on make the result. */
    public synchronized void reset() {
        drain();
        resetCounts = Counts.ZERO;
        resetLatencies = LatencyHistograms.empty();
        // The next period starts here too, so its counts and latencies cover the same span.
        periodCounts = Counts.ZERO;
        periodLatencies = LatencyHistograms.empty();
        resetNanos = clock.nanoTime();
        resetCpuNanos = cpu.cpuTimeNanos();
        periodStartNanos = resetNanos;
        periodStartCpuNanos = resetCpuNanos;
        firstSendNanos.set(NONE);
    }

    public synchronized PeriodStats takePeriod() {
        drain();
        long now = clock.nanoTime();
        long cpuNow = cpu.cpuTimeNanos();
        PeriodStats stats = new PeriodStats(
                workerId,
                (now - periodStartNanos) / 1_000,
                periodCounts,
                runTotals,
                periodLatencies,
                cpu.load(periodStartCpuNanos, cpuNow, now - periodStartNanos),
                producersDone,
                errors.summary(),
                null,
                List.of(),
                null);
        periodCounts = Counts.ZERO;
        periodLatencies = LatencyHistograms.empty();
        periodStartNanos = now;
        periodStartCpuNanos = cpuNow;
        return stats;
    }

    public synchronized CumulativeStats sinceReset() {
        drain();
        long now = clock.nanoTime();
        LatencyHistograms copy = LatencyHistograms.empty();
        copy.add(resetLatencies);
        return new CumulativeStats(
                workerId,
                clock.epochMicrosAt(resetNanos),
                epochMicrosOrNone(firstSendNanos.get()),
                epochMicrosOrNone(lastSendNanos.get()),
                epochMicrosOrNone(lastAckNanos.get()),
                epochMicrosOrNone(producersStoppedNanos),
                epochMicrosOrNone(lastReceiveNanos.get()),
                resetCounts,
                runTotals,
                copy,
                cpu.load(resetCpuNanos, cpu.cpuTimeNanos(), now - resetNanos),
                cpu.cores(),
                scheduleLagMessages,
                errors.summary());
    }

    /** Moves what writers recorded so far into the reader-side totals. Caller holds this monitor. */
    private void drain() {
        phaser.readerLock();
        try {
            boolean closing = evenPhase;
            phaser.flipPhase(); // waits for writers still recording into the closing phase's buffers
            evenPhase = !evenPhase;
            for (IntervalBuffer filled : buffers.closed(closing)) {
                if (filled.isEmpty()) {
                    continue;
                }
                Counts counts = filled.counts();
                runTotals = runTotals.plus(counts);
                periodCounts = periodCounts.plus(counts);
                resetCounts = resetCounts.plus(counts);
                filled.addLatenciesTo(periodLatencies);
                filled.addLatenciesTo(resetLatencies);
                if (observer != null) {
                    observer.onDrain(counts, filled.publish(), filled.endToEnd());
                }
                filled.reset();
            }
        } finally {
            phaser.readerUnlock();
        }
    }

    private long epochMicrosOrNone(long nanos) {
        return nanos == NONE ? 0 : clock.epochMicrosAt(nanos);
    }
}
