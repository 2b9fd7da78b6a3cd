package io.kbench.coordinator;

import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.PeriodStats;
import io.kbench.time.BenchmarkClock;
import java.util.List;

/**
 * A worker that simulates a backlog on the injected clock: its producers publish
 * {@code publishPerSecond} messages of {@code messageSize} bytes, acknowledged at once (publish
 * latency {@code publishMicros}); its consumers, unless paused, read up to {@code consumePerSecond}
 * of what waits (end-to-end latency {@code endToEndMicros}). Only the calls of a backlog's phases
 * are supported.
 */
final class BacklogWorker extends CollectorOnlyWorker {

    private final BenchmarkClock clock;
    private final long publishPerSecond;
    private final long consumePerSecond;
    private final int messageSize;
    private final long publishMicros;
    private final long endToEndMicros;
    private long lastNanos;
    private boolean paused;
    private Counts totals = Counts.ZERO;
    int pauses;
    int resumes;

    BacklogWorker(BenchmarkClock clock, long publishPerSecond, long consumePerSecond, int messageSize, long publishMicros,
                  long endToEndMicros) {
        this.clock = clock;
        this.publishPerSecond = publishPerSecond;
        this.consumePerSecond = consumePerSecond;
        this.messageSize = messageSize;
        this.publishMicros = publishMicros;
        this.endToEndMicros = endToEndMicros;
        this.lastNanos = clock.nanoTime();
    }

    @Override
    public String id() {
        return "sim";
    }

    @Override
    public synchronized List<PeriodStats> periodStats() {
        long now = clock.nanoTime();
        long micros = (now - lastNanos) / 1_000;
        lastNanos = now;
        long acked = publishPerSecond * micros / 1_000_000;
        long waiting = totals.messagesAcked() + acked - totals.messagesReceived();
        long read = paused ? 0 : Math.min(waiting, consumePerSecond * micros / 1_000_000);
        Counts counts = new Counts(acked, acked, acked * messageSize, 0, read, read * messageSize, 0);
        totals = totals.plus(counts);
        LatencyHistograms latencies = LatencyHistograms.empty();
        if (acked > 0) {
            latencies.publish().recordValueWithCount(publishMicros, acked);
        }
        if (read > 0) {
            latencies.endToEnd().recordValueWithCount(endToEndMicros, read);
        }
        return List.of(new PeriodStats("sim", micros, counts, totals, latencies, 0.3, false, List.of(), null, List.of(), null));
    }

    @Override
    public synchronized void pauseConsumers() {
        paused = true;
        pauses++;
    }

    @Override
    public synchronized void resumeConsumers() {
        paused = false;
        resumes++;
    }
}
