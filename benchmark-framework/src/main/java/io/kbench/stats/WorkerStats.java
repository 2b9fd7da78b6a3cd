package io.kbench.stats;

import io.kbench.time.BenchmarkClock;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Everything one worker measures: counters and the four latency recorders. The {@code on*}
 * methods are the hot path (called per message from producer, client I/O and consumer threads)
 * and never lock; snapshots are taken under this object's monitor.
 */
public final class WorkerStats {

    private static final long NONE = 0;

    private final String workerId;
    private final BenchmarkClock clock;
    private final ProcessCpuMeter cpu = new ProcessCpuMeter();
    private final ErrorTally errors = new ErrorTally();

    private final LongAdder sent = new LongAdder();
    private final LongAdder acked = new LongAdder();
    private final LongAdder bytesAcked = new LongAdder();
    private final LongAdder sendErrors = new LongAdder();
    private final LongAdder received = new LongAdder();
    private final LongAdder bytesReceived = new LongAdder();

    private final LatencyRecorder publishLatency = new LatencyRecorder();
    private final LatencyRecorder sendLatency = new LatencyRecorder();
    private final LatencyRecorder scheduleDelay = new LatencyRecorder();
    private final LatencyRecorder endToEndLatency = new LatencyRecorder();

    private final AtomicLong firstSendNanos = new AtomicLong(NONE);
    private final AtomicLong lastSendNanos = new AtomicLong(NONE);
    private final AtomicLong lastAckNanos = new AtomicLong(NONE);
    private final AtomicLong lastReceiveNanos = new AtomicLong(NONE);
    private volatile long producersStoppedNanos = NONE;
    private volatile long scheduleLagMessages;
    private volatile boolean producersDone;

    // Guarded by this.
    private Counts periodBase = Counts.ZERO;
    private long periodStartNanos;
    private long periodStartCpuNanos;
    private Counts resetBase = Counts.ZERO;
    private long resetNanos;
    private long resetCpuNanos;

    public WorkerStats(String workerId, BenchmarkClock clock) {
        this.workerId = workerId;
        this.clock = clock;
        long now = clock.nanoTime();
        this.periodStartNanos = now;
        this.resetNanos = now;
        this.periodStartCpuNanos = cpu.cpuTimeNanos();
        this.resetCpuNanos = periodStartCpuNanos;
    }

    public String workerId() {
        return workerId;
    }

    public BenchmarkClock clock() {
        return clock;
    }

    // ---- hot path ----

    /** A message was handed to the client at {@code sentNanos}, {@code scheduleDelayNanos} after its intended time. */
    public void onSend(long sentNanos, long scheduleDelayNanos) {
        sent.increment();
        if (firstSendNanos.get() == NONE) {
            firstSendNanos.compareAndSet(NONE, sentNanos);
        }
        lastSendNanos.lazySet(sentNanos);
        scheduleDelay.recordNanos(scheduleDelayNanos);
    }

    /** The broker acknowledged a message of {@code payloadBytes} at {@code ackNanos}. */
    public void onAck(int payloadBytes, long intendedNanos, long sentNanos, long ackNanos) {
        acked.increment();
        bytesAcked.add(payloadBytes);
        lastAckNanos.lazySet(ackNanos);
        publishLatency.recordNanos(ackNanos - intendedNanos);
        sendLatency.recordNanos(ackNanos - sentNanos);
    }

    /** A send failed; {@code error} is tallied by message, or only counted when null (stopping). */
    public void onSendError(Throwable error) {
        sendErrors.increment();
        if (error != null) {
            errors.record(error);
        }
    }

    /**
     * A message was consumed.
     *
     * @param endToEndMicros consume time minus intended send time, or {@code Long.MIN_VALUE} when unknown
     */
    public void onReceive(int payloadBytes, long receiveNanos, long endToEndMicros) {
        received.increment();
        bytesReceived.add(payloadBytes);
        lastReceiveNanos.lazySet(receiveNanos);
        if (endToEndMicros != Long.MIN_VALUE) {
            endToEndLatency.recordMicros(endToEndMicros);
        }
    }

    // ---- control ----

    public void onProducersStopped(long scheduleLagMessages) {
        this.scheduleLagMessages = scheduleLagMessages;
        this.producersStoppedNanos = clock.nanoTime();
        this.producersDone = true;
    }

    /** Messages handed to the client minus those acknowledged or failed: still in flight. */
    public long inFlight() {
        return sent.sum() - acked.sum() - sendErrors.sum();
    }

    /** Starts the measurement: counts and latencies from now on make the result. */
    public synchronized void reset() {
        publishLatency.reset();
        sendLatency.reset();
        scheduleDelay.reset();
        endToEndLatency.reset();
        resetBase = totals();
        resetNanos = clock.nanoTime();
        resetCpuNanos = cpu.cpuTimeNanos();
        firstSendNanos.set(NONE);
        // The next period starts here too, so its counts and latencies cover the same span.
        periodBase = resetBase;
        periodStartNanos = resetNanos;
        periodStartCpuNanos = resetCpuNanos;
    }

    public synchronized PeriodStats takePeriod() {
        long now = clock.nanoTime();
        long cpuNow = cpu.cpuTimeNanos();
        Counts totals = totals();
        Latencies latencies = new Latencies(
                publishLatency.takePeriod(),
                sendLatency.takePeriod(),
                scheduleDelay.takePeriod(),
                endToEndLatency.takePeriod());
        PeriodStats stats = new PeriodStats(
                workerId,
                (now - periodStartNanos) / 1_000,
                totals.minus(periodBase),
                totals,
                latencies,
                cpu.load(periodStartCpuNanos, cpuNow, now - periodStartNanos),
                producersDone,
                errors.summary());
        periodBase = totals;
        periodStartNanos = now;
        periodStartCpuNanos = cpuNow;
        return stats;
    }

    public synchronized CumulativeStats sinceReset() {
        long now = clock.nanoTime();
        Latencies latencies = new Latencies(
                publishLatency.sinceReset(),
                sendLatency.sinceReset(),
                scheduleDelay.sinceReset(),
                endToEndLatency.sinceReset());
        return new CumulativeStats(
                workerId,
                clock.epochMicrosAt(resetNanos),
                epochMicrosOrNone(firstSendNanos.get()),
                epochMicrosOrNone(lastSendNanos.get()),
                epochMicrosOrNone(lastAckNanos.get()),
                epochMicrosOrNone(producersStoppedNanos),
                epochMicrosOrNone(lastReceiveNanos.get()),
                totals().minus(resetBase),
                latencies,
                cpu.load(resetCpuNanos, cpu.cpuTimeNanos(), now - resetNanos),
                cpu.cores(),
                scheduleLagMessages,
                errors.summary());
    }

    private long epochMicrosOrNone(long nanos) {
        return nanos == NONE ? 0 : clock.epochMicrosAt(nanos);
    }

    private Counts totals() {
        return new Counts(
                sent.sum(),
                acked.sum(),
                bytesAcked.sum(),
                sendErrors.sum(),
                received.sum(),
                bytesReceived.sum(),
                publishLatency.clampedCount()
                        + sendLatency.clampedCount()
                        + scheduleDelay.clampedCount()
                        + endToEndLatency.clampedCount());
    }
}
