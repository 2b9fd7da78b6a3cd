package io.kbench.features.cku;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kbench.workload.Workload;
import io.kbench.workload.Workloads;
import java.util.List;
import org.junit.jupiter.api.Test;

class CkuPlanTest {

    /** The white paper's 2-CKU benchmark: 108 partitions, 512-byte records, 4 producers, 3 groups of 4 consumers. */
    static Workload paper(int cku, String extra) {
        return Workloads.parse("""
                name: cku
                topics: 1
                partitionsPerTopic: 108
                messageSize: 512
                producersPerTopic: 4
                subscriptionsPerTopic: 3
                consumerPerSubscription: 4
                testDuration: 15m
                cku: %d
                """.formatted(cku) + extra);
    }

    private static String joined(List<String> lines) {
        return String.join("\n", lines);
    }

    @Test
    void printsPerCkuAndTotalExpectationsAndLimits() {
        String text = joined(CkuPlan.expectations(paper(2, "")));
        assertTrue(text.contains("CKU check: 2 CKUs"), text);
        assertTrue(text.contains("bandwidth per CKU: 50 MB/s in, 150 MB/s out; in total: 100 MB/s in, 300 MB/s out"), text);
        assertTrue(text.contains("limits per CKU: 3,000 partitions, 1,000 client connections; in total: 6,000 partitions, "
                + "2,000 connections"), text);
        assertTrue(text.contains("limits per partition, whatever the CKU count: 5 MB/s produce, 15 MB/s consume"), text);
        assertTrue(text.contains("108 partitions, at least 16 connections (4 producers + 12 consumers)"), text);
        // The rate comes from the CKUs: 100 MB/s over 108 partitions, read by 3 groups.
        assertTrue(text.contains("100.00 MB/s in requested = 0.93 MB/s per partition"), text);
        assertTrue(text.contains("3 subscriptions: 2.78 MB/s consumed per partition"), text);
        assertTrue(text.contains("PASS when publish reaches 95% of 100 MB/s and consume reaches 95% of 300 MB/s"), text);
    }

    @Test
    void thePapersWorkloadBreaksNoLimit() {
        assertEquals(List.of(), CkuPlan.warnings(paper(2, "")));
        assertEquals(List.of(), CkuPlan.warnings(paper(1, "")));
    }

    @Test
    void warnsAboutTooManyPartitions() {
        Workload w = Workloads.parse("""
                topics: 4
                partitionsPerTopic: 1000
                messageSize: 1024
                producerRate: -1
                testDuration: 1s
                cku: 1
                """);
        List<String> warnings = CkuPlan.warnings(w);
        assertEquals(1, warnings.size(), warnings.toString());
        String warning = warnings.get(0);
        assertTrue(warning.startsWith("CKU limit: the workload has 4,000 partitions"), warning);
        assertTrue(warning.contains("over the 3,000 allowed for 1 CKU"), warning);
        assertTrue(warning.contains("use at most 3,000 partitions, or 2 CKUs"), warning);
        assertTrue(CkuPlan.warnings(w.withCku(2)).isEmpty(), "6,000 partitions allowed at 2 CKUs");
    }

    @Test
    void warnsAboutTooManyConnections() {
        Workload w = Workloads.parse("""
                topics: 100
                partitionsPerTopic: 10
                messageSize: 1024
                producersPerTopic: 6
                subscriptionsPerTopic: 1
                consumerPerSubscription: 6
                producerRate: 10000
                testDuration: 1m
                cku: 1
                """);
        assertEquals(1_200, CkuPlan.minConnections(w));
        List<String> warnings = CkuPlan.warnings(w).stream().filter(s -> s.contains("connections")).toList();
        assertEquals(1, warnings.size(), CkuPlan.warnings(w).toString());
        assertTrue(warnings.get(0).contains("at least 1,200 client connections (600 producers + 600 consumers"), warnings.get(0));
        assertTrue(warnings.get(0).contains("over the 1,000 allowed for 1 CKU"), warnings.get(0));
        assertTrue(warnings.get(0).contains("or at least 2 CKUs"), warnings.get(0));
    }

    @Test
    void warnsAboutProduceBandwidthPerPartition() {
        // 50 MB/s from the CKU over 4 partitions = 12.5 MB/s each, over 5 MB/s.
        Workload w = Workloads.parse("""
                partitionsPerTopic: 4
                messageSize: 1024
                subscriptionsPerTopic: 0
                testDuration: 1m
                cku: 1
                """);
        List<String> warnings = CkuPlan.warnings(w);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("12.50 MB/s produced per partition (50.00 MB/s requested over 4 partitions)"),
                warnings.get(0));
        assertTrue(warnings.get(0).contains("use at least 10 partitions, or a lower producerRate"), warnings.get(0));
    }

    @Test
    void warnsAboutConsumeBandwidthPerPartition() {
        // 50 MB/s over 12 partitions = 4.17 MB/s each; 4 groups read 16.67 MB/s from each, over 15 MB/s.
        Workload w = Workloads.parse("""
                partitionsPerTopic: 12
                messageSize: 1024
                subscriptionsPerTopic: 4
                testDuration: 1m
                cku: 1
                """);
        List<String> warnings = CkuPlan.warnings(w);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("16.67 MB/s consumed per partition (4.17 MB/s × 4 subscriptions)"), warnings.get(0));
        assertTrue(warnings.get(0).contains("use at least 14 partitions, or fewer subscriptionsPerTopic"), warnings.get(0));
        assertEquals(150, CkuPlan.expectedEgressMBps(w), 1e-9, "4 × 50 MB/s, capped at 150 MB/s per CKU");
        assertFalse(CkuPlan.warnings(Workloads.parse("""
                partitionsPerTopic: 12
                messageSize: 1024
                subscriptionsPerTopic: 3
                testDuration: 1m
                cku: 1
                """)).stream().anyMatch(s -> s.contains("consumed per partition")), "3 × 4.17 = 12.5 MB/s is within");
    }

    @Test
    void unthrottledIsJudgedAtTheCkusIngress() {
        Workload w = Workloads.parse("""
                partitionsPerTopic: 5
                messageSize: 1024
                subscriptionsPerTopic: 0
                producerRate: -1
                testDuration: 1m
                cku: 2
                """);
        assertTrue(Double.isNaN(CkuPlan.requestedIngressMBps(w)));
        List<String> warnings = CkuPlan.warnings(w);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("20.00 MB/s produced per partition (unthrottled, judged at the CKUs' 100 MB/s"),
                warnings.get(0));
        assertTrue(joined(CkuPlan.expectations(w)).contains("unthrottled: at the CKUs' 100 MB/s in that is 20.00 MB/s per partition"));
    }

    @Test
    void aRateBelowTheCkusIngressCannotPass() {
        Workload w = Workloads.parse("""
                partitionsPerTopic: 20
                messageSize: 1024
                producerRate: 1024
                testDuration: 1m
                cku: 1
                """);
        assertEquals(1.0, CkuPlan.requestedIngressMBps(w), 1e-12);
        List<String> warnings = CkuPlan.warnings(w);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("requests 1.00 MB/s, below the 50 MB/s of 1 CKU"), warnings.get(0));
        assertTrue(warnings.get(0).contains("remove producerRate"), warnings.get(0));
    }

    @Test
    void appliesOnlyWithACkuCount() {
        assertTrue(CkuPlan.applies(paper(1, "")));
        assertFalse(CkuPlan.applies(paper(1, "").withCku(null)));
    }
}
