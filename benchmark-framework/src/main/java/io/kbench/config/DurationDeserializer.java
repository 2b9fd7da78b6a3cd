package io.kbench.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import java.io.IOException;
import java.time.Duration;

/** Reads {@link Duration} from text such as {@code 30s}; see {@link DurationParser}. Blank text means absent. */
final class DurationDeserializer extends StdScalarDeserializer<Duration> {

    private static final long serialVersionUID = 1L;

    DurationDeserializer() {
        super(Duration.class);
    }

    @Override
    public Duration deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        switch (parser.currentToken()) {
            case VALUE_STRING: {
                String text = parser.getText();
                if (text.isBlank()) {
                    return null;
                }
                try {
                    return DurationParser.parse(text);
                } catch (DurationParser.InvalidDurationException e) {
                    throw new FieldProblem(parser, e.reason(), Duration.class);
                }
            }
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                throw new FieldProblem(parser, DurationParser.NEEDS_UNIT, Duration.class);
            default:
                return (Duration) context.handleUnexpectedToken(Duration.class, parser);
        }
    }
}
