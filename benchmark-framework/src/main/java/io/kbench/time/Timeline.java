package io.kbench.time;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Runs planned actions at their offsets from the start of a measurement, in order of offset, on a thread of
 * its own so that a slow action never holds up the collection of stats; keeps what became of each, including
 * those never applied and why. Faults and consumer events both run on one.
 *
 * @param <T> what is planned (a fault, a consumer event)
 * @param <R> what became of one
 */
public final class Timeline<T, R> {

    static final String ENDED_FIRST = "not applied: the measurement ended first";
    static final String NEVER_STARTED = "not applied: the measurement never started";

    /** Applies one item, due now; it may watch what it did until {@code nextDueNanos} or until the timeline {@link #ending()}. */
    @FunctionalInterface
    public interface Action<T, R> {
        /**
         * @param measureStartNanos the start of the measurement on the timeline's clock
         * @param nextDueNanos when the next item is due, or {@link Long#MAX_VALUE} if this is the last
         */
        R apply(T item, long measureStartNanos, long nextDueNanos);
    }

    private final List<T> items;
    private final Function<T, Duration> after;
    private final Action<T, R> action;
    private final BiFunction<T, String, R> notApplied;
    private final BenchmarkClock clock;
    private final String threadName;
    private final boolean letActionFinish;
    private final List<R> results = new ArrayList<>();
    private Thread thread;
    private long measureStartNanos;
    private volatile boolean ending;
    private volatile boolean applying;

    /**
     * @param after each item's offset from the start of the measurement
     * @param notApplied what became of an item never applied, given the reason
     * @param letActionFinish whether {@link #stop()} lets an action under way finish (else it interrupts it)
     */
    public Timeline(List<T> items, Function<T, Duration> after, Action<T, R> action, BiFunction<T, String, R> notApplied,
                    BenchmarkClock clock, String threadName, boolean letActionFinish) {
        this.items = items.stream().sorted(Comparator.comparing(after)).toList();
        this.after = after;
        this.action = action;
        this.notApplied = notApplied;
        this.clock = clock;
        this.threadName = threadName;
        this.letActionFinish = letActionFinish;
    }

    /** The measurement begins now: the timeline's clock starts. Does nothing for an empty timeline. */
    public synchronized void start(long measureStartNanos) {
        if (items.isEmpty() || thread != null) {
            return;
        }
        this.measureStartNanos = measureStartNanos;
        thread = new Thread(this::runAll, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    /** Whether the measurement is over: an action watching what it did stops watching. */
    public boolean ending() {
        return ending;
    }

    private long dueNanos(int index) {
        return measureStartNanos + after.apply(items.get(index)).toNanos();
    }

    private void runAll() {
        int next = 0;
        try {
            for (; next < items.size() && !ending; next++) {
                clock.parkUntil(dueNanos(next));
                if (ending) {
                    break;
                }
                long nextDue = next + 1 < items.size() ? dueNanos(next + 1) : Long.MAX_VALUE;
                R result;
                applying = true;
                try {
                    result = action.apply(items.get(next), measureStartNanos, nextDue);
                } finally {
                    applying = false;
                }
                record(result);
                if (Thread.currentThread().isInterrupted()) {
                    next++;
                    break;
                }
            }
        } catch (InterruptedException e) {
            // stopped while waiting for the next item
        }
        for (; next < items.size(); next++) {
            record(notApplied.apply(items.get(next), ENDED_FIRST));
        }
    }

    private synchronized void record(R result) {
        results.add(result);
    }

    /**
     * The measurement is over: items not yet due will not be applied. Does not wait for an action under way,
     * so the measurement ends on time.
     */
    public void endMeasurement() {
        Thread t;
        synchronized (this) {
            ending = true;
            t = thread;
        }
        if (t != null && !applying) {
            t.interrupt();
        }
    }

    /**
     * Ends the timeline: items not yet due are recorded as not applied; an action under way finishes first
     * (or is interrupted, if the timeline was made so).
     *
     * @return every item and what became of it, in order of planned time
     */
    public List<R> stop() {
        Thread t;
        synchronized (this) {
            ending = true;
            t = thread;
        }
        if (t == null) {
            return items.stream().map(item -> notApplied.apply(item, NEVER_STARTED)).toList();
        }
        if (!letActionFinish || !applying) {
            t.interrupt();
        }
        try {
            t.join(120_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            return List.copyOf(results);
        }
    }
}
