package io.kbench.coordinator;

import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.PeriodStats;
import io.kbench.time.BenchmarkClock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * A worker whose period stats follow a script on the injected clock: it acknowledges
 * {@code ratePerSecond} messages per second of clock time (one publish-latency sample of
 * {@code latencyMicros} each), and reports its producers done once {@code doneAt} holds.
 * Only the calls a collector makes are supported.
 */
final class ScriptedWorker extends CollectorOnlyWorker {

    private final String id;
    private final BenchmarkClock clock;
    private final long ratePerSecond;
    private final long latencyMicros;
    volatile LongPredicate doneAt = now -> false;
    /** Runs at the start of every periodStats call, with its 1-based number. */
    volatile java.util.function.IntConsumer onCall = n -> { };
    private long lastNanos;
    private Counts totals = Counts.ZERO;
    final List<Long> callTimes = new ArrayList<>();

    ScriptedWorker(String id, BenchmarkClock clock, long ratePerSecond, long latencyMicros) {
        this.id = id;
        this.clock = clock;
        this.ratePerSecond = ratePerSecond;
        this.latencyMicros = latencyMicros;
        this.lastNanos = clock.nanoTime();
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public synchronized List<PeriodStats> periodStats() {
        callTimes.add(clock.nanoTime());
        onCall.accept(callTimes.size());
        long now = clock.nanoTime();
        long micros = (now - lastNanos) / 1_000;
        lastNanos = now;
        long acked = ratePerSecond * micros / 1_000_000;
        Counts counts = new Counts(acked, acked, acked * 100, 0, 0, 0, 0);
        totals = totals.plus(counts);
        LatencyHistograms latencies = LatencyHistograms.empty();
        latencies.publish().recordValueWithCount(latencyMicros, Math.max(1, acked));
        return List.of(new PeriodStats(id, micros, counts, totals, latencies, 0.5, doneAt.test(now), List.of(), null, List.of(), null));
    }
}
