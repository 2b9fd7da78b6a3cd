package io.kbench.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import java.io.IOException;
import java.time.Duration;

/**
 * Reads a {@link Duration} that may be written negative ({@code -50ms}), for a field whose
 * validator checks a range and names it: "-50ms is out of range: from 1ms to 5s" says more than
 * "must not be negative". Put it on the field with {@code @JsonDeserialize(using = ...)}.
 */
public final class SignedDurationDeserializer extends StdScalarDeserializer<Duration> {

    private static final long serialVersionUID = 1L;

    public SignedDurationDeserializer() {
        super(Duration.class);
    }

    @Override
    public Duration deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            String text = parser.getText().strip();
            if (text.startsWith("-")) {
                try {
                    return DurationParser.parse(text.substring(1)).negated();
                } catch (DurationParser.InvalidDurationException e) {
                    throw new FieldProblem(parser, e.reason(), Duration.class);
                }
            }
        }
        return new DurationDeserializer().deserialize(parser, context);
    }
}
