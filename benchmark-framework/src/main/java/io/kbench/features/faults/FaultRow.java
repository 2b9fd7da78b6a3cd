package io.kbench.features.faults;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.kbench.driver.FaultType;
import io.kbench.time.Attempt;
import io.kbench.workload.Choice;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A {@link FaultEvent} as the result's {@code faults} list writes it: one flat object, a field null where the event has
 * no such part. The file's form only; the code reads the sealed {@link FaultEvent}.
 *
 * @param type e.g. "broker-kill"; a type this version does not know is kept as written
 * @param broker the broker asked for, or null for the default
 * @param durationMillis how long a pause or freeze was to last, or null
 * @param plannedAfterMillis when it was planned, from the start of the measurement
 * @param appliedAfterMillis when it was applied, from the start of the measurement; null if it was not
 * @param appliedElapsedMicros when it was applied on the periods' time axis (from the start of the load); null if not
 * @param appliedAt when it was applied, ISO-8601; null if not
 * @param outcome what the cluster did ("killed broker 1 (127.0.0.1:40123)"), or why nothing was done
 * @param applied whether the cluster applied it
 */
record FaultRow(
        @JsonDeserialize(using = TypeBinder.class) Choice<FaultType> type,
        Integer broker,
        Long durationMillis,
        long plannedAfterMillis,
        Long appliedAfterMillis,
        Long appliedElapsedMicros,
        String appliedAt,
        String outcome,
        boolean applied) {

    static FaultRow of(FaultEvent e) {
        FaultEvent.Planned p = e.planned();
        Attempt at = e.attempt().orElse(null);
        return new FaultRow(p.type(), p.broker().isPresent() ? p.broker().getAsInt() : null,
                p.durationMillis().isPresent() ? p.durationMillis().getAsLong() : null, p.plannedAfterMillis(),
                at == null ? null : at.afterMillis(), at == null ? null : at.elapsedMicros(), at == null ? null : at.at(),
                e.outcome(), e.applied());
    }

    /**
     * The event this row holds: tried when it has a time on the periods' axis (as the report has always read it), else never
     * tried. A hand-written row without the other two times reads them as the planned time and "—".
     */
    FaultEvent event() {
        FaultEvent.Planned p = new FaultEvent.Planned(type, broker == null ? OptionalInt.empty() : OptionalInt.of(broker),
                durationMillis == null ? OptionalLong.empty() : OptionalLong.of(durationMillis), plannedAfterMillis);
        if (appliedElapsedMicros == null) {
            return new FaultEvent.NotTried(p, outcome == null ? "" : outcome);
        }
        return new FaultEvent.Tried(p, new Attempt(appliedAfterMillis == null ? plannedAfterMillis : appliedAfterMillis,
                appliedElapsedMicros, appliedAt == null ? "—" : appliedAt), outcome == null ? "" : outcome, applied);
    }

    /** Reads a fault type by its label, keeping one this version does not know as written. */
    static final class TypeBinder extends Choice.Binder<FaultType> {
        private static final long serialVersionUID = 1L;

        TypeBinder() {
            super(FaultType::byLabel);
        }
    }
}
