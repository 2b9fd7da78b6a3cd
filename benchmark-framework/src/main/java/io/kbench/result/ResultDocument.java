package io.kbench.result;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kbench.config.DurationParser;
import io.kbench.driver.SweepTarget;
import io.kbench.stats.HistogramCodec;
import io.kbench.stats.LatencyHistograms;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The result file: OpenMessaging Benchmark's fields first ({@link OmbFields}), then ours, whose
 * names carry their units. Histograms are stored compressed, in base64 ({@link HistogramCodec}).
 */
public final class ResultDocument {

    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .registerModule(new SimpleModule()
                    .addSerializer(Duration.class, new JsonSerializer<>() {
                        @Override
                        public void serialize(Duration d, JsonGenerator g, SerializerProvider p) throws IOException {
                            g.writeString(DurationParser.format(d));
                        }
                    })
                    .addSerializer(LatencyHistograms.class, new JsonSerializer<>() {
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
                    }));

    private ResultDocument() {}

    public static ObjectNode toJson(RunResult r) {
        return toJson(r, List.of());
    }

    /**
     * @param settingGroups what the run's driver lets a sweep set (its {@code sweepTargets}), passed in by
     *     whoever loaded the driver; written so reports name its settings without the driver's jar
     */
    public static ObjectNode toJson(RunResult r, List<SweepTarget> settingGroups) {
        ObjectNode root = MAPPER.createObjectNode();
        OmbFields.write(root, r);

        root.put("runId", r.runId());
        root.put("status", r.status().name().toLowerCase());
        root.put("failureReason", r.failureReason());
        root.set("warnings", MAPPER.valueToTree(r.warnings()));
        root.put("clientBound", r.diagnosis().clientBound());
        root.put("clientBoundReason", r.diagnosis().clientBound() ? r.diagnosis().reason() : null);
        ObjectNode diagnosis = root.putObject("diagnosis");
        diagnosis.put("verdict", r.diagnosis().verdict().label());
        diagnosis.set("reasons", MAPPER.valueToTree(r.diagnosis().reasons()));
        root.set("delivery", r.delivery() == null ? null : MAPPER.valueToTree(r.delivery()));
        root.set("integrity", r.integrity() == null ? null : MAPPER.valueToTree(r.integrity()));
        root.set("faults", MAPPER.valueToTree(r.faults()));
        root.set("warmup", r.warmup() == null ? null : MAPPER.valueToTree(r.warmup()));
        if (r.search() != null) {
            root.set("search", MAPPER.valueToTree(r.search()));
        }
        root.set("clientWarnings", MAPPER.valueToTree(r.clientWarnings().stream().map(w -> Map.of("kind", w.kind(),
                "count", w.count(), "first", Instant.ofEpochMilli(w.firstEpochMillis()).toString(),
                "last", Instant.ofEpochMilli(w.lastEpochMillis()).toString())).toList()));
        if (r.ckuVerdict() != null) {
            root.set("ckuCheck", MAPPER.valueToTree(r.ckuVerdict().toJson()));
        }
        root.put("startTime", Instant.ofEpochMilli(r.startEpochMillis()).toString());
        root.put("endTime", Instant.ofEpochMilli(r.endEpochMillis()).toString());
        ObjectNode units = root.putObject("units");
        units.put("latency", "fields ending in Micros are microseconds; OMB's publishLatency*/endToEndLatency* are milliseconds, publishDelayLatency* microseconds");
        units.put("throughput", "rates are per second; MB = 1,048,576 bytes, as in Kafka's perf tools");
        units.put("publishLatency", "ack time minus intended send time (includes schedule delay); sendLatency is ack minus actual send, as kafka-producer-perf-test");
        units.put("scheduleLatency", "the Redpanda fork's name for schedule delay (actual minus intended send), in milliseconds; publishDelayLatency* is the same figure in microseconds, as OMB writes it");
        units.put("catchUp", "a backlog run's drain alone: from resuming the consumers to the backlog at the drain level; the measurement covers the build, the drain and the test duration after it, as OMB's");
        units.put("sent", "sent and consumed are message counts per measured period of sampleRateMillis");
        if (r.measurement() != null && r.measurement().transactions() != null) {
            units.put("transactions", "commitLatency is from asking the client to commit to its answer; end-to-end latency of "
                    + "read_committed consumers includes the wait for the commit");
        }
        root.put("workloadFile", r.workloadFile());
        root.set("workloadConfig", MAPPER.valueToTree(r.workload()));
        ObjectNode driver = root.putObject("driverInfo");
        driver.put("name", r.driverName());
        driver.put("file", r.driverFile());
        driver.set("config", MAPPER.valueToTree(r.driverConfig()));
        // What the driver lets a sweep set, so that reports name its settings as sweeps do without the driver's jar.
        List<SweepTarget> groups = settingGroups;
        if (!groups.isEmpty()) {
            driver.set("settingGroups", MAPPER.valueToTree(groups));
        }
        root.put("cluster", r.cluster());
        root.set("versions", MAPPER.valueToTree(r.versions()));
        root.set("workerIds", MAPPER.valueToTree(r.workers()));
        root.set("topicNames", MAPPER.valueToTree(r.topics()));
        root.put("rebalanceTimeMillis", r.rebalanceTimeMillis());
        root.set("workerClocks", MAPPER.valueToTree(r.workerClocks()));
        root.put("endToEndErrorBoundMicros", r.endToEndErrorBoundMicros());
        root.set("measurement", r.measurement() == null ? null : MAPPER.valueToTree(r.measurement()));
        root.set("catchUp", r.catchUp() == null ? null : MAPPER.valueToTree(r.catchUp()));
        root.set("consumerMetrics", r.consumer() == null ? null : MAPPER.valueToTree(r.consumer()));
        ObjectNode metrics = root.putObject("clientMetrics");
        r.clientMetrics().forEach(t -> metrics.put(t.name(), t.value()));
        root.set("periods", MAPPER.valueToTree(r.periods()));
        return root;
    }

    public static String toText(RunResult r) {
        return toText(r, List.of());
    }

    /** The result as JSON text, with the driver's setting groups (see {@link #toJson(RunResult, List)}). */
    public static String toText(RunResult r, List<SweepTarget> settingGroups) {
        try {
            return MAPPER.writeValueAsString(toJson(r, settingGroups));
        } catch (IOException e) {
            throw new IllegalStateException("could not serialize the result", e);
        }
    }
}
