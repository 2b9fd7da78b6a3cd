package io.kbench.config;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.time.Duration;

/** Durations in JSON as workload files write them ({@code 30s}, {@code 1m}), both ways: for documents that embed a workload. */
public final class DurationJson {

    private DurationJson() {}

    public static SimpleModule module() {
        return new SimpleModule("kbench-durations")
                .addDeserializer(Duration.class, new DurationDeserializer())
                .addSerializer(Duration.class, new JsonSerializer<>() {
                    @Override
                    public void serialize(Duration d, JsonGenerator g, SerializerProvider p) throws IOException {
                        g.writeString(DurationParser.format(d));
                    }
                });
    }
}
