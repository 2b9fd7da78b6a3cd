package io.kbench.features.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The timeline's summary lines: spikes with what coincided, the pauses, retention, and drift only as a coincidence. */
class TimelineTextTest {

    private static final long LOAD_START = 1_000_000_000L;

    private static GcPause pause(long atSeconds, long ms) {
        return new GcPause(LOAD_START + atSeconds * 1_000_000, ms * 1_000, "local", "G1 Young Generation", "G1 Evacuation Pause");
    }

    private static Timeline timeline(List<Spike> spikes, List<RetentionEvent> events) {
        GcPauses gc = new GcPauses(312, 1_204_000, List.of(pause(210, 210), pause(134, 180), pause(20, 3)));
        long removed = events.stream().mapToLong(RetentionEvent::messagesRemoved).sum();
        Retention r = new Retention(true, null, 2_000, 300, 0, removed, 4, events.size(), events);
        return new Timeline(LOAD_START, gc, r, Brokers.notSeen(TimelineRun.NOT_STARTED), 3.0, 5_000, 20_000, spikes.size(), spikes);
    }

    @Test
    void spikesNameWhatCoincidedAndCountTheRest() {
        RetentionEvent ret = new RetentionEvent(190_000_000, "t", List.of(0, 1, 2, 3), 120_000);
        List<Spike> spikes = List.of(new Spike("publish p99.9", 135_000_000, 412_000, 21_000, List.of(pause(134, 180)), List.of(), List.of(), List.of()),
                new Spike("end-to-end p99.9", 190_000_000, 390_000, 24_000, List.of(), List.of(ret), List.of(), List.of()),
                new Spike("publish p99.9", 420_000_000, 95_000, 21_000, List.of(), List.of(), List.of(), List.of()),
                new Spike("end-to-end p99.9", 420_000_000, 99_000, 24_000, List.of(), List.of(), List.of(), List.of()));
        Timeline t = timeline(spikes, List.of(ret));
        assertEquals(4, t.spikeCount());
        assertEquals("Spikes: publish p99.9 at 2:15 (412 ms, median 21 ms) coincides with a client GC pause of 180 ms; end-to-end p99.9 "
                + "at 3:10 (390 ms, median 24 ms) coincides with retention removing 120,000 messages from 4 partitions; 2 spikes "
                + "unexplained (publish and end-to-end p99.9 at 7:00 (95 ms and 99 ms, medians 21 ms and 24 ms))", TimelineText.spikes(t));
        assertEquals("Client GC: 312 pauses, 1,204 ms in all, longest 210 ms (G1 Young Generation, 3:30); 2 of 20 ms or more",
                TimelineText.gc(t));
        assertEquals("Retention removed 120,000 messages from 4 partitions during the run (first at 3:10, 1 event)",
                TimelineText.retention(t));
    }

    @Test
    void anEventOfManyPartitionsListsTwentyAndTheSpikeSaysAtLeastHowMany() {
        RetentionEvent many = new RetentionEvent(190_000_000, "t", java.util.stream.IntStream.range(0, 10_000).boxed().toList(), 50_000);
        assertEquals(10_000, many.partitionCount());
        assertEquals(RetentionEvent.LISTED_PARTITIONS, many.partitions().size());
        RetentionEvent other = new RetentionEvent(192_000_000, "u", List.of(0, 1), 10);
        Spike spike = new Spike("publish p99.9", 190_000_000, 412_000, 21_000, List.of(), List.of(many, other), List.of(), List.of());
        assertEquals("Spikes: publish p99.9 at 3:10 (412 ms, median 21 ms) coincides with retention removing 50,010 messages from at "
                + "least 10,000 partitions", TimelineText.spikes(timeline(List.of(spike), List.of(many, other))));
        assertEquals(new RetentionEvent(1, "t", List.of(3), 1, 5), new RetentionEvent(1, "t", List.of(3), 0, 5),
                "a result written before the count reads its list's length");
    }

    @Test
    void aDriftedFigureBesideEventsIsACoincidenceNotACause() throws Exception {
        ObjectMapper json = new ObjectMapper();
        var drifted = json.readTree("{\"figures\":[{\"figure\":\"publish-p99\",\"verdict\":\"rising\"},"
                + "{\"figure\":\"throughput\",\"verdict\":\"flat\"}]}");
        var flat = json.readTree("{\"figures\":[{\"figure\":\"publish-p99\",\"verdict\":\"flat\"}]}");
        Timeline t = timeline(List.of(), List.of(new RetentionEvent(1, "t", List.of(0), 10)));
        assertEquals("Drift and timeline: publish-p99 rising while retention removed messages and the clients had GC pauses of 20 ms or "
                + "more; they may be related (not shown to be)", TimelineText.drift(t, drifted));
        assertNull(TimelineText.drift(t, flat));
        assertNull(TimelineText.drift(t, null));
        assertEquals("Spikes: none (no measured period's publish or end-to-end p99.9 above 3x its median and by 5.0 ms)",
                TimelineText.spikes(t));
    }

    @Test
    void pollsTheClusterDidNotAnswerAreSaidBesideNoneRemoved() {
        // As after a broker was killed mid-run: 20 answered polls saw nothing, 1 went unanswered.
        GcPauses gc = new GcPauses(0, 0, List.of());
        Timeline t = new Timeline(LOAD_START, gc, new Retention(true, null, 2_000, 20, 1, 0, 0, 0, List.of()), null, 3.0, 5_000, 20_000, 0,
                List.of());
        assertEquals("Retention removed no messages from the run's partitions (start offsets polled every 2 s, 20 polls; 1 poll "
                + "unanswered, when nothing was seen)", TimelineText.retention(t));
    }
}
