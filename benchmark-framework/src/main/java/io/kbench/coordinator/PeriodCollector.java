package io.kbench.coordinator;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.PeriodStats;
import io.kbench.worker.Worker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;

import io.kbench.model.PhaseTotals;
import io.kbench.model.LoadState;
import io.kbench.features.RunFailedException;
/**
 * Runs a phase: polls the workers' period stats and merges them into two series of
 * {@link PeriodSummary}: one per progress interval (printed, and judged by the diagnosis) and one
 * per sample interval (kept in the result; OMB's tools assume 10 s), each with a last, shorter
 * period when the phase ends. Phases that end on a condition are polled more often than they are
 * reported, so they end promptly. At every poll a {@link StallGuard} may stop the phase when the
 * cluster has gone silent; the periods so far are kept.
 */
final class PeriodCollector {

    static final long CONDITION_POLL_NANOS = 250_000_000;
    /** With a guard, the cluster's silence is timed to about a second, whatever the reporting interval. */
    static final long GUARD_POLL_NANOS = 1_000_000_000;

    private final Worker workers;
    private final Waiter waiter;
    private final long intervalNanos;
    private final long loadStartNanos;
    private final int subscriptionsPerTopic;
    private final Consumer<PeriodSummary> sink;
    private final long sampleNanos;
    private final BiConsumer<PeriodSummary, List<PeriodStats>> samples;
    private final StallGuard guard;
    private LoadState lastState;
    private int maxProgressPeriods = PeriodBudget.MAX_PROGRESS_PERIODS;

    /**
     * @param interval how often {@code sink} gets a period (the progress lines)
     * @param sampleInterval how often {@code samples} gets a period (the result's series), with the workers' stats merged
     *     into it
     * @param guard stops a phase whose cluster went silent, or null
     */
    PeriodCollector(Worker workers, Waiter waiter, Duration interval, long loadStartNanos, int subscriptionsPerTopic,
                    Consumer<PeriodSummary> sink, Duration sampleInterval, BiConsumer<PeriodSummary, List<PeriodStats>> samples,
                    StallGuard guard) {
        this.workers = workers;
        this.waiter = waiter;
        this.intervalNanos = interval.toNanos();
        this.loadStartNanos = loadStartNanos;
        this.subscriptionsPerTopic = subscriptionsPerTopic;
        this.sink = sink;
        this.sampleNanos = sampleInterval.toNanos();
        this.samples = samples;
        this.guard = guard;
    }

    /** One series of periods being merged: the workers' stats since the series' last period. */
    private final class Series {
        final long baseNanos;
        final int maxPeriods;
        final BiConsumer<PeriodSummary, List<PeriodStats>> out;
        final Map<String, PeriodStats> pending = new LinkedHashMap<>();
        long lengthNanos;
        long startNanos;
        long made;

        /** @param maxPeriods after this many periods (a phase of unknown length) the periods' length doubles */
        Series(long baseNanos, int maxPeriods, BiConsumer<PeriodSummary, List<PeriodStats>> out, long startNanos) {
            this.baseNanos = baseNanos;
            this.maxPeriods = maxPeriods;
            this.lengthNanos = baseNanos;
            this.out = out;
            this.startNanos = startNanos;
        }

        void add(List<PeriodStats> slice) {
            for (PeriodStats s : slice) {
                pending.merge(s.workerId(), s, PeriodStats::then);
            }
        }

        long due() {
            return startNanos + lengthNanos;
        }

        void emitIfDue(Phase phase, long now, boolean phaseOver) {
            if (phaseOver || now - startNanos >= lengthNanos) {
                List<PeriodStats> workers = new ArrayList<>(pending.values());
                out.accept(StatsMerger.summarize(phase, (now - loadStartNanos) / 1_000, workers, subscriptionsPerTopic), workers);
                pending.clear();
                startNanos = now;
                made++;
                lengthNanos = PeriodBudget.openEndedNanos(baseNanos, made, maxPeriods);
            }
        }
    }

    /** For tests: the progress periods a phase makes before they get longer. */
    PeriodCollector withMaxProgressPeriods(int max) {
        maxProgressPeriods = max;
        return this;
    }

    /** Where the run stood at the last poll, or null before the first. */
    LoadState lastState() {
        return lastState;
    }

    /** The start of the time axis of the periods (the load's start). */
    long loadStartNanos() {
        return loadStartNanos;
    }

    /** Runs the phase for {@code length}. */
    void runFor(Phase phase, Duration length) {
        long progressNanos = progressInterval(length).toNanos();
        run(phase, state -> false, waiter.clock().nanoTime() + length.toNanos(),
                guard == null ? progressNanos : Math.min(progressNanos, GUARD_POLL_NANOS), progressNanos);
    }

    /** The progress interval of a phase of {@code length}: longer than asked when it would make too many periods. */
    Duration progressInterval(Duration length) {
        return PeriodBudget.fit(Duration.ofNanos(intervalNanos), length, maxProgressPeriods);
    }

    /**
     * Runs the phase until {@code done} holds or {@code timeout} (null: none) passes.
     *
     * @return true if the condition was met, false on timeout
     */
    boolean runUntil(Phase phase, Predicate<LoadState> done, Duration timeout) {
        return runUntilWithTotals(phase, done, timeout).conditionMet();
    }

    /** As {@link #runUntil}, also returning the phase's totals: each worker's stats over the whole phase. */
    PhaseTotals runUntilWithTotals(Phase phase, Predicate<LoadState> done, Duration timeout) {
        long deadline = timeout == null ? Long.MAX_VALUE : waiter.clock().nanoTime() + timeout.toNanos();
        return run(phase, done, deadline, Math.min(intervalNanos, CONDITION_POLL_NANOS), intervalNanos);
    }

    private PhaseTotals run(Phase phase, Predicate<LoadState> done, long deadline, long pollNanos, long progressNanos) {
        long start = waiter.clock().nanoTime();
        Series progress = new Series(progressNanos, maxProgressPeriods, (period, workers) -> sink.accept(period), start);
        Series sampled = new Series(sampleNanos, PeriodBudget.MAX_SAMPLED_PERIODS, samples, start);
        Map<String, PeriodStats> whole = new LinkedHashMap<>();
        LoadState state = null;
        while (true) {
            long now = waiter.clock().nanoTime();
            long next = Math.min(Math.min(Math.min(progress.due(), sampled.due()), deadline), saturatedAdd(now, pollNanos));
            waiter.until(next);
            List<PeriodStats> slice = workers.periodStats();
            progress.add(slice);
            sampled.add(slice);
            slice.forEach(w -> whole.merge(w.workerId(), w, PeriodStats::then));
            now = waiter.clock().nanoTime();
            state = LoadState.of(slice, subscriptionsPerTopic, waiter.clock().epochMicros());
            lastState = state;
            boolean met = done.test(state);
            RunFailedException stalled = null;
            if (!met && guard != null) {
                try {
                    guard.check(now, state, slice);
                } catch (RunFailedException e) {
                    stalled = e;
                }
            }
            boolean over = met || now >= deadline || stalled != null;
            progress.emitIfDue(phase, now, over);
            sampled.emitIfDue(phase, now, over);
            if (stalled != null) {
                throw stalled;
            }
            if (over) {
                return new PhaseTotals(met, new ArrayList<>(whole.values()), state);
            }
        }
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }
}
