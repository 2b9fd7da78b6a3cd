package io.kbench.result;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.kbench.config.DurationJson;
import io.kbench.stats.HistogramCodec;
import io.kbench.stats.LatencyHistograms;
import java.io.IOException;

/**
 * The one JSON mapping of result files, for writing and reading alike: records bound by Jackson,
 * times as ISO-8601 text, durations as workload files write them, and the measurement's histograms
 * as HdrHistogram's compressed encoding in base64 (the only custom serializer). Unknown fields are
 * skipped when reading, so a result with fields added later still reads.
 */
public final class ResultJson {

    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .addModule(new JavaTimeModule())
            .addModule(DurationJson.module())
            .addModule(new SimpleModule("kbench-result-histograms")
                    .addSerializer(LatencyHistograms.class, new HistogramsSerializer())
                    .addDeserializer(LatencyHistograms.class, new HistogramsDeserializer()))
            .build();

    private ResultJson() {}

    /** The result as the file's text. */
    public static String text(RunResult result) {
        try {
            return MAPPER.writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not serialize the result", e);
        }
    }

    /** The result as a JSON tree (what its file holds). */
    public static JsonNode tree(RunResult result) {
        return MAPPER.valueToTree(result);
    }

    /** A kbench result from its file's JSON; {@link IllegalArgumentException} saying what does not fit. */
    public static RunResult read(JsonNode tree) {
        try {
            return MAPPER.treeToValue(tree, RunResult.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage(), e);
        }
    }

    /** An OpenMessaging Benchmark result (or the OMB fields of a kbench one); {@link IllegalArgumentException} if they do not fit. */
    public static OmbResult readOmb(JsonNode tree) {
        try {
            return MAPPER.treeToValue(tree, OmbResult.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage(), e);
        }
    }

    /** The histograms of the measurement contract, each under its name with its unit. */
    private static final class HistogramsSerializer extends JsonSerializer<LatencyHistograms> {
        @Override
        public void serialize(LatencyHistograms l, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeStartObject();
            g.writeStringField("publishLatencyMicros", HistogramCodec.encode(l.publish()));
            g.writeStringField("sendLatencyMicros", HistogramCodec.encode(l.send()));
            g.writeStringField("scheduleDelayMicros", HistogramCodec.encode(l.scheduleDelay()));
            g.writeStringField("endToEndLatencyMicros", HistogramCodec.encode(l.endToEnd()));
            if (l.commit().getTotalCount() > 0) { // only with transactions
                g.writeStringField("commitLatencyMicros", HistogramCodec.encode(l.commit()));
            }
            g.writeEndObject();
        }
    }

    private static final class HistogramsDeserializer extends JsonDeserializer<LatencyHistograms> {
        @Override
        public LatencyHistograms deserialize(JsonParser p, DeserializationContext c) throws IOException {
            JsonNode n = p.readValueAsTree();
            JsonNode commit = n.path("commitLatencyMicros");
            return new LatencyHistograms(decode(n, "publishLatencyMicros"), decode(n, "sendLatencyMicros"),
                    decode(n, "scheduleDelayMicros"), decode(n, "endToEndLatencyMicros"),
                    commit.isTextual() ? HistogramCodec.decode(commit.asText()) : null);
        }

        private static org.HdrHistogram.Histogram decode(JsonNode histograms, String name) {
            JsonNode encoded = histograms.path(name);
            if (!encoded.isTextual()) {
                throw new IllegalArgumentException("measurement.histograms." + name + " is missing");
            }
            return HistogramCodec.decode(encoded.asText());
        }
    }
}
