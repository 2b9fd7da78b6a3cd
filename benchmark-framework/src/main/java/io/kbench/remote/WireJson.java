package io.kbench.remote;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.kbench.stats.HistogramCodec;
import java.io.IOException;
import org.HdrHistogram.Histogram;

/**
 * The JSON mapping of the protocol's messages (records), with histograms as HdrHistogram's
 * compressed encoding in base64 and payload bytes in base64.
 */
public final class WireJson {

    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule("kbench-wire")
                    .addSerializer(Histogram.class, new JsonSerializer<>() {
                        @Override
                        public void serialize(Histogram h, JsonGenerator g, SerializerProvider p) throws IOException {
                            g.writeString(HistogramCodec.encode(h));
                        }
                    })
                    .addDeserializer(Histogram.class, new JsonDeserializer<>() {
                        @Override
                        public Histogram deserialize(JsonParser p, DeserializationContext c) throws IOException {
                            return HistogramCodec.decode(p.getValueAsString());
                        }
                    }));

    private WireJson() {}
}
