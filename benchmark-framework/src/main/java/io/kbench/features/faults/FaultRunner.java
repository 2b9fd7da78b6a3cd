package io.kbench.features.faults;

import io.kbench.time.Attempt;
import io.kbench.time.BenchmarkClock;
import io.kbench.time.Timeline;
import io.kbench.util.Errors;
import io.kbench.workload.FaultSpec;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Consumer;

import io.kbench.features.FaultApplier;
/**
 * Applies a workload's faults at their times during the measurement, on a thread of its own so
 * that a slow fault (a restart waits for the broker) never holds up the collection of stats, and
 * keeps what happened: planned and actual times, and the cluster's account of each.
 */
public final class FaultRunner {

    private final String firstTopic;
    private final FaultApplier applier;
    private final BenchmarkClock clock;
    private final long loadStartNanos;
    private final Consumer<String> console;
    private final Timeline<FaultSpec, FaultEvent> timeline;

    /**
     * @param loadStartNanos the start of the periods' time axis
     * @param console receives one line per fault, as it happens
     */
    public FaultRunner(List<FaultSpec> faults, String firstTopic, FaultApplier applier, BenchmarkClock clock, long loadStartNanos,
                Consumer<String> console) {
        this.firstTopic = firstTopic;
        this.applier = applier;
        this.clock = clock;
        this.loadStartNanos = loadStartNanos;
        this.console = console;
        // A fault under way is let finish: a restart is bounded by the cluster.
        this.timeline = new Timeline<>(faults, FaultSpec::after, this::apply, FaultRunner::notApplied, clock, "kbench-faults", true);
    }

    /** Starts the clock of the faults: the measurement begins now. */
    public void start(long measureStartNanos) {
        timeline.start(measureStartNanos);
    }

    private FaultEvent apply(FaultSpec f, long measureStartNanos, long nextDueNanos) {
        long at = clock.nanoTime();
        long afterMillis = (at - measureStartNanos) / 1_000_000;
        console.accept(String.format(Locale.ROOT, "[measure %6.1fs] FAULT %s%s...", afterMillis / 1e3, f.faultType().label(),
                f.broker() == null ? "" : " of broker " + f.broker()));
        String outcome;
        boolean applied;
        try {
            outcome = applier.apply(f.toFault(firstTopic));
            applied = true;
        } catch (RuntimeException e) {
            outcome = "failed: " + Errors.describeForUser(e);
            applied = false;
        }
        console.accept(String.format(Locale.ROOT, "[measure %6.1fs] FAULT %s: %s", (clock.nanoTime() - measureStartNanos) / 1e9,
                f.faultType().label(), outcome));
        return new FaultEvent.Tried(planned(f), Attempt.at(clock, at, measureStartNanos, loadStartNanos), outcome, applied);
    }

    private static FaultEvent notApplied(FaultSpec f, String why) {
        return new FaultEvent.NotTried(planned(f), why);
    }

    private static FaultEvent.Planned planned(FaultSpec f) {
        return new FaultEvent.Planned(f.type(), f.broker() == null ? OptionalInt.empty() : OptionalInt.of(f.broker()),
                f.duration() == null ? OptionalLong.empty() : OptionalLong.of(f.duration().toMillis()), f.after().toMillis());
    }

    /**
     * The measurement is over: faults not yet due will not be applied. Does not wait for one under
     * way, so the measurement ends on time.
     */
    public void endMeasurement() {
        timeline.endMeasurement();
    }

    /**
     * Ends the faults: those not yet due are recorded as not applied; one being applied is let
     * finish (a restart is bounded by the cluster).
     *
     * @return every fault of the workload and what became of it, in order of planned time
     */
    public List<FaultEvent> stop() {
        return timeline.stop();
    }
}
