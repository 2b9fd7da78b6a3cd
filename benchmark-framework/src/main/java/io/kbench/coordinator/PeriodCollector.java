package io.kbench.coordinator;

import io.kbench.stats.PeriodStats;
import io.kbench.worker.Worker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Runs a phase: polls the workers' period stats and emits one merged {@link PeriodSummary} per
 * reporting interval (plus a last, shorter one when the phase ends). Phases that end on a
 * condition are polled more often than they are reported, so they end promptly.
 */
final class PeriodCollector {

    static final long CONDITION_POLL_NANOS = 250_000_000;

    private final Worker workers;
    private final Waiter waiter;
    private final long intervalNanos;
    private final long loadStartNanos;
    private final int subscriptionsPerTopic;
    private final Consumer<PeriodSummary> sink;

    PeriodCollector(Worker workers, Waiter waiter, Duration interval, long loadStartNanos, int subscriptionsPerTopic,
                    Consumer<PeriodSummary> sink) {
        this.workers = workers;
        this.waiter = waiter;
        this.intervalNanos = interval.toNanos();
        this.loadStartNanos = loadStartNanos;
        this.subscriptionsPerTopic = subscriptionsPerTopic;
        this.sink = sink;
    }

    /** Runs the phase for {@code length}. */
    void runFor(Phase phase, Duration length) {
        run(phase, state -> false, waiter.clock().nanoTime() + length.toNanos(), intervalNanos);
    }

    /**
     * Runs the phase until {@code done} holds or {@code timeout} (null: none) passes.
     *
     * @return true if the condition was met, false on timeout
     */
    boolean runUntil(Phase phase, Predicate<LoadState> done, Duration timeout) {
        long deadline = timeout == null ? Long.MAX_VALUE : waiter.clock().nanoTime() + timeout.toNanos();
        return run(phase, done, deadline, Math.min(intervalNanos, CONDITION_POLL_NANOS));
    }

    private boolean run(Phase phase, Predicate<LoadState> done, long deadline, long pollNanos) {
        Map<String, PeriodStats> pending = new LinkedHashMap<>();
        long periodStart = waiter.clock().nanoTime();
        while (true) {
            long now = waiter.clock().nanoTime();
            long next = Math.min(Math.min(periodStart + intervalNanos, deadline), saturatedAdd(now, pollNanos));
            waiter.until(next);
            List<PeriodStats> slice = workers.periodStats();
            for (PeriodStats s : slice) {
                pending.merge(s.workerId(), s, PeriodStats::then);
            }
            now = waiter.clock().nanoTime();
            boolean met = done.test(LoadState.of(slice, subscriptionsPerTopic));
            boolean over = met || now >= deadline;
            if (over || now - periodStart >= intervalNanos) {
                long elapsedMicros = (now - loadStartNanos) / 1_000;
                sink.accept(StatsMerger.summarize(phase, elapsedMicros, new ArrayList<>(pending.values()), subscriptionsPerTopic));
                pending.clear();
                periodStart = now;
            }
            if (over) {
                return met;
            }
        }
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }
}
