package io.kbench.features.faults;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;
import io.kbench.driver.FaultType;
import io.kbench.time.Attempt;
import java.io.IOException;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A {@link FaultEvent} as the result's {@code faults} list writes it: one flat object, a field null where the event has
 * no such part. The file's form only; the code reads the sealed {@link FaultEvent}.
 *
 * @param type e.g. "broker-kill"
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
        @JsonSerialize(using = Label.class) @JsonDeserialize(using = ByLabel.class) FaultType type,
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

    /** The event this row holds: tried when it has a time of application, else never tried. */
    FaultEvent event() {
        FaultEvent.Planned p = new FaultEvent.Planned(type, broker == null ? OptionalInt.empty() : OptionalInt.of(broker),
                durationMillis == null ? OptionalLong.empty() : OptionalLong.of(durationMillis), plannedAfterMillis);
        if (appliedAfterMillis == null || appliedElapsedMicros == null || appliedAt == null) {
            return new FaultEvent.NotTried(p, outcome == null ? "" : outcome);
        }
        return new FaultEvent.Tried(p, new Attempt(appliedAfterMillis, appliedElapsedMicros, appliedAt), outcome == null ? ""
                : outcome, applied);
    }

    /** Writes a fault type as its label, e.g. "broker-kill". */
    static final class Label extends StdScalarSerializer<FaultType> {
        private static final long serialVersionUID = 1L;

        Label() {
            super(FaultType.class);
        }

        @Override
        public void serialize(FaultType value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(value.label());
        }
    }

    /** Reads a fault type from its label; a label kbench never wrote is an error. */
    static final class ByLabel extends StdScalarDeserializer<FaultType> {
        private static final long serialVersionUID = 1L;

        ByLabel() {
            super(FaultType.class);
        }

        @Override
        public FaultType deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            String text = context.readValue(parser, String.class);
            return FaultType.byLabel(text).orElseThrow(() -> context.weirdStringException(text, FaultType.class,
                    "not one of " + String.join(", ", FaultType.labels())));
        }
    }
}
