package io.kbench.features.consumerevents;

import io.kbench.time.Attempt;
import io.kbench.time.BenchmarkClock;
import io.kbench.time.Timeline;
import io.kbench.util.Errors;
import io.kbench.workload.ConsumerEventSpec;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Applies a workload's consumer events at their times during the measurement, on a thread of its own
 * (as the faults are), and after each one watches the group until its assignment is stable again:
 * every partition held and every member holding one (a share group: every member holding one), or until
 * the next event is due.
 */
public final class ConsumerEventRunner {

    static final long POLL_NANOS = 50_000_000;

    /** Does what one event says to the run's consumers; returns what was done, in one line. */
    @FunctionalInterface
    public interface Applier {
        String apply(ConsumerEventSpec event);
    }

    /** Whether the subscription's assignment is stable now. */
    @FunctionalInterface
    public interface Stability {
        boolean stable();
    }

    private final Applier applier;
    private final Stability stability;
    private final BenchmarkClock clock;
    private final long loadStartNanos;
    private final Consumer<String> console;
    private final Timeline<ConsumerEventSpec, EventRecord> timeline;

    public ConsumerEventRunner(List<ConsumerEventSpec> events, Applier applier, Stability stability, BenchmarkClock clock,
                               long loadStartNanos, Consumer<String> console) {
        this.applier = applier;
        this.stability = stability;
        this.clock = clock;
        this.loadStartNanos = loadStartNanos;
        this.console = console;
        this.timeline = new Timeline<>(events, ConsumerEventSpec::after, this::apply, ConsumerEventRunner::notApplied, clock,
                "kbench-consumer-events", false);
    }

    /** The measurement begins now: the events' clock starts. */
    public void start(long measureStartNanos) {
        timeline.start(measureStartNanos);
    }

    private EventRecord apply(ConsumerEventSpec e, long measureStartNanos, long nextDueNanos) {
        long at = clock.nanoTime();
        double afterSeconds = (at - measureStartNanos) / 1e9;
        console.accept(String.format(Locale.ROOT, "[measure %6.1fs] CONSUMER EVENT %s...", afterSeconds, describe(e)));
        String outcome;
        boolean applied;
        try {
            outcome = applier.apply(e);
            applied = true;
        } catch (RuntimeException ex) {
            outcome = "failed: " + Errors.describeForUser(ex);
            applied = false;
        }
        OptionalLong stableAfterMillis = OptionalLong.empty();
        if (applied) {
            try {
                while (!timeline.ending() && clock.nanoTime() < nextDueNanos) {
                    if (stability.stable()) {
                        stableAfterMillis = OptionalLong.of((clock.nanoTime() - at) / 1_000_000);
                        break;
                    }
                    clock.parkUntil(Math.min(clock.nanoTime() + POLL_NANOS, nextDueNanos));
                }
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt(); // stopped: record what was seen, then end
            } catch (RuntimeException ex) {
                outcome += "; the assignment could not be read: " + Errors.describeForUser(ex);
            }
        }
        console.accept(String.format(Locale.ROOT, "[measure %6.1fs] CONSUMER EVENT %s: %s%s", (clock.nanoTime() - measureStartNanos) / 1e9,
                describe(e), outcome, !applied ? "" : stableAfterMillis.isEmpty() ? "; the assignment was not stable again before "
                        + (nextDueNanos == Long.MAX_VALUE ? "the measurement ended" : "the next event")
                        : String.format(Locale.ROOT, "; assignment stable again after %,d ms", stableAfterMillis.getAsLong())));
        return new EventRecord.Tried(EventAction.of(e), e.subscriptionOrDefault(), e.after().toMillis(),
                Attempt.at(clock, at, measureStartNanos, loadStartNanos), outcome, applied, stableAfterMillis);
    }

    private static String describe(ConsumerEventSpec e) {
        return e.kind() == ConsumerEventSpec.Kind.WORKER_RESTART ? "worker-restart of worker " + (e.worker() == null ? 0 : e.worker())
                : e.kind().label() + " of " + e.countOrDefault() + " consumer(s)";
    }

    private static EventRecord notApplied(ConsumerEventSpec e, String why) {
        return new EventRecord.NotTried(EventAction.of(e), e.subscriptionOrDefault(), e.after().toMillis(), why);
    }

    /** The measurement is over: events not yet due are not applied; one under way may finish watching. */
    public void endMeasurement() {
        timeline.endMeasurement();
    }

    /** Ends the events and returns what became of each, in order of planned time. */
    public List<EventRecord> stop() {
        return timeline.stop();
    }
}
