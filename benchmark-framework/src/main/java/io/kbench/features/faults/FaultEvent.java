package io.kbench.features.faults;

import io.kbench.driver.FaultType;
import io.kbench.time.Attempt;
import io.kbench.workload.Choice;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A fault of the workload and what became of it, for the result and the report: tried at its time (and
 * applied by the cluster, or not), or never tried. Written as one flat entry of the result's {@code faults}
 * list ({@link FaultRow}).
 */
public sealed interface FaultEvent {

    /** What was planned. */
    Planned planned();

    /** What the cluster did ("killed broker 1 (127.0.0.1:40123)"), or why nothing was done. */
    String outcome();

    /** Whether the cluster applied it. */
    boolean applied();

    /** When it was tried; empty when it never was. */
    Optional<Attempt> attempt();

    /**
     * A fault as the workload plans it.
     *
     * @param type what happens, as a result names it (a result written by a later version may name a type this one does not know)
     * @param broker the broker asked for; empty for the default (or a fault of every broker)
     * @param durationMillis how long a pause, freeze or delay was to last; empty for a kill or restart
     * @param plannedAfterMillis when, from the start of the measurement
     */
    record Planned(Choice<FaultType> type, OptionalInt broker, OptionalLong durationMillis, long plannedAfterMillis) {
        public Planned {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(broker, "broker");
            Objects.requireNonNull(durationMillis, "durationMillis");
        }

        /** A fault of a known type. */
        public Planned(FaultType type, OptionalInt broker, OptionalLong durationMillis, long plannedAfterMillis) {
            this(new Choice.Known<>(type, type.label()), broker, durationMillis, plannedAfterMillis);
        }
    }

    /** Tried at its time: {@code applied} says whether the cluster did it. */
    record Tried(Planned planned, Attempt at, String outcome, boolean applied) implements FaultEvent {
        public Tried {
            Objects.requireNonNull(planned, "planned");
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(outcome, "outcome");
        }

        @Override
        public Optional<Attempt> attempt() {
            return Optional.of(at);
        }
    }

    /** Never tried: the measurement ended first, or never started. */
    record NotTried(Planned planned, String outcome) implements FaultEvent {
        public NotTried {
            Objects.requireNonNull(planned, "planned");
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
