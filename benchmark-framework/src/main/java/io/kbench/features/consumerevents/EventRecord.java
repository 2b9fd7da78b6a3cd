package io.kbench.features.consumerevents;

import io.kbench.time.Attempt;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/** One consumer event and what became of it, as the runner saw it: tried at its time, or never tried. */
public sealed interface EventRecord {

    /** What the event does. */
    EventAction action();

    /** The number of the subscription it acts on. */
    int subscription();

    /** When it was planned, from the start of the measurement. */
    long plannedAfterMillis();

    /** What was done, or why not. */
    String outcome();

    /** Whether it was done. */
    boolean applied();

    /** When it was tried; empty when it never was. */
    Optional<Attempt> attempt();

    /**
     * Tried at its time.
     *
     * @param applied whether it was done ({@code outcome} says why not)
     * @param stableAfterMillis from the event until the assignment was stable again; empty if it was not before the next
     *     event (or the end), or the event was not done
     */
    record Tried(EventAction action, int subscription, long plannedAfterMillis, Attempt at, String outcome, boolean applied,
                 OptionalLong stableAfterMillis) implements EventRecord {
        public Tried {
            Objects.requireNonNull(action, "action");
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(stableAfterMillis, "stableAfterMillis");
        }

        @Override
        public Optional<Attempt> attempt() {
            return Optional.of(at);
        }
    }

    /** Never tried: the measurement ended first, or never started. */
    record NotTried(EventAction action, int subscription, long plannedAfterMillis, String outcome) implements EventRecord {
        public NotTried {
            Objects.requireNonNull(action, "action");
            Objects.requireNonNull(outcome, "outcome");
        }

        @Override
        public boolean applied() {
            return false;
        }

        @Override
        public Optional<Attempt> attempt() {
            return Optional.empty();
        }
    }
}
