package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.FromStringDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.kbench.config.DurationJson;
import io.kbench.stats.HistogramCodec;
import io.kbench.stats.LatencyHistograms;
import java.io.IOException;
import org.HdrHistogram.Histogram;

/**
 * The one JSON mapping of result files, for writing and reading alike: records bound by Jackson,
 * times as ISO-8601 text, durations as workload files write them, and the measurement's histograms
 * as HdrHistogram's compressed encoding in base64 (the only custom (de)serializer). Unknown fields are
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
                    .addSerializer(Histogram.class, new HistogramText())
                    .addDeserializer(Histogram.class, new FromStringDeserializer<>(Histogram.class) {
                        @Override
                        protected Histogram _deserialize(String base64, DeserializationContext c) {
                            return HistogramCodec.decode(base64);
                        }
                    })
                    .setMixInAnnotation(LatencyHistograms.class, HistogramNames.class))
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

    /** HdrHistogram's compressed encoding in base64; empty (and left out where a field says so) without samples. */
    private static final class HistogramText extends StdSerializer<Histogram> {
        HistogramText() {
            super(Histogram.class);
        }

        @Override
        public void serialize(Histogram h, JsonGenerator g, SerializerProvider p) throws IOException {
            g.writeString(HistogramCodec.encode(h));
        }

        @Override
        public boolean isEmpty(SerializerProvider p, Histogram h) {
            return h.getTotalCount() == 0;
        }
    }

    /** The result's names of the measurement's histograms, with their unit (the wire protocol's are shorter). */
    private abstract static class HistogramNames {
        @JsonProperty("publishLatencyMicros") abstract Histogram publish();
        @JsonProperty("sendLatencyMicros") abstract Histogram send();
        @JsonProperty("scheduleDelayMicros") abstract Histogram scheduleDelay();
        @JsonProperty("endToEndLatencyMicros") abstract Histogram endToEnd();
        @JsonProperty("commitLatencyMicros") @JsonInclude(JsonInclude.Include.NON_EMPTY) // only with transactions
        abstract Histogram commit();
    }
}
