package io.kbench.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kbench.features.integrity.ProducerAcks;
import io.kbench.features.integrity.SequenceSet;
import io.kbench.stats.Counts;
import io.kbench.stats.CumulativeStats;
import io.kbench.stats.LatencyHistograms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What workers send about transactions survives the trip to the coordinator. */
class WireJsonTest {

    @Test
    void transactionCountsCommitLatenciesAndAbortedSequencesTravel() throws Exception {
        LatencyHistograms l = LatencyHistograms.empty();
        l.commit().recordValueWithCount(4_000, 7);
        Counts c = new Counts(10, 10, 1_000, 0, 8, 800, 0, 7, 1, 2);
        CumulativeStats sent = new CumulativeStats("w", 1, 2, 3, 4, 5, 6, c, c, l, 0.5, 2, 0, List.of());
        CumulativeStats got = WireJson.MAPPER.readValue(WireJson.MAPPER.writeValueAsString(sent), CumulativeStats.class);
        assertEquals(c, got.counts());
        assertEquals(7, got.latencies().commit().getTotalCount());

        SequenceSet aborted = new SequenceSet();
        aborted.add(3);
        aborted.add(4);
        ProducerAcks acks = WireJson.MAPPER.readValue(WireJson.MAPPER.writeValueAsString(
                new ProducerAcks(9, "t", new SequenceSet(), aborted)), ProducerAcks.class);
        assertEquals(2, acks.aborted().size());
    }

    @Test
    void aWorkersCpuTimeTravels() throws Exception {
        Counts c = new Counts(10, 10, 1_000, 0, 8, 800, 0);
        CumulativeStats sent = new CumulativeStats("w", 1, 2, 3, 4, 5, 6, c, c, LatencyHistograms.empty(), 0.5, 2, 0, List.of(),
                123_456);
        CumulativeStats got = WireJson.MAPPER.readValue(WireJson.MAPPER.writeValueAsString(sent), CumulativeStats.class);
        assertEquals(123_456, got.processCpuMicros());
        assertEquals(-1, new CumulativeStats("w", 1, 2, 3, 4, 5, 6, c, c, LatencyHistograms.empty(), 0.5, 2, 0, List.of())
                .processCpuMicros(), "unknown without it");
    }

    @Test
    void withoutTransactionsTheirFieldsStayOffTheWire() throws Exception {
        String json = WireJson.MAPPER.writeValueAsString(new Counts(1, 1, 1, 0, 1, 1, 0));
        assertEquals(false, json.contains("transactions"), json);
        assertEquals(new Counts(1, 1, 1, 0, 1, 1, 0), WireJson.MAPPER.readValue(json, Counts.class));
    }
}
