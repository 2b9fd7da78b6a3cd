package io.kbench.features.consumerevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.PeriodSummary;
import io.kbench.model.Phase;
import io.kbench.result.ResultJson;
import io.kbench.stats.LatencySummary;
import io.kbench.time.Attempt;
import io.kbench.workload.ConsumerEventSpec.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The sealed {@link ConsumerEvents.Impact}s are written exactly as the flat record of 22 fields wrote them: the expected
 * files were written by that record (before the types changed) from the same events, and read back they write the same
 * bytes again.
 */
class ImpactJsonTest {

    private static final long LOAD_START_EPOCH = 1_700_000_000_000_000L;

    private static PeriodSummary period(long endSeconds, double consumeRate, long p99Micros) {
        LatencySummary e2e = new LatencySummary(100, p99Micros / 2.0, p99Micros / 2, p99Micros / 2, p99Micros, p99Micros, p99Micros,
                p99Micros, p99Micros, p99Micros);
        return new PeriodSummary(Phase.MEASURE, endSeconds * 1_000_000, 1_000_000, 100, 0.01, 0, consumeRate, 0.01, 0, 0,
                LatencySummary.EMPTY, LatencySummary.EMPTY, LatencySummary.EMPTY, e2e, 0.1, false, 100, 0);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ImpactJsonTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A crash that stalls two of four partitions; a restart of worker 1; a restart that failed; a join never tried. */
    private static List<EventRecord> records() {
        String at = Instant.ofEpochMilli((LOAD_START_EPOCH + 10_000_000) / 1_000).toString();
        String at2 = Instant.ofEpochMilli((LOAD_START_EPOCH + 17_000_000) / 1_000).toString();
        return List.of(
                new EventRecord.Tried(new EventAction.Consumers(Kind.CONSUMER_CRASH, 1), 0, 5_000, new Attempt(5_000, 10_000_000, at),
                        "1 crashed", true, OptionalLong.of(6_100)),
                new EventRecord.Tried(new EventAction.WorkerRestart(OptionalInt.of(1)), 0, 7_000, new Attempt(12_000, 17_000_000, at2),
                        "restarted", true, OptionalLong.empty()),
                new EventRecord.Tried(new EventAction.WorkerRestart(OptionalInt.empty()), 0, 8_000, new Attempt(13_000, 18_000_000, at2),
                        "failed: no", false, OptionalLong.empty()),
                new EventRecord.NotTried(new EventAction.Consumers(Kind.CONSUMER_JOIN, 2), 0, 9_000,
                        "not applied: the measurement ended first"));
    }

    private static List<PeriodSummary> periods() {
        List<PeriodSummary> periods = new ArrayList<>();
        for (long s = 1; s <= 20; s++) {
            boolean stalled = s > 10 && s <= 16;
            periods.add(period(s, stalled ? 50 : 100, stalled ? (s - 10) * 1_000_000 : 20_000));
        }
        return periods;
    }

    private static PartitionActivity activity() {
        PartitionActivity a = new PartitionActivity("g");
        for (long ms = 0; ms <= 20_000; ms += 10) {
            for (int p = 0; p < 4; p++) {
                if (p < 2 || ms <= 10_000 || ms >= 16_000) {
                    a.onConsumed(p, LOAD_START_EPOCH + ms * 1_000);
                }
            }
        }
        return a;
    }

    @Test
    void theResultIsWrittenByteForByteAsBeforeAndReadsBackToTheSameBytes() throws Exception {
        List<EventRecord> records = records();
        List<ConsumerEvents> sections = List.of(
                ConsumerEvents.analyse(records, periods(), List.of(activity().track()), List.of("g", "g", "g", "g"), 20_000_000),
                ConsumerEvents.analyse(records.subList(0, 2), periods(), List.of(), List.of("g", "g"), 20_000_000),
                ConsumerEvents.analyse(records.subList(0, 1), List.of(), List.of(activity().track()), List.of("g"), 20_000_000));
        List<String> files = List.of("written-before-events-tracks.json", "written-before-events-notracks.json",
                "written-before-events-noperiods.json");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < sections.size(); i++) {
            String expected = resource(files.get(i));
            assertEquals(expected, ResultJson.MAPPER.writeValueAsString(sections.get(i)), files.get(i));
            ConsumerEvents read = ResultJson.MAPPER.readValue(expected, ConsumerEvents.class);
            assertEquals(sections.get(i), read, "read back to the same impacts: " + files.get(i));
            assertEquals(expected, ResultJson.MAPPER.writeValueAsString(read), files.get(i));
            lines.addAll(read.lines());
        }
        assertEquals(resource("written-before-events-lines.txt"), String.join("\n", lines) + "\n", "the final lines as before");
    }

    @Test
    void eachShapeOfImpactHasOnlyItsOwnParts() {
        List<ConsumerEvents.Impact> impacts = ConsumerEvents.analyse(records(), periods(), List.of(activity().track()),
                List.of("g", "g", "g", "g"), 20_000_000).events();
        ConsumerEvents.Impact.Applied crash = assertInstanceOf(ConsumerEvents.Impact.Applied.class, impacts.get(0));
        assertEquals(new EventAction.Consumers(Kind.CONSUMER_CRASH, 1), crash.action());
        assertEquals(OptionalLong.of(6_100), crash.cost().timeToStableMillis());
        assertTrue(crash.cost().gaps().isPresent());
        ConsumerEvents.Impact.Applied restart = assertInstanceOf(ConsumerEvents.Impact.Applied.class, impacts.get(1));
        assertEquals(OptionalLong.empty(), restart.cost().timeToStableMillis(), "not stable before the end");
        ConsumerEvents.Impact.NotApplied failed = assertInstanceOf(ConsumerEvents.Impact.NotApplied.class, impacts.get(2));
        assertEquals(13_000, failed.attempt().orElseThrow().afterMillis(), "tried, and failed: when is kept");
        ConsumerEvents.Impact.NotApplied never = assertInstanceOf(ConsumerEvents.Impact.NotApplied.class, impacts.get(3));
        assertTrue(never.attempt().isEmpty());
        assertEquals(new ConsumerEvents.Cost(OptionalLong.empty(), java.util.Optional.empty(), 0, 5, 0, 0, 0)
                .duringToBeforeRatio().isPresent(), false, "no ratio when nothing was consumed before");
    }

    @Test
    void everyKindIsWrittenByItsLabelAndReadBack() throws Exception {
        for (Kind k : Kind.values()) {
            EventAction action = k == Kind.WORKER_RESTART ? new EventAction.WorkerRestart(OptionalInt.empty())
                    : new EventAction.Consumers(k, 3);
            ConsumerEvents events = new ConsumerEvents(List.of(new ConsumerEvents.Impact.NotApplied(action, "g", 1_000,
                    java.util.Optional.empty(), "not applied")));
            String json = ResultJson.MAPPER.writeValueAsString(events);
            assertEquals(k.label(), ResultJson.MAPPER.readTree(json).get(0).get("type").asText());
            assertEquals(events, ResultJson.MAPPER.readValue(json, ConsumerEvents.class));
        }
    }

    @Test
    void anEventOfAKindThisVersionDoesNotKnowIsKeptAsWrittenAndWrittenBack() throws Exception {
        String expected = resource("written-before-events-notracks.json").replace("\"consumer-crash\"", "\"consumer-pause\"");
        ConsumerEvents read = ResultJson.MAPPER.readValue(expected, ConsumerEvents.class);
        assertEquals(new EventAction.Unrecognised("consumer-pause", OptionalInt.of(1), OptionalInt.empty()), read.events().get(0).action());
        assertEquals(expected, ResultJson.MAPPER.writeValueAsString(read));
        assertTrue(read.lines().get(0).startsWith("Consumer event consumer-pause of 1 on g at 5.0 s: stable after 6,100 ms"),
                read.lines().get(0));
    }

    @Test
    void aWorkerRestartCountsNoConsumersAndTheConsumerKindsRestartNoWorker() {
        assertThrows(IllegalArgumentException.class, () -> new EventAction.Consumers(Kind.WORKER_RESTART, 1));
        assertEquals("worker-restart", new EventAction.WorkerRestart(OptionalInt.of(2)).label());
        assertEquals("consumer-leave of 2", new EventAction.Consumers(Kind.CONSUMER_LEAVE, 2).label());
    }
}
