package io.kbench.result;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.driver.SweepTarget;
import io.kbench.features.RunView;
import io.kbench.model.Delivery;
import io.kbench.model.Diagnosis;
import io.kbench.model.PeriodSummary;
import io.kbench.model.RunStatus;
import io.kbench.workload.Workload;
import io.kbench.model.ConsumerMetrics;
import io.kbench.model.Measurement;
import io.kbench.model.ResultSection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one run produced: the document of its result file. A core that every run has (who ran
 * what, how it ended, its timeline, the measurement and the consumers' figures) and the optional
 * sections of the features it used ({@link ResultSections}). OMB's and the Redpanda fork's fields are
 * written too, derived from the core ({@link OmbResult}). The JSON is flat: each part's fields sit at
 * the top of the document, where results had them before they had parts.
 *
 * @param schemaVersion the version of the result's schema: {@link #SCHEMA_VERSION} for results written
 *     now, 1 for results written before the field existed; docs/result-schema.md says what bumps it
 * @param identity what ran, and where
 * @param outcome how it ended, and why
 * @param sections what the run's features added
 * @param timeline when it ran, and its periods
 * @param measurement the measured window, or null if the run failed before it
 * @param consumer the consumers' figures in kafka-consumer-perf-test's terms, or null without consumers
 */
@JsonPropertyOrder({"schemaVersion", "omb", "identity", "outcome", "sections", "timeline", "units", "measurement",
        "consumerMetrics"})
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunResult(
        int schemaVersion,
        @JsonUnwrapped RunIdentity identity,
        @JsonUnwrapped RunOutcome outcome,
        @JsonUnwrapped ResultSections sections,
        @JsonUnwrapped RunTimeline timeline,
        Measurement measurement,
        @JsonProperty("consumerMetrics") ConsumerMetrics consumer) implements RunView {

    /**
     * The schema version written now. 2: {@code schemaVersion} itself is new; every other field is as in
     * version 1. Bumped when a field is removed, renamed, moved or changes its type, unit or meaning; not
     * when a field or a section is added (readers skip what they do not know).
     */
    public static final int SCHEMA_VERSION = 2;

    public RunResult {
        schemaVersion = schemaVersion == 0 ? 1 : schemaVersion; // absent: written before the field existed
        sections = sections == null ? ResultSections.NONE : sections;
    }

    /** A result of the current schema version. */
    public RunResult(RunIdentity identity, RunOutcome outcome, ResultSections sections, RunTimeline timeline,
                     Measurement measurement, ConsumerMetrics consumer) {
        this(SCHEMA_VERSION, identity, outcome, sections, timeline, measurement, consumer);
    }

    /** The section of this type, or null when the run has none. */
    @Override
    public <T extends ResultSection> T section(Class<T> type) {
        return sections.get(type);
    }

    @Override
    public JsonNode sectionJson(String key) {
        return sections.json(key);
    }

    @Override
    public Workload workload() {
        return identity.workload();
    }

    @Override
    public RunStatus status() {
        return outcome.status();
    }

    @Override
    public Diagnosis diagnosis() {
        return outcome.diagnosis();
    }

    @Override
    public Delivery delivery() {
        return outcome.delivery();
    }

    @Override
    public List<PeriodSummary> periods() {
        return timeline.periods();
    }

    /** OMB's and the Redpanda fork's fields, derived from the core (never read back: the core holds them). */
    @JsonUnwrapped
    @JsonProperty(value = "omb", access = JsonProperty.Access.READ_ONLY)
    @JsonIgnoreProperties({"endTime", "sampleRateMillis"}) // the timeline's own
    public OmbResult omb() {
        return OmbResult.of(this);
    }

    /** The units of the document's figures, in words, for whoever opens the file. */
    @JsonProperty(value = "units", access = JsonProperty.Access.READ_ONLY)
    public Map<String, String> units() {
        Map<String, String> units = new LinkedHashMap<>(UNITS);
        if (measurement != null && measurement.transactions() != null) {
            units.put("transactions", "commitLatency is from asking the client to commit to its answer; end-to-end latency of "
                    + "read_committed consumers includes the wait for the commit");
        }
        return units;
    }

    private static final Map<String, String> UNITS = unitTexts();

    private static Map<String, String> unitTexts() {
        Map<String, String> units = new LinkedHashMap<>();
        units.put("latency", "fields ending in Micros are microseconds; OMB's publishLatency*/endToEndLatency* are milliseconds, "
                + "publishDelayLatency* microseconds");
        units.put("throughput", "rates are per second; MB = 1,048,576 bytes, as in Kafka's perf tools");
        units.put("publishLatency", "ack time minus intended send time (includes schedule delay); sendLatency is ack minus actual "
                + "send, as kafka-producer-perf-test");
        units.put("scheduleLatency", "the Redpanda fork's name for schedule delay (actual minus intended send), in milliseconds; "
                + "publishDelayLatency* is the same figure in microseconds, as OMB writes it");
        units.put("catchUp", "a backlog run's drain alone: from resuming the consumers to the backlog at the drain level; the "
                + "measurement covers the build, the drain and the test duration after it, as OMB's");
        units.put("sent", "sent and consumed are message counts per measured period of sampleRateMillis");
        return Collections.unmodifiableMap(units);
    }

    /** The same result, its driver's setting groups recorded (what a sweep can set), as the run's driver session knows them. */
    public RunResult withSettingGroups(List<SweepTarget> settingGroups) {
        DriverInfo d = identity.driverInfo();
        RunIdentity i = identity;
        return new RunResult(schemaVersion, new RunIdentity(i.runId(), i.workloadFile(), i.workload(),
                new DriverInfo(d.name(), d.file(), d.config(), settingGroups), i.cluster(), i.versions(), i.workerIds(), i.topics()),
                outcome, sections, timeline, measurement, consumer);
    }
}
