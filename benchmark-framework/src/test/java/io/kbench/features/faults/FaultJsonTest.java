package io.kbench.features.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.driver.FaultType;
import io.kbench.result.ResultJson;
import io.kbench.time.Attempt;
import io.kbench.workload.Choice;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The sealed {@link FaultEvent}s are written exactly as the flat record wrote them (the expected file was written by
 * that record, before the types changed), and read back to the same events.
 */
class FaultJsonTest {

    private static String resource(String name) throws IOException {
        try (InputStream in = FaultJsonTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void triedAppliedTriedRefusedAndNeverTriedAreWrittenAsBefore() throws Exception {
        FaultTimeline faults = new FaultTimeline(List.of(
                new FaultEvent.Tried(new FaultEvent.Planned(FaultType.BROKER_KILL, OptionalInt.of(1), OptionalLong.empty(), 20_000),
                        new Attempt(20_001, 30_000_000, "2023-11-14T22:13:30Z"), "killed broker 1", true),
                new FaultEvent.Tried(new FaultEvent.Planned(FaultType.BROKER_PAUSE, OptionalInt.empty(), OptionalLong.of(2_000), 25_000),
                        new Attempt(25_002, 35_000_000, "2023-11-14T22:13:37Z"), "failed: nope", false),
                new FaultEvent.NotTried(new FaultEvent.Planned(FaultType.NETWORK_DELAY, OptionalInt.empty(), OptionalLong.of(3_000), 50_000),
                        "not applied: the measurement ended first")));
        String expected = resource("faults-written-before.json");
        assertEquals(expected, ResultJson.MAPPER.writeValueAsString(faults));
        FaultTimeline read = ResultJson.MAPPER.readValue(expected, FaultTimeline.class);
        assertEquals(faults, read);
        assertEquals(expected, ResultJson.MAPPER.writeValueAsString(read));
    }

    @Test
    void everyFaultTypeIsWrittenByItsLabelAndReadBack() throws Exception {
        for (FaultType t : FaultType.values()) {
            FaultTimeline one = new FaultTimeline(List.of(new FaultEvent.NotTried(
                    new FaultEvent.Planned(t, OptionalInt.empty(), OptionalLong.empty(), 1_000), "not applied")));
            String json = ResultJson.MAPPER.writeValueAsString(one);
            assertEquals(t.label(), ResultJson.MAPPER.readTree(json).get(0).get("type").asText());
            assertEquals(one, ResultJson.MAPPER.readValue(json, FaultTimeline.class));
        }
    }

    @Test
    void aFaultTypeThisVersionDoesNotKnowIsKeptAsWrittenAndWrittenBack() throws Exception {
        String json = "[{\"type\": \"kill\", \"broker\": 1, \"durationMillis\": null, \"plannedAfterMillis\": 1, "
                + "\"appliedAfterMillis\": null, \"appliedElapsedMicros\": null, \"appliedAt\": null, \"outcome\": \"x\", "
                + "\"applied\": false}]";
        FaultTimeline read = ResultJson.MAPPER.readValue(json, FaultTimeline.class);
        assertEquals(new Choice.Unknown<FaultType>("kill"), read.events().get(0).planned().type());
        assertEquals(ResultJson.MAPPER.readTree(json), ResultJson.MAPPER.readTree(ResultJson.MAPPER.writeValueAsString(read)));
    }
}
