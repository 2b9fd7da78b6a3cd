package io.kbench.stats;

import io.kbench.time.BenchmarkClock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToLongFunction;

/**
 * Everything one worker measures: counters and the four latency histograms.
 *
 * <p>The {@code on*} methods are the hot path, called per message from producer, client I/O and
 * consumer threads; they never block, and threads recording at once never contend. Each thread
 * records into its own {@link ThreadRecorder}: the buffer of its current phase, inside a critical
 * section of the recorder's own phaser, with plain writes. Readers flip each thread's phase, which
 * waits for that thread if it is still in the old one, then merge the old phase's buffers: so every
 * message's counts, latencies and times land together on one side of a snapshot or a reset, and a
 * histogram's count always equals its counter.
 */
public final class WorkerStats {

    private static final long NONE = IntervalBuffer.NONE;

    private final String workerId;
    private final BenchmarkClock clock;
    private final ProcessCpuMeter cpu = new ProcessCpuMeter();
    private final HostCpuMeter host = HostCpuMeter.system();
    private final ErrorTally errors = new ErrorTally();
    private final List<ThreadRecorder> recorders = new CopyOnWriteArrayList<>();
    private final ThreadLocal<ThreadRecorder> recorder = ThreadLocal.withInitial(() -> {
        ThreadRecorder r = new ThreadRecorder();
        recorders.add(r);
        return r;
    });

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
    private HostCpuMeter.Reading resetHost;

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
        this.resetHost = host.read();
    }

    public String workerId() {
        return workerId;
    }

    // ---- hot path ----

    /** A message was handed to the client at {@code sentNanos}, {@code scheduleDelayNanos} after its intended time. */
    public void onSend(long sentNanos, long scheduleDelayNanos) {
        onSend(recorder.get(), sentNanos, scheduleDelayNanos);
    }

    private static void onSend(ThreadRecorder r, long sentNanos, long scheduleDelayNanos) {
        int phase = r.enter();
        try {
            r.buffer(phase).onSend(sentNanos, scheduleDelayNanos / 1_000);
        } finally {
            r.exit(phase);
        }
    }

    /** The broker acknowledged a message of {@code payloadBytes} at {@code ackNanos}. */
    public void onAck(int payloadBytes, long intendedNanos, long sentNanos, long ackNanos) {
        onAck(recorder.get(), payloadBytes, intendedNanos, sentNanos, ackNanos);
    }

    private static void onAck(ThreadRecorder r, int payloadBytes, long intendedNanos, long sentNanos, long ackNanos) {
        int phase = r.enter();
        try {
            r.buffer(phase).onAck(payloadBytes, ackNanos, (ackNanos - intendedNanos) / 1_000, (ackNanos - sentNanos) / 1_000);
        } finally {
            r.exit(phase);
        }
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
        ThreadRecorder r = recorder.get();
        int phase = r.enter();
        try {
            r.buffer(phase).onSendError();
        } finally {
            r.exit(phase);
        }
    }

    /**
     * A message was consumed.
     *
     * @param endToEndMicros consume time minus intended send time, or {@code Long.MIN_VALUE} when unknown
     */
    public void onReceive(int payloadBytes, long receiveNanos, long endToEndMicros) {
        onReceive(recorder.get(), payloadBytes, receiveNanos, endToEndMicros);
    }

    private static void onReceive(ThreadRecorder r, int payloadBytes, long receiveNanos, long endToEndMicros) {
        int phase = r.enter();
        try {
            r.buffer(phase).onReceive(payloadBytes, receiveNanos, endToEndMicros);
        } finally {
            r.exit(phase);
        }
    }

    /**
     * The calling thread's way into these stats, for a thread that records every message it
     * handles (a producer loop, a client's I/O thread running completions, a consumer): the same as
     * the {@code on*} methods, without looking the thread's buffers up each time. Only the thread that
     * asked for it may use it ({@link ThreadWriter#isOwnedByCurrentThread()}).
     */
    public ThreadWriter writerForThisThread() {
        return new ThreadWriter(recorder.get(), Thread.currentThread());
    }

    /** See {@link #writerForThisThread()}. */
    public static final class ThreadWriter {
        private final ThreadRecorder recorder;
        private final Thread owner;

        private ThreadWriter(ThreadRecorder recorder, Thread owner) {
            this.recorder = recorder;
            this.owner = owner;
        }

        /** True when the calling thread is the one this writer belongs to. */
        public boolean isOwnedByCurrentThread() {
            return owner == Thread.currentThread();
        }

        /** As {@link WorkerStats#onReceive}. */
        public void onReceive(int payloadBytes, long receiveNanos, long endToEndMicros) {
            WorkerStats.onReceive(recorder, payloadBytes, receiveNanos, endToEndMicros);
        }

        /** As {@link WorkerStats#onSend}. */
        public void onSend(long sentNanos, long scheduleDelayNanos) {
            WorkerStats.onSend(recorder, sentNanos, scheduleDelayNanos);
        }

        /** As {@link WorkerStats#onAck}. */
        public void onAck(int payloadBytes, long intendedNanos, long sentNanos, long ackNanos) {
            WorkerStats.onAck(recorder, payloadBytes, intendedNanos, sentNanos, ackNanos);
        }
    }

    /** A transaction committed; the commit took {@code commitMicros}. */
    public void onTransactionCommitted(long commitMicros) {
        ThreadRecorder r = recorder.get();
        int phase = r.enter();
        try {
            r.buffer(phase).onTransactionCommitted(commitMicros);
        } finally {
            r.exit(phase);
        }
    }

    /** A transaction ended without committing. */
    public void onTransactionAborted() {
        ThreadRecorder r = recorder.get();
        int phase = r.enter();
        try {
            r.buffer(phase).onTransactionAborted();
        } finally {
            r.exit(phase);
        }
    }

    /** An acknowledged message's transaction was aborted: it was counted acked, and will never be consumed. */
    public void onAckedMessageAborted() {
        ThreadRecorder r = recorder.get();
        int phase = r.enter();
        try {
            r.buffer(phase).onAckedMessageAborted();
        } finally {
            r.exit(phase);
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
        resetHost = host.read();
        periodStartNanos = resetNanos;
        periodStartCpuNanos = resetCpuNanos;
        recorders.forEach(ThreadRecorder::forgetFirstSend);
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

    /** The whole host's CPU use, by all its processes, since the measurement started; null where it cannot be read. */
    public synchronized HostCpuUse hostCpuSinceReset() {
        return HostCpuMeter.between(resetHost, host.read(), (clock.nanoTime() - resetNanos) / 1_000_000);
    }

    public synchronized CumulativeStats sinceReset() {
        drain();
        long now = clock.nanoTime();
        long cpuNow = cpu.cpuTimeNanos();
        LatencyHistograms copy = LatencyHistograms.empty();
        copy.add(resetLatencies);
        return new CumulativeStats(
                workerId,
                clock.epochMicrosAt(resetNanos),
                epochMicrosOrNone(earliest(ThreadRecorder::firstSendSinceResetNanos)),
                epochMicrosOrNone(latest(ThreadRecorder::lastSendNanos)),
                epochMicrosOrNone(latest(ThreadRecorder::lastAckNanos)),
                epochMicrosOrNone(producersStoppedNanos),
                epochMicrosOrNone(latest(ThreadRecorder::lastReceiveNanos)),
                resetCounts,
                runTotals,
                copy,
                cpu.load(resetCpuNanos, cpuNow, now - resetNanos),
                cpu.cores(),
                scheduleLagMessages,
                errors.summary(),
                cpuNow < 0 || resetCpuNanos < 0 ? -1 : (cpuNow - resetCpuNanos) / 1_000);
    }

    /** Moves what writers recorded so far into the reader-side totals. Caller holds this monitor. */
    private void drain() {
        for (ThreadRecorder r : recorders) {
            IntervalBuffer filled = r.flip(); // waits for the thread if it is still recording into it
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
    }

    /** The latest of the threads' times (as of the last drain), or NONE. */
    private long latest(ToLongFunction<ThreadRecorder> time) {
        long best = NONE;
        for (ThreadRecorder r : recorders) {
            long t = time.applyAsLong(r);
            if (t != NONE && (best == NONE || t - best > 0)) {
                best = t;
            }
        }
        return best;
    }

    /** The earliest of the threads' times (as of the last drain), or NONE. */
    private long earliest(ToLongFunction<ThreadRecorder> time) {
        long best = NONE;
        for (ThreadRecorder r : recorders) {
            long t = time.applyAsLong(r);
            if (t != NONE && (best == NONE || t - best < 0)) {
                best = t;
            }
        }
        return best;
    }

    private long epochMicrosOrNone(long nanos) {
        return nanos == NONE ? 0 : clock.epochMicrosAt(nanos);
    }
}
