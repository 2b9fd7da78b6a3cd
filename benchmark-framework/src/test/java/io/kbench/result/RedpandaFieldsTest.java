package io.kbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.stats.LatencySummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fields the Redpanda fork's scripts read, which OMB's result lacks. */
class RedpandaFieldsTest {

    @Test
    void resultCarriesTheRedpandaForksFields() {
        RunResult r = ResultWriterTest.result("w", "kafka", 1_700_000_000_000L);
        JsonNode j = ResultJson.tree(r);

        assertEquals("2023-11-14T22:13:20Z", j.get("beginTime").asText());
        assertEquals("2023-11-14T22:14:50Z", j.get("endTime").asText(), "the same value as our endTime");
        assertEquals("kafka 2023-11-14T22:13:20Z", j.get("version").asText(), "the driver and the start: no cluster known");
        assertEquals(10_000, j.get("sampleRateMillis").asLong(), "the run's sample interval");
        // Two measured periods: 1,000 and 2,000 messages sent and consumed.
        assertEquals(List.of(1_000L, 2_000L), longs(j.get("sent")));
        assertEquals(List.of(1_000L, 2_000L), longs(j.get("consumed")));
        assertEquals(List.of(1.0, 1.5), doubles(j.get("publishLatencyMin")), "milliseconds, per period");
        assertEquals(List.of(1.5, 2.0), doubles(j.get("endToEndLatencyMin")));
        for (String suffix : List.of("50pct", "75pct", "95pct", "99pct", "999pct")) {
            assertEquals(List.of(0.3, 0.3), doubles(j.get("scheduleLatency" + suffix)), "schedule delay in ms: " + suffix);
        }
        assertEquals(List.of(300.0, 300.0), doubles(j.get("publishDelayLatency50pct")), "OMB's own field stays in µs");
        assertTrue(j.get("units").get("scheduleLatency").asText().contains("milliseconds"));
    }


    @Test
    void versionTellsRunsApartOrIsTheUsersLabel() {
        // Before: "kafka-clients 4.3.1" for every run, so the fork's scripts gave two runs of a workload one label.
        RunResult first = ResultWriterTest.result("w", "kafka", 1_700_000_000_000L);
        RunResult second = ResultWriterTest.result("w", "kafka", 1_700_000_600_000L);
        assertNotEquals(ResultJson.tree(first).get("version").asText(), ResultJson.tree(second).get("version").asText());

        RunResult local = withClusterAndVersions(first, "local Kafka 4.3.1, 1 broker at 127.0.0.1:9092 (data in /tmp/x)",
                Map.of("client", "kafka-clients 4.3.1"));
        assertEquals("Kafka 4.3.1 2023-11-14T22:13:20Z", ResultJson.tree(local).get("version").asText());
        RunResult labelled = withClusterAndVersions(first, null, Map.of("client", "kafka-clients 4.3.1", "service", "tuned-acks1"));
        assertEquals("tuned-acks1", ResultJson.tree(labelled).get("version").asText());
    }

    private static RunResult withClusterAndVersions(RunResult r, String cluster, Map<String, String> versions) {
        RunIdentity i = r.identity();
        return new RunResult(new RunIdentity(i.runId(), i.workloadFile(), i.workload(), i.driverInfo(), cluster, versions, i.workerIds(),
                i.topics()), r.outcome(), r.sections(), r.timeline(), r.measurement(), r.consumer());
    }

    private static PeriodSummary period(long durationMicros) {
        LatencySummary none = LatencySummary.EMPTY;
        return new PeriodSummary(Phase.MEASURE, durationMicros, durationMicros, 0, 0, 0, 0, 0, 0, 0, none, none, none, none, 0, false, -1, 0);
    }

    private static List<Long> longs(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::asLong).toList();
    }

    private static List<Double> doubles(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::asDouble).toList();
    }
}
