package io.kbench.features.operations;

import io.kbench.driver.ClusterOperations;
import io.kbench.driver.PartitionHealth;
import io.kbench.driver.ProvisionedCluster;
import io.kbench.features.RunControl;
import io.kbench.time.Attempt;
import io.kbench.time.BenchmarkClock;
import io.kbench.time.Timeline;
import io.kbench.util.Errors;
import io.kbench.workload.OperationSpec;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Runs a workload's operations at their times during the measurement, one after another, on a thread of its own
 * (so a reassignment of minutes never holds up the collection of stats), each until the cluster says it is done, its
 * timeout passes, or the measurement ends. What each does is in {@link OperationSteps}; this class keeps the time, the
 * console and what became of each.
 */
final class OperationRunner {

    /** How often a long operation says how it goes. */
    static final long PROGRESS_EVERY_NANOS = 5_000_000_000L;

    private final RunControl control;
    private final OperationSteps steps;
    private final Timeline<OperationSpec, Ran> timeline;

    /** @param groupsByTopic the run's consumer groups (not share groups) by the topic each reads */
    OperationRunner(List<OperationSpec> operations, RunControl control, ClusterOperations cluster,
                    Optional<ProvisionedCluster<?>> started, ChangeLog changes, List<String> runTopics,
                    java.util.Map<String, List<String>> groupsByTopic) {
        this.control = control;
        // An operation under way is let finish its step (a broker half restarted is started again); its waits end as
        // soon as the measurement does.
        this.timeline = new Timeline<>(operations, OperationSpec::after, this::apply, Ran::notRun, control.clock(),
                "kbench-operations", true);
        this.steps = new OperationSteps(cluster, started, changes, runTopics, groupsByTopic, control, new Waits());
    }

    void start(long measureStartNanos) {
        timeline.start(measureStartNanos);
    }

    /** The measurement is over: operations not yet due will not run; one under way stops waiting. */
    void endMeasurement() {
        timeline.endMeasurement();
    }

    /** Every operation and what became of it, in the order planned; one under way stops waiting and ends its step first. */
    List<Ran> stop() {
        return timeline.stop();
    }

    private Ran apply(OperationSpec op, long measureStartNanos, long nextDueNanos) {
        BenchmarkClock clock = control.clock();
        long start = clock.nanoTime();
        Attempt at = Attempt.at(clock, start, measureStartNanos, control.loadStartNanos());
        String label = op.kind().label();
        say(measureStartNanos, label + "...");
        OperationSteps.Done done;
        try {
            done = steps.run(op, line -> say(measureStartNanos, label + ": " + line), nextDueNanos);
        } catch (OperationSteps.Refused e) {
            String why = e.getMessage().lines().findFirst().orElse("");
            say(measureStartNanos, label + " REFUSED by the cluster: " + why + "; the run goes on");
            return new Ran(op, at, elapsed(), OperationStatus.REFUSED, e.target(), "refused: " + why, List.of(), List.of(),
                    "nothing was changed", null, null, null, null);
        } catch (RuntimeException e) {
            String why = Errors.describeForUser(e).lines().findFirst().orElse(""); // a broker's log tail stays in its log
            say(measureStartNanos, label + " FAILED: " + why);
            return new Ran(op, at, elapsed(), OperationStatus.FAILED, "", "failed: " + why, List.of(), steps.keysOfLast(), null, null, null,
                    null, null);
        }
        // An operation that watched on after the cluster said it was done (add-partitions) is done when it said so.
        long doneNanos = done.doneAtNanos() != null ? done.doneAtNanos() : clock.nanoTime();
        long micros = (doneNanos - start) / 1_000;
        say(measureStartNanos, String.format(Locale.ROOT, "%s %s after %.1f s: %s", label, done.status().label(), micros / 1e6,
                done.outcome()));
        return new Ran(op, at, (doneNanos - control.loadStartNanos()) / 1_000, done.status(), done.target(), done.outcome(),
                done.steps(), done.changeKeys(), done.putBackNote(), done.partitionsMoved(), done.bytesMoved(),
                done.newPartitionsWrittenAfterMillis(), done.newPartitionsConsumedAfterMillis());
    }

    private long elapsed() {
        return (control.clock().nanoTime() - control.loadStartNanos()) / 1_000;
    }

    private void say(long measureStartNanos, String text) {
        control.line(String.format(Locale.ROOT, "[measure %6.1fs] OPERATION %s", (control.clock().nanoTime() - measureStartNanos) / 1e9,
                text));
    }

    /** Waiting for the cluster, on the runner's clock, until the measurement ends. */
    final class Waits {

        /** What a wait ended with. */
        enum Ended { MET, TIMED_OUT, CUT_SHORT }

        /**
         * Polls {@code health} every half second until {@code met} says so, {@code timeoutNanos} pass or the measurement
         * ends; says how it goes every {@link #PROGRESS_EVERY_NANOS} through {@code progress}.
         */
        Ended until(java.util.function.Supplier<PartitionHealth> health, java.util.function.Predicate<PartitionHealth> met,
                    long timeoutNanos, java.util.function.Consumer<PartitionHealth> progress) {
            BenchmarkClock clock = control.clock();
            long start = clock.nanoTime();
            long nextSay = start + PROGRESS_EVERY_NANOS;
            while (true) {
                PartitionHealth h = null;
                try {
                    h = health.get();
                } catch (RuntimeException e) {
                    // the cluster did not answer this poll: ask again
                }
                if (h != null && met.test(h)) {
                    return Ended.MET;
                }
                long now = clock.nanoTime();
                if (h != null && now >= nextSay) {
                    progress.accept(h);
                    nextSay = now + PROGRESS_EVERY_NANOS;
                }
                if (now - start >= timeoutNanos) {
                    return Ended.TIMED_OUT;
                }
                if (ending().getAsBoolean()) {
                    return Ended.CUT_SHORT;
                }
                try {
                    clock.parkUntil(now + 500_000_000L);
                } catch (InterruptedException e) {
                    return Ended.CUT_SHORT;
                }
            }
        }

        /** Sleeps on the runner's clock; false when the measurement ended meanwhile. */
        boolean pause(long nanos) {
            try {
                control.clock().parkUntil(control.clock().nanoTime() + nanos);
                return !ending().getAsBoolean();
            } catch (InterruptedException e) {
                return false;
            }
        }

        BooleanSupplier ending() {
            return timeline::ending;
        }
    }
}
