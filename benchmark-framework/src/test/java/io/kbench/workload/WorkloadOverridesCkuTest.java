package io.kbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** --cku sets or replaces every workload's CKU count, before validation. */
class WorkloadOverridesCkuTest {

    private static final Workload NO_RATE = Workloads.parse("""
            name: no-rate
            messageSize: 1024
            testDuration: 1m
            """);

    @Test
    void ckuSetsTheCountAndARateFromIt() {
        assertNull(NO_RATE.effectiveProducerRate());
        assertEquals(1, WorkloadValidator.validate(NO_RATE).size(), "producerRate is required without a cku");
        Workload w = new WorkloadOverrides(null, null, null, 2).applyTo(NO_RATE);
        assertEquals(2, w.cku());
        assertEquals(100 * 1024, w.effectiveProducerRate(), 1e-9, "2 × 50 MB/s of 1 KiB messages");
        assertEquals(0, WorkloadValidator.validate(w).size(), WorkloadValidator.validate(w).toString());
    }

    @Test
    void ckuReplacesTheFilesAndKeepsAnExplicitRate() {
        Workload file = Workloads.parse("""
                messageSize: 1024
                producerRate: 500
                testDuration: 1m
                cku: 4
                """);
        Workload w = new WorkloadOverrides(null, null, null, 1).applyTo(file);
        assertEquals(1, w.cku());
        assertEquals(500, w.effectiveProducerRate(), 1e-9);
        assertSame(file, WorkloadOverrides.NONE.applyTo(file));
    }

    @Test
    void theCkusRateIsScaledLikeAnyOther() {
        Workload w = new WorkloadOverrides(null, null, 0.01, 1).applyTo(NO_RATE);
        assertEquals(512, w.effectiveProducerRate(), 1e-9, "1 % of 50 MB/s of 1 KiB messages");
    }
}
