package io.kbench.workload;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A name from a fixed set as a workload file writes it ({@code type: broker-kill}): the constant it names, or
 * the text alone when it names none. The file is bound leniently so that the workload's checks, not the
 * binder, say what is wrong with a name that names nothing: in their own words, beside the file's other
 * problems ("faults[0].type 'broker-kil' is unknown; did you mean 'broker-kill'?"). Written back (into a
 * result's copy of the workload) as the text. A result's own records use it too, so that a result written by a
 * later version, naming a type this one does not know, still reads and shows that type as written.
 *
 * @param <E> the set of names
 */
public sealed interface Choice<E extends Enum<E>> {

    /** The text as written. */
    @JsonValue
    String written();

    /** The constant the text names; empty when it names none. */
    Optional<E> value();

    /** A name that names {@code constant}. */
    record Known<E extends Enum<E>>(E constant, String written) implements Choice<E> {
        public Known {
            Objects.requireNonNull(constant, "constant");
            Objects.requireNonNull(written, "written");
        }

        @Override
        public Optional<E> value() {
            return Optional.of(constant);
        }
    }

    /** Text that names no constant of the set: the checks report it. */
    record Unknown<E extends Enum<E>>(String written) implements Choice<E> {
        public Unknown {
            Objects.requireNonNull(written, "written");
        }

        @Override
        public Optional<E> value() {
            return Optional.empty();
        }
    }

    /** {@code text} as {@code byName} reads it: a known constant, or unknown text. */
    static <E extends Enum<E>> Choice<E> of(String text, Function<String, Optional<E>> byName) {
        return byName.apply(text).<Choice<E>>map(c -> new Known<>(c, text)).orElseGet(() -> new Unknown<>(text));
    }

    /**
     * Binds a {@code Choice} from any scalar, as a {@code String} field would be bound (the same coercions and the same
     * errors for a list or a mapping); a field names its set with a subclass, {@code @JsonDeserialize(using = …)}.
     */
    abstract class Binder<E extends Enum<E>> extends StdDeserializer<Choice<E>> {

        private static final long serialVersionUID = 1L;

        private final transient Function<String, Optional<E>> byName;

        protected Binder(Function<String, Optional<E>> byName) {
            super(Choice.class);
            this.byName = byName;
        }

        @Override
        public Choice<E> deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            String text = context.readValue(parser, String.class);
            return text == null ? null : of(text, byName);
        }
    }
}
