package io.kbench.faults;

import io.kbench.time.BenchmarkClock;
import io.kbench.util.Errors;
import io.kbench.workload.FaultSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Applies a workload's faults at their times during the measurement, on a thread of its own so
 * that a slow fault (a restart waits for the broker) never holds up the collection of stats, and
 * keeps what happened: planned and actual times, and the cluster's account of each.
 */
public final class FaultRunner {

    private final List<FaultSpec> faults;
    private final String firstTopic;
    private final FaultApplier applier;
    private final BenchmarkClock clock;
    private final long loadStartNanos;
    private final Consumer<String> console;
    private final List<FaultEvent> events = new ArrayList<>();
    private Thread thread;
    private long measureStartNanos;
    private volatile boolean stopping;
    private volatile boolean applying;

    /**
     * @param loadStartNanos the start of the periods' time axis
     * @param console receives one line per fault, as it happens
     */
    public FaultRunner(List<FaultSpec> faults, String firstTopic, FaultApplier applier, BenchmarkClock clock, long loadStartNanos,
                Consumer<String> console) {
        this.faults = faults.stream().sorted(Comparator.comparing(FaultSpec::after)).toList();
        this.firstTopic = firstTopic;
        this.applier = applier;
        this.clock = clock;
        this.loadStartNanos = loadStartNanos;
        this.console = console;
    }

    /** Starts the clock of the faults: the measurement begins now. */
    public synchronized void start(long measureStartNanos) {
        if (faults.isEmpty() || thread != null) {
            return;
        }
        this.measureStartNanos = measureStartNanos;
        thread = new Thread(this::runAll, "kbench-faults");
        thread.setDaemon(true);
        thread.start();
    }

    private void runAll() {
        int next = 0;
        try {
            for (; next < faults.size() && !stopping; next++) {
                FaultSpec f = faults.get(next);
                clock.parkUntil(measureStartNanos + f.after().toNanos());
                if (stopping) {
                    break;
                }
                apply(f);
            }
        } catch (InterruptedException e) {
            // stopped while waiting for the next fault
        }
        for (; next < faults.size(); next++) {
            record(notApplied(faults.get(next), "not applied: the measurement ended first"));
        }
    }

    private void apply(FaultSpec f) {
        long at = clock.nanoTime();
        long afterMillis = (at - measureStartNanos) / 1_000_000;
        console.accept(String.format(Locale.ROOT, "[measure %6.1fs] FAULT %s%s...", afterMillis / 1e3, f.type(),
                f.broker() == null ? "" : " of broker " + f.broker()));
        String outcome;
        boolean applied;
        applying = true;
        try {
            outcome = applier.apply(f.toFault(firstTopic));
            applied = true;
        } catch (RuntimeException e) {
            outcome = "failed: " + Errors.describeForUser(e);
            applied = false;
        } finally {
            applying = false;
        }
        console.accept(String.format(Locale.ROOT, "[measure %6.1fs] FAULT %s: %s", (clock.nanoTime() - measureStartNanos) / 1e9,
                f.type(), outcome));
        record(new FaultEvent(f.type(), f.broker(), durationMillis(f), f.after().toMillis(), afterMillis,
                (at - loadStartNanos) / 1_000, Instant.ofEpochMilli(clock.epochMicrosAt(at) / 1_000).toString(), outcome, applied));
    }

    private static FaultEvent notApplied(FaultSpec f, String why) {
        return new FaultEvent(f.type(), f.broker(), durationMillis(f), f.after().toMillis(), null, null, null, why, false);
    }

    private static Long durationMillis(FaultSpec f) {
        return f.duration() == null ? null : f.duration().toMillis();
    }

    private synchronized void record(FaultEvent e) {
        events.add(e);
    }

    /**
     * The measurement is over: faults not yet due will not be applied. Does not wait for one under
     * way, so the measurement ends on time.
     */
    public void endMeasurement() {
        Thread t;
        synchronized (this) {
            stopping = true;
            t = thread;
        }
        if (t != null && !applying) {
            t.interrupt();
        }
    }

    /**
     * Ends the faults: those not yet due are recorded as not applied; one being applied is let
     * finish (a restart is bounded by the cluster).
     *
     * @return every fault of the workload and what became of it, in order of planned time
     */
    public List<FaultEvent> stop() {
        Thread t;
        synchronized (this) {
            stopping = true;
            t = thread;
        }
        if (t == null) {
            List<FaultEvent> none = new ArrayList<>();
            faults.forEach(f -> none.add(notApplied(f, "not applied: the measurement never started")));
            return none;
        }
        if (!applying) {
            t.interrupt();
        }
        try {
            t.join(120_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            return List.copyOf(events);
        }
    }
}
