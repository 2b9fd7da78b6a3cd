package io.kbench.features.cku;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.model.Measurement;
import io.kbench.model.Diagnosis;
import io.kbench.model.RunStatus;
import io.kbench.stats.Counts;
import io.kbench.stats.LatencyHistograms;
import io.kbench.stats.LatencySummary;
import io.kbench.workload.Workload;
import io.kbench.workload.Workloads;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CkuVerdictTest {

    private static final Diagnosis CLIENT_BOUND = new Diagnosis(Diagnosis.Verdict.CLIENT_BOUND, List.of("cpu"));


    static Measurement measured(double publishMBps, double consumeMBps) {
        LatencySummary e = LatencySummary.EMPTY;
        return new Measurement(0, 60_000_000, Counts.ZERO, 0, publishMBps, 0, -1, 0, false, 0, 0, consumeMBps,
                e, e, e, e, LatencyHistograms.empty(), List.of(), List.of());
    }

    private static final Workload PAPER = CkuPlanTest.paper(2, "");

    @Test
    void passesAtNinetyFivePercentInBothDirections() {
        CkuVerdict v = CkuVerdict.of(PAPER, measured(95.0, 285.0), RunStatus.COMPLETED, Diagnosis.NONE);
        assertTrue(v.pass());
        assertEquals(100, v.ingress().expectedMBps(), 1e-9);
        assertEquals(0.95, v.ingress().ratio(), 1e-9);
        assertEquals(300, v.egress().expectedMBps(), 1e-9, "100 MB/s × 3 subscriptions");
        List<String> lines = v.lines();
        assertEquals("CKU check: PASS", lines.get(lines.size() - 1));
        assertTrue(lines.get(1).contains("ingress  measured 95.00 MB/s vs expected 100.00 MB/s"), lines.get(1));
        assertTrue(lines.get(1).endsWith("95.0% PASS"), lines.get(1));
        assertTrue(lines.get(2).contains("egress   measured 285.00 MB/s vs expected 300.00 MB/s"), lines.get(2));
    }

    @Test
    void failsWhenOneDirectionFallsShort() {
        CkuVerdict v = CkuVerdict.of(PAPER, measured(117, 280), RunStatus.COMPLETED, Diagnosis.NONE);
        assertFalse(v.pass());
        assertTrue(v.ingress().pass());
        assertFalse(v.egress().pass());
        assertEquals("CKU check: FAIL", v.lines().get(v.lines().size() - 1));
        assertTrue(v.lines().get(2).endsWith("93.3% FAIL"), v.lines().get(2));
    }

    @Test
    void egressIsCappedAtTheCkusEgress() {
        Workload fourGroups = Workloads.parse("""
                partitionsPerTopic: 40
                messageSize: 1024
                subscriptionsPerTopic: 4
                testDuration: 1m
                cku: 1
                """);
        CkuVerdict v = CkuVerdict.of(fourGroups, measured(50, 150), RunStatus.COMPLETED, Diagnosis.NONE);
        assertEquals(150, v.egress().expectedMBps(), 1e-9);
        assertTrue(v.pass());
    }

    @Test
    void produceOnlyHasNoEgressCheck() {
        Workload w = Workloads.parse("""
                partitionsPerTopic: 20
                messageSize: 1024
                subscriptionsPerTopic: 0
                testDuration: 1m
                cku: 1
                """);
        CkuVerdict v = CkuVerdict.of(w, measured(49, 0), RunStatus.COMPLETED, Diagnosis.NONE);
        assertNull(v.egress());
        assertTrue(v.pass());
        assertNull(json(v).get("egress"));
    }

    @Test
    void anIncompleteOrUnmeasuredRunFails() {
        CkuVerdict interrupted = CkuVerdict.of(PAPER, measured(100, 300), RunStatus.INTERRUPTED, Diagnosis.NONE);
        assertFalse(interrupted.pass());
        assertTrue(interrupted.notes().contains("the run did not complete (interrupted): its figures are partial"), interrupted.notes().toString());
        CkuVerdict nothing = CkuVerdict.of(PAPER, null, RunStatus.FAILED, Diagnosis.NONE);
        assertFalse(nothing.pass());
        assertNull(nothing.ingress());
        assertTrue(nothing.notes().contains("nothing was measured"));
    }

    @Test
    void notesQualifyAFail() {
        Workload slow = Workloads.parse("""
                topics: 4
                partitionsPerTopic: 1000
                messageSize: 1024
                producerRate: 1000
                subscriptionsPerTopic: 0
                testDuration: 1m
                cku: 1
                """);
        CkuVerdict v = CkuVerdict.of(slow, measured(0.98, 0), RunStatus.COMPLETED, CLIENT_BOUND);
        assertFalse(v.pass());
        String notes = String.join("\n", v.notes());
        assertTrue(notes.contains("requested only 0.98 MB/s"), notes);
        assertTrue(notes.contains("client-bound"), notes);
        assertTrue(notes.contains("breaks 1 CKU limit(s)"), notes);
        assertEquals(1, v.limitWarnings().size());
    }

    @Test
    void theNoteNamesWhatLoweredTheRate() {
        Workload ckuRate = Workloads.parse("""
                partitionsPerTopic: 20
                messageSize: 1024
                subscriptionsPerTopic: 0
                testDuration: 1m
                cku: 2
                """);
        // Before, with --scale 0.02 and no producerRate: "remove producerRate to produce at the CKUs' ingress".
        String scaled = String.join("\n", CkuVerdict.of(ckuRate.scaled(0.02), measured(2, 0), RunStatus.COMPLETED,
                Diagnosis.NONE).notes());
        assertTrue(scaled.contains("the workload requested only 2.00 MB/s of the CKUs' 100 MB/s: --scale 0.02 lowered the "
                + "rate (100.00 MB/s unscaled): run without --scale"), scaled);
        assertFalse(scaled.contains("producerRate"), scaled);

        Workload slow = Workloads.parse("""
                partitionsPerTopic: 20
                messageSize: 1024
                producerRate: 10240
                subscriptionsPerTopic: 0
                testDuration: 1m
                cku: 2
                """);
        String rate = String.join("\n", CkuVerdict.of(slow, measured(10, 0), RunStatus.COMPLETED, Diagnosis.NONE).notes());
        assertTrue(rate.contains("requested only 10.00 MB/s of the CKUs' 100 MB/s: its producerRate (or --rate) set that"), rate);
        String both = String.join("\n", CkuVerdict.of(slow.scaled(0.5), measured(5, 0), RunStatus.COMPLETED,
                Diagnosis.NONE).notes());
        assertTrue(both.contains("its producerRate (or --rate) asks for 10.00 MB/s and --scale 0.5 lowered that further"), both);
    }

    @Test
    void jsonHoldsTheVerdictAndBothFigures() {
        Map<String, Object> json = json(CkuVerdict.of(PAPER, measured(100, 200), RunStatus.COMPLETED, Diagnosis.NONE));
        assertEquals(2, json.get("cku"));
        assertEquals("FAIL", json.get("verdict"));
        assertEquals(0.95, json.get("passRatio"));
        @SuppressWarnings("unchecked")
        Map<String, Object> egress = (Map<String, Object>) json.get("egress");
        assertEquals(300.0, egress.get("expectedMBps"));
        assertEquals(200.0, egress.get("measuredMBps"));
        assertEquals(false, egress.get("pass"));
    }

    /** The verdict as the result's {@code ckuCheck} holds it. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(CkuVerdict v) {
        return new com.fasterxml.jackson.databind.ObjectMapper().convertValue(v, Map.class);
    }
}
